package org.hpcsim.external;

/**
 * Where an external scheduler listens and how long hpcsim waits for it ({@code scheduler.external}).
 *
 * @param socket        the ZeroMQ endpoint the scheduler's REP socket is bound to, e.g. {@code tcp://127.0.0.1:28000}
 * @param timeoutMillis wall-clock time a reply may take before the run fails (the connection only:
 *                      simulated time never depends on it)
 * @param decisionLatencyMicros simulated time an event takes to reach the scheduler, µs
 *                      ({@code scheduler.external.decision-latency})
 */
public record ExternalOptions(String socket, long timeoutMillis, long decisionLatencyMicros) {
}
