package org.hpcsim.protocol;

/**
 * What the I/O log accepts (io.csv): the I/O of each job that did some. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface IoLogProtocol permits Report.IoEnded {
}
