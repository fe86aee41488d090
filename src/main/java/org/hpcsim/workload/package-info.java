/**
 * Workloads: the {@link org.hpcsim.workload.Job} model, trace readers (SWF, SST's .sim, four-column,
 * Batsim's JSON workloads), transforms and the synthetic generator. Plain Java; it depends on
 * time alone (and on jackson-core to stream JSON). The component that streams jobs into a
 * simulation is {@code feeder.TraceFeeder}.
 */
package org.hpcsim.workload;
