/**
 * Simulated time: integer microseconds ({@link org.hpcsim.time.SimTime}), read and written exactly as
 * decimal seconds. The bottom of the house: the kernel, the workload readers and the event language
 * all use it, and it depends on the JDK alone.
 */
package org.hpcsim.time;
