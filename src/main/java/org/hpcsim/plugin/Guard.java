package org.hpcsim.plugin;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.allocation.AllocationRefusedException;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.scheduling.SchedulingContext;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.TraceHeader;
import org.hpcsim.workload.TraceReader;

/**
 * Wrappers of a plugin's policies that turn what they throw into a {@link PluginFailure} naming the
 * policy and the plugin ({@code label}), so that the kernel's error for the run says whose code failed.
 * Bad input ({@link InputException}) and an allocator's refusal ({@link AllocationRefusedException})
 * pass through: they are the plugin's answers, not its failures.
 */
final class Guard {
    private Guard() {
    }

    static RuntimeException failure(String label, Throwable t) {
        if (t instanceof VirtualMachineError e) {
            throw e;
        }
        if (t instanceof InputException || t instanceof AllocationRefusedException) {
            return (RuntimeException) t;
        }
        return new PluginFailure(label + " threw " + t, t);
    }

    /** An allocator whose proposals are also checked: distinct free node ids in ascending order, as many as asked. */
    static Allocator allocator(Allocator a, MachineState machine, String label) {
        return new Allocator() {
            @Override
            public int[] allocate(Job job, int nodes) {
                int[] proposed;
                try {
                    proposed = a.allocate(job, nodes);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
                if (proposed != null) {
                    check(proposed, nodes);
                }
                return proposed;
            }

            private void check(int[] proposed, int nodes) {
                boolean ok = proposed.length == nodes;
                for (int i = 0; ok && i < proposed.length; i++) {
                    int n = proposed[i];
                    ok = n >= 0 && n < machine.size() && machine.isFree(n) && (i == 0 || proposed[i - 1] < n);
                }
                if (!ok) {
                    throw new PluginFailure(label + " proposed " + java.util.Arrays.toString(proposed) + " for "
                            + nodes + " nodes: expected that many distinct free node ids in ascending order", null);
                }
            }

            @Override
            public void started(Job job, int[] nodes) {
                try {
                    a.started(job, nodes);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public void ended(Job job, int[] nodes) {
                try {
                    a.ended(job, nodes);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }
        };
    }

    static SchedulingPolicy scheduler(SchedulingPolicy p, String label) {
        return new SchedulingPolicy() {
            @Override
            public void enqueue(Job job) {
                try {
                    p.enqueue(job);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public void schedule(SchedulingContext context) {
                try {
                    p.schedule(context);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public int queueLength() {
                try {
                    return p.queueLength();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public List<Job> queued() {
                try {
                    return p.queued();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }
        };
    }

    static Comparator<Job> order(Comparator<Job> c, String label) {
        return (a, b) -> {
            try {
                return c.compare(a, b);
            } catch (RuntimeException | Error e) {
                throw failure(label, e);
            }
        };
    }

    static FailureModel failureModel(FailureModel m, String label) {
        return new FailureModel() {
            @Override
            public String label() {
                try {
                    return m.label();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public boolean stochastic() {
                try {
                    return m.stochastic();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public long timeToFailure(SplittableRandom random) {
                try {
                    return m.timeToFailure(random);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public long timeToRepair(SplittableRandom random) {
                try {
                    return m.timeToRepair(random);
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public boolean allowsScriptedFailures() {
                try {
                    return m.allowsScriptedFailures();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }
        };
    }

    static TraceReader reader(TraceReader r, String label) {
        return new TraceReader() {
            @Override
            public Job next() throws IOException {
                try {
                    return r.next();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public TraceHeader header() {
                try {
                    return r.header();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public long bytesRead() {
                try {
                    return r.bytesRead();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }

            @Override
            public void close() throws IOException {
                try {
                    r.close();
                } catch (RuntimeException | Error e) {
                    throw failure(label, e);
                }
            }
        };
    }
}
