/**
 * The measuring engines behind {@code hpcsim bench}: timing whole {@code hpcsim run} and
 * {@code hpcsim sweep} processes ({@link org.hpcsim.bench.ChildRuns}, {@link org.hpcsim.bench.RunBench},
 * {@link org.hpcsim.bench.SweepBench}), comparing a run's outputs across thread counts
 * ({@link org.hpcsim.bench.ThreadCheck}, {@link org.hpcsim.bench.OutputComparison}), the large-machine
 * scenarios ({@link org.hpcsim.bench.BenchScenario}), the scaling sweep ({@link org.hpcsim.bench.ScalingBench})
 * and the in-process soak ({@link org.hpcsim.bench.SoakBench}). Tooling only: wall-clock and CPU time
 * are what it measures, never what a simulation decides. It takes plain values (run arguments,
 * configuration keys, counts) and knows nothing of the command line's parser: picocli stays in
 * {@code cli}, which depends on this package and nothing here on {@code cli}. Depends on {@code sim},
 * {@code config}, {@code registry}, {@code kernel}, {@code report}, {@code plot}, {@code soak} and
 * {@code workload}.
 */
package org.hpcsim.bench;
