/**
 * The machine room's components: the {@link org.hpcsim.room.HeatRecirculation}, which keeps every node's
 * power and inlet temperature rise (T_in = T_sup + D P, updated one column per power change), one
 * {@link org.hpcsim.room.CracUnit} per cooling unit, which sets its supply temperature and reports
 * its cooling power, and the {@link org.hpcsim.room.PowerMeter} (power.csv). Depends on the kernel's
 * component API, the protocols, thermal (the plain models) and output (the meter's file); no other
 * component package.
 */
package org.hpcsim.room;
