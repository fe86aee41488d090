/**
 * The simulation kernel: integer-microsecond virtual time in (t, round) pairs, per-round delivery in
 * (sender component id, sender sequence) order, counted quiescence through partition managers, the
 * root {@link org.hpcsim.kernel.Coordinator}, and the {@link org.hpcsim.kernel.ComponentActor} base
 * class every model actor extends. It depends on Pekko Typed only; models depend on it, never the
 * other way round.
 */
package org.hpcsim.kernel;
