/**
 * Machine topologies (a bag of nodes, 2D/3D meshes and tori; node id = x + X*y + X*Y*z; lines of
 * compute and I/O nodes), hop distances, and the curves that order nodes for one-dimensional
 * allocators. {@link org.hpcsim.topology.Topology} is sealed, and callers ask it for the grid, network
 * grid or line they need instead of testing its class. Plain Java; depends on workload (input errors) only.
 */
package org.hpcsim.topology;
