/**
 * Compute node actors: each node runs the job the scheduler starts on it and reports its end; under
 * the links network model a job's lead node follows the job's stretch with a plain-Java
 * {@link org.hpcsim.node.FluidJob}. Depends on the kernel, and on scheduling and link for their
 * protocols.
 */
package org.hpcsim.node;
