package org.example.policies;

import java.util.List;
import org.hpcsim.plugin.Policies;
import org.hpcsim.plugin.PolicyProvider;
import org.hpcsim.registry.Registry;

/**
 * The example plugin's provider: hpcsim finds it through
 * META-INF/services/org.hpcsim.plugin.PolicyProvider and calls register once per run.
 */
public final class ExamplePolicies implements PolicyProvider {

    @Override
    public void register(Policies policies) {
        policies.allocator("reverse", "the last free nodes along the curve (on row-major, the highest free node ids)",
                List.of(new Registry.Param("curve", "row-major", "node ordering curve (see curves)")),
                (args, context) -> new ReverseAllocator(context.machine(), context.curve(args.get(0))));
        policies.scheduler("greedy", "every queued job the allocator can place starts, in queue order; no"
                        + " reservations, so large jobs may starve",
                List.of(new Registry.Param("order", "fifo", "queue order (see queue orders)")),
                (args, lookup) -> new GreedyScheduler(lookup.order(args.get(0))));
    }
}
