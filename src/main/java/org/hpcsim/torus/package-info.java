/**
 * Gupta and Srimani's job scheduling on an m x m torus (1997): {@link org.hpcsim.torus.CnpAlloc},
 * the greedy non-preemptive placement of square power-of-two subtori under their link-contention
 * model, {@link org.hpcsim.torus.PreemptiveFeasibility}, their preemptive feasibility test for a
 * deadline on link-disjoint diagonal subtori with the search for the minimum finish time, and
 * {@link org.hpcsim.torus.LinkDisjointOptimal}, the optimal non-preemptive schedule on link-disjoint
 * subtori that the contention schedule is measured against. All three work on a list of jobs rather
 * than on the simulator's machine, so that the paper's worked examples can be reproduced exactly;
 * times are {@link org.hpcsim.torus.Rational}s for the same reason. Plain Java; depends on nothing
 * else in hpcsim.
 */
package org.hpcsim.torus;
