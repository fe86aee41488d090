/**
 * Shared channels, components: a network link (one per link of a mesh or torus,
 * {@link org.hpcsim.link.Link}) and an I/O node of a line machine
 * ({@link org.hpcsim.link.IoNode}). Both speak the link protocol: a channel sums the flow weights
 * of the jobs crossing it and tells their lead nodes their stretch whenever the sum changes
 * ({@link org.hpcsim.link.SharedChannel}). Depends on the kernel's component API and the protocols.
 */
package org.hpcsim.link;
