/**
 * Workloads: the {@link org.hpcsim.workload.Job} model, trace readers (SWF, SST's .sim, four-column), the
 * synthetic generator, and the {@link org.hpcsim.workload.TraceFeeder} actor that streams jobs into
 * a simulation. Everything but the feeder is plain Java; it depends on the kernel only for time.
 */
package org.hpcsim.workload;
