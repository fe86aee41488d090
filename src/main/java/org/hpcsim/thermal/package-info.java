/**
 * The machine room's power and heat: the room {@link org.hpcsim.thermal.RoomLayout}, the node
 * {@link org.hpcsim.thermal.PowerModel}, heat recirculation as a {@link org.hpcsim.thermal.HeatModel}
 * (T_in = T_sup + D P, Tang et al.'s model as used by Meng et al.), and the CRAC
 * {@link org.hpcsim.thermal.Cooling} model (CoP, supply-temperature adjustment, cooling power).
 * {@link org.hpcsim.thermal.HeatModels} makes heat models: D read from a file, D built from a
 * cross-interference matrix A ({@link org.hpcsim.thermal.DenseHeatModel} by LU up to 2,000 nodes,
 * {@link org.hpcsim.thermal.SeriesHeatModel} column by column above), or a synthetic A for any room
 * size. {@link org.hpcsim.thermal.InletTemperatures} keeps R = D P up to date one power change at a time
 * for the thermal actor. Plain Java with no Pekko imports; depends on the workload package (input
 * errors) and ojAlgo (linear algebra) only.
 */
package org.hpcsim.thermal;
