package org.hpcsim.protocol;

/**
 * What the live view's sink accepts ({@code run --serve}): the events' effects, the room's samples and
 * inlets, the links' loads. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface ViewProtocol permits Report.EventLogged, Report.ThermalSample, Report.InletMap,
        Report.LinkLoad {
}
