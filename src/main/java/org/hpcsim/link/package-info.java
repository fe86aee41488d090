/**
 * Network link actors: one per link of a mesh or torus. A link sums the flow weights of the jobs
 * crossing it and tells their lead nodes their stretch whenever the sum changes. Depends on the
 * kernel, node (the lead's protocol) and report (load samples for links.csv).
 */
package org.hpcsim.link;
