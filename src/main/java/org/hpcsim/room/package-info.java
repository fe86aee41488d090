/**
 * The machine room's actors: the {@link org.hpcsim.room.ThermalActor}, which keeps every node's
 * power and inlet temperature rise (T_in = T_sup + D P, updated one column per power change), and one
 * {@link org.hpcsim.room.CracActor} per cooling unit, which sets its supply temperature and reports
 * its cooling power. Depends on the kernel, thermal (the plain models) and report (samples).
 */
package org.hpcsim.room;
