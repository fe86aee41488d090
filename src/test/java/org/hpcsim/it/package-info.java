/**
 * Integration tests (*IT, run by Maven's failsafe plugin after {@code package}): hpcsim driven as a
 * user drives it, through {@code bin/hpcsim} and the built jar, in a terminal (Ctrl-C), on a full
 * disk, and every command of the README and of {@code docs/} as written. They depend on the built jar
 * and on the test helpers only. {@code DocsTest}, a plain unit test beside them, checks the
 * documentation itself: the README's size, its links and the test command CI runs.
 */
package org.hpcsim.it;
