package org.hpcsim.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.network.LinkMap;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.testing.Jobs;
import org.hpcsim.topology.MeshTopology;
import org.junit.jupiter.api.Test;

class ReroutePlanTest {
    /** Nodes 0 1 2 over 3 4 5: a failed 0-1 leaves the detour 0-3-4-1; on the line 6-7 nothing does. */
    private final MeshTopology mesh = new MeshTopology(3, 2);
    private final LinkMap links = new LinkMap(mesh);
    private final NetworkPlanner network = planner(NetworkOptions.Model.LINKS);

    private NetworkPlanner planner(NetworkOptions.Model model) {
        NetworkOptions options = new NetworkOptions(model, 0.3, NetworkOptions.Tau.ONE, 0, "all-to-all", false, 1);
        return new NetworkPlanner(options, mesh, links, Path.of("."), 1, true);
    }

    private static RunningJob running(int index, int... nodes) {
        return new RunningJob(Jobs.job(index, 0, nodes.length, 3600, 3600), nodes, 0, 3600);
    }

    private NetworkPlanner.Plan start(NetworkPlanner planner, RunningJob r) {
        return planner.plan(r.job(), r.nodes(), new SplittableRandom(1));
    }

    private ReroutePlan fail(NetworkPlanner planner, int a, int b) {
        assertTrue(planner.failLink(planner.link(a, b)));
        return new ReroutePlan(planner, a, b, false);
    }

    private ReroutePlan repair(NetworkPlanner planner, int a, int b) {
        assertTrue(planner.repairLink(planner.link(a, b)));
        return new ReroutePlan(planner, a, b, true);
    }

    @Test
    void aJobCrossingTheFailedLinkIsReroutedAroundIt() {
        RunningJob r = running(0, 0, 1);
        NetworkPlanner.Plan old = start(network, r);
        ReroutePlan plan = fail(network, 0, 1);
        ReroutePlan.Decision d = plan.decide(r, old, "requeued");
        assertEquals(ReroutePlan.Outcome.REROUTED, d.outcome());
        assertFalse(d.plan().crosses(network.link(0, 1)));
        assertTrue(d.plan().crosses(network.link(0, 3)) && d.plan().crosses(network.link(4, 1)), "the detour");
        assertTrue(d.plan().detoured());
        assertNotNull(d.plan().flow(), "the lead gets the new flow");
        assertEquals(old.runTime(), d.plan().runTime(), "a reroute keeps the run time and limit");
        assertNull(d.failure());
        assertEquals("link down " + links.describe(network.link(0, 1)) + "; 1 running job rerouted", plan.effect());
    }

    @Test
    void aJobNotCrossingTheFailedLinkIsLeftAlone() {
        RunningJob r = running(0, 2, 5);
        NetworkPlanner.Plan old = start(network, r);
        ReroutePlan plan = fail(network, 0, 1);
        ReroutePlan.Decision d = plan.decide(r, old, "requeued");
        assertEquals(ReroutePlan.Outcome.UNAFFECTED, d.outcome());
        assertSame(old, d.plan());
        assertTrue(plan.effect().endsWith("; 0 running jobs rerouted"), plan.effect());
    }

    @Test
    void aJobWithoutANetworkPlanIsLeftAlone() {
        ReroutePlan plan = fail(network, 0, 1);
        ReroutePlan.Decision d = plan.decide(running(0, 0, 1), null, "failed");
        assertEquals(ReroutePlan.Outcome.UNAFFECTED, d.outcome());
        assertNull(d.plan());
    }

    @Test
    void aJobWhoseNodesCanNoLongerMeetHasNoRoute() {
        RunningJob r = running(7, 0, 1);
        NetworkPlanner.Plan old = start(network, r);
        assertTrue(network.failLink(network.link(0, 3)));
        ReroutePlan plan = fail(network, 0, 1);
        ReroutePlan.Decision d = plan.decide(r, old, "requeued");
        assertEquals(ReroutePlan.Outcome.NO_ROUTE, d.outcome());
        assertSame(old, d.plan(), "its plan stays until its attempt ends");
        assertEquals("link 0-1 failed: no route between nodes 0 and 1", d.failure());
        assertTrue(plan.effect().endsWith("; 0 running jobs rerouted; no route: job 8 requeued"), plan.effect());
    }

    @Test
    void aRepairLeavesAJobRoutedWhileNoLinkWasDownAlone() {
        RunningJob r = running(0, 0, 1);
        NetworkPlanner.Plan old = start(network, r);
        assertTrue(network.failLink(network.link(4, 5)));
        ReroutePlan plan = repair(network, 4, 5);
        assertEquals(ReroutePlan.Outcome.UNAFFECTED, plan.decide(r, old, "failed").outcome());
    }

    @Test
    void aRepairThatLeavesADetouredJobsRoutesAsTheyWereKeepsThemUnchanged() {
        assertTrue(network.failLink(network.link(4, 5)));
        RunningJob r = running(0, 0, 1);
        NetworkPlanner.Plan old = start(network, r);
        assertTrue(old.detoured(), "planned while a link was down");
        ReroutePlan plan = repair(network, 4, 5);
        ReroutePlan.Decision d = plan.decide(r, old, "failed");
        assertEquals(ReroutePlan.Outcome.UNCHANGED, d.outcome());
        assertArrayEquals(old.links(), d.plan().links());
        assertFalse(d.plan().detoured(), "no link is down any more: the next repair leaves it alone");
        assertEquals("link up; 0 running jobs rerouted", plan.effect());
    }

    @Test
    void aRepairBringsADetouredJobBackOntoTheLink() {
        assertTrue(network.failLink(network.link(0, 1)));
        RunningJob a = running(0, 0, 1);
        RunningJob b = running(1, 3, 4);
        NetworkPlanner.Plan planA = start(network, a);
        NetworkPlanner.Plan planB = start(network, b);
        ReroutePlan plan = repair(network, 0, 1);
        ReroutePlan.Decision d = plan.decide(a, planA, "failed");
        assertEquals(ReroutePlan.Outcome.REROUTED, d.outcome());
        assertArrayEquals(new int[] {network.link(0, 1)}, d.plan().links());
        assertEquals(ReroutePlan.Outcome.UNCHANGED, plan.decide(b, planB, "failed").outcome());
        assertEquals("link up; 1 running job rerouted", plan.effect());
    }

    @Test
    void underTheDistanceModelARouteChangeIsAReroute() {
        NetworkPlanner distance = planner(NetworkOptions.Model.DISTANCE);
        RunningJob r = running(0, 0, 1);
        NetworkPlanner.Plan old = start(distance, r);
        ReroutePlan.Decision d = fail(distance, 0, 1).decide(r, old, "failed");
        assertEquals(ReroutePlan.Outcome.REROUTED, d.outcome());
        assertNull(d.plan().flow(), "nothing to send a lead without a flow");
    }
}
