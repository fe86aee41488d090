/**
 * I/O nodes of a line machine (Bleuse et al.; Bampis et al.): which I/O node each job needs and how much
 * it reads and writes ({@link IoAssignment}, plain Java), and the {@link IoNodeActor} that shares an I/O
 * node's bandwidth among the jobs streaming through it (a component). Depends on {@code workload},
 * {@code topology}, {@code kernel}, {@code protocol} and {@code link} (its shared channel).
 */
package org.hpcsim.storage;
