/**
 * Sweeps across machines with Pekko Cluster: the {@link org.hpcsim.cluster.Coordinator} (the sweep's
 * process, the cluster's seed node) hands a sweep's runs to the {@link org.hpcsim.cluster.RunSlot}s of
 * {@link org.hpcsim.cluster.Worker}s through work-pulling reliable delivery and commits the output
 * files they stream back; {@link org.hpcsim.cluster.ClusterSystem} sets the cluster up (Artery TCP,
 * the split-brain resolver, Jackson CBOR for every {@link org.hpcsim.cluster.ClusterMessage}).
 * Depends on config, kernel, output, plot, plugin, registry, sim, sweep and workload; only cli
 * depends on it.
 */
package org.hpcsim.cluster;
