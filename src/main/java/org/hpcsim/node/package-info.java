/**
 * Compute node actors: each node runs the job the scheduler starts on it and reports its end.
 * Depends on the kernel, and on scheduling for the scheduler's protocol.
 */
package org.hpcsim.node;
