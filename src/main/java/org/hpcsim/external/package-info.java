/**
 * External schedulers: a scheduling policy in another process, driven over Batsim's JSON-over-ZeroMQ
 * protocol (pybatsim and batsched run unchanged). Depends on {@code scheduling}, {@code batsim} and
 * {@code workload}; the run ({@code sim}) opens and closes the connection.
 */
package org.hpcsim.external;
