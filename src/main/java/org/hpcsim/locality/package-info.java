/**
 * Locality metrics of one allocation (Bender et al.'s pairwise hops; Leung et al.'s linear and ring
 * span, stretch-span, bounding box and cube, connected components) and their means over a run.
 * Plain Java; depends on topology only.
 */
package org.hpcsim.locality;
