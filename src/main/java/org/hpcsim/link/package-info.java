/**
 * Network links, components: one per link of a mesh or torus. A link sums the flow weights of the
 * jobs crossing it and tells their lead nodes their stretch whenever the sum changes
 * ({@link org.hpcsim.link.SharedChannel}, also used by I/O nodes). Depends on the kernel's component
 * API and the protocols.
 */
package org.hpcsim.link;
