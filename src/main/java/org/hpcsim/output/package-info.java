/**
 * Output files written all or nothing: {@link org.hpcsim.output.OutputDirectory} (a run's directory,
 * staged and committed together, owned by one process at a time), {@link org.hpcsim.output.AtomicFile}
 * (one file moved into place), {@link org.hpcsim.output.OutputWriter} (a writer whose failures name
 * its file) and {@link org.hpcsim.output.OutputException} (an output that could not be written, exit
 * status 3). Plain Java, below the components so that any of them may write its own file; depends on
 * {@code workload} (input errors) only.
 */
package org.hpcsim.output;
