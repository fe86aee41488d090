package org.hpcsim.protocol;

/**
 * What the failure log accepts (events.csv, attempts.csv): the events' effects and the attempts a
 * failure cut short. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface FailureLogProtocol permits Report.EventLogged, Report.AttemptEnded {
}
