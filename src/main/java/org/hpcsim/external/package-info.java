/**
 * External schedulers: a scheduling policy in another process, driven over Batsim's JSON-over-ZeroMQ
 * protocol (pybatsim and batsched run unchanged), power-state requests and energy queries included.
 * Depends on {@code scheduling}, {@code energy}, {@code batsim} and {@code workload}; the run ({@code sim}) opens and closes the connection.
 */
package org.hpcsim.external;
