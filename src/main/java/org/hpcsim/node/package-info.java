/**
 * Compute nodes, components of the Pekko-free component API: each node runs the job the scheduler
 * starts on it and reports its end; under the links network model a job's lead node follows the
 * job's stretch with a plain-Java {@link org.hpcsim.node.FluidJob}. Depends on the kernel's component
 * API, the protocols, failure (its failure model) and workload (job statuses); no other component
 * package.
 */
package org.hpcsim.node;
