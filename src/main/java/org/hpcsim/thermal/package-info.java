/**
 * The machine room's power and heat: the room {@link org.hpcsim.thermal.RoomLayout}, the node
 * {@link org.hpcsim.thermal.PowerModel}, heat recirculation as a {@link org.hpcsim.thermal.HeatModel}
 * (T_in = T_sup + D P, Tang et al.'s model as used by Meng et al.), and the CRAC cooling model
 * (CoP, supply-temperature adjustment, cooling power). Plain Java with no Pekko imports; depends on
 * the workload package (input errors) and ojAlgo (linear algebra) only.
 */
package org.hpcsim.thermal;
