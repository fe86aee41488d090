/**
 * Machine topologies (a bag of nodes, 2D/3D meshes and tori; node id = x + X*y + X*Y*z), hop
 * distances, and the curves that order nodes for one-dimensional allocators. Plain Java; depends on
 * workload (input errors) only.
 */
package org.hpcsim.topology;
