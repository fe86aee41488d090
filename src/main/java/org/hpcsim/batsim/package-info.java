/**
 * Batsim's formats as hpcsim reads and writes them: interval sets of resource ids, job names.
 * Depends on {@code workload} only.
 */
package org.hpcsim.batsim;
