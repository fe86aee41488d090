package org.hpcsim.thermal;

/**
 * What a cooling-aware allocator knows of the room: the heat model, the node power model and the
 * CRAC set point. Following Meng et al.'s Eq. 15, it predicts inlet temperatures from which nodes
 * are busy: T_in(X) = T_sup + D P_idle + D X P_util.
 *
 * @param heat    heat-distribution matrix D
 * @param power   node power model (P_idle, and P_util at the default communication share)
 * @param supply  CRAC supply temperature set point, degrees C
 * @param redline highest allowed inlet temperature, degrees C
 */
public record RoomModel(HeatModel heat, PowerModel power, double supply, double redline) {
}
