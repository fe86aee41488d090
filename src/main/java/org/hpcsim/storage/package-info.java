/**
 * I/O nodes of a line machine (Bleuse et al.; Bampis et al.), as a model: which I/O node each job
 * needs and how much it reads and writes ({@link org.hpcsim.storage.IoAssignment}, from the
 * {@link org.hpcsim.storage.IoOptions}). Plain Java; depends on {@code workload} and {@code topology}.
 * The component that shares an I/O node's bandwidth among the jobs streaming through it is
 * {@code link.IoNode}.
 */
package org.hpcsim.storage;
