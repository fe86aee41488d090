/**
 * The network's arithmetic, kept apart from the actors that use it: the links of a mesh or torus
 * ({@link org.hpcsim.network.LinkMap}), how a job's tasks communicate
 * ({@link org.hpcsim.network.CommPattern}, from a trace's options or a configuration value, with
 * MatrixMarket communication graphs), the load a job puts on each link under dimension-order routing
 * ({@link org.hpcsim.network.TrafficCalculator}), with flows detoured around links that are down
 * ({@link org.hpcsim.network.FailedLinks}), and Meng et al.'s delay factor
 * ({@link org.hpcsim.network.DelayFactor}). Plain Java that depends only on {@code topology} (grids
 * and their routes) and {@code workload} (a job's options), so that it can be tested against
 * brute force without a running simulation, and the link actors built on it stay thin.
 */
package org.hpcsim.network;
