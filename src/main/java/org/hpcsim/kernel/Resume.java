package org.hpcsim.kernel;

import java.util.List;

/**
 * KernelControl -> the executor's coordinator (the Pekko coordinator actor, or the sequential loop),
 * while paused: go on, first adding {@code injected} (due no earlier than the next instant);
 * {@code stop} ends the run instead (wind-down, then the end) at {@code stopAt}, if that is later than
 * the last instant and no later than the next one.
 */
public record Resume(List<Envelope> injected, boolean stop, long stopAt) {
}
