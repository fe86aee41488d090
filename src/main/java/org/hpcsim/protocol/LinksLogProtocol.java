package org.hpcsim.protocol;

/**
 * What the links' log accepts (links.csv): the links' loads. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface LinksLogProtocol permits Report.LinkLoad {
}
