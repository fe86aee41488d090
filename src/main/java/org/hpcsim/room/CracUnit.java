package org.hpcsim.room;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.CracProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.thermal.CoolingSettings;

/**
 * One CRAC unit. In automatic mode (the default) it raises its supply temperature as far as the
 * redline allows (Meng et al., Eq. 11: T_sup' = T_sup + T_red - max T_in = T_red - max rise over the
 * nodes it serves), but never below the coldest air it can make; after a set-point event it
 * supplies a fixed temperature. Its cooling power is the IT power it serves over CoP(supply). A
 * failed unit supplies nothing and draws nothing until repaired.
 */
public final class CracUnit implements Component<CracProtocol> {

    /** Where its supply temperature and state go. */
    public static final Port<ThermalProtocol> THERMAL = Port.one("thermal", ThermalProtocol.class,
            "its supply temperature, cooling power and state, to the thermal actor");
    /** Who hears its events' effects (events.csv when on). */
    public static final Port<Report.EventLogged> EVENTS = Port.many("events", Report.EventLogged.class,
            "events.csv rows of its failures, repairs and set points; none to log none");
    /** A CRAC unit: receives its load from the thermal actor and events from the kernel. */
    public static final ComponentType<CracProtocol> TYPE = ComponentType.of("crac", CracProtocol.class,
            "One CRAC unit: supplies air as warm as the redline allows for the nodes it serves (Meng et al., Eq. 11),"
                    + " draws the IT power it serves over CoP(supply); fails, is repaired, takes set points",
            THERMAL, EVENTS).withParameters(
                    param("cooling.units", "the nodes each unit serves"),
                    param("cooling.supply", "its nominal supply temperature"),
                    param("cooling.redline", "the highest inlet temperature it allows"),
                    param("cooling.min-supply", "the coldest air it can make"));

    /** The start of an events.csv effect that changed nothing. */
    private static final String NONE = Report.EventLogged.NO_EFFECT;

    private final int unit;
    private final CoolingSettings settings;
    private final Address<ThermalProtocol> thermal;
    private final Addresses<Report.EventLogged> events;
    private Context ctx;
    private boolean working = true;
    private double fixedSupply = Double.NaN;

    /** The {@code ports.index()}-th unit of {@code settings}. */
    public CracUnit(Ports ports, CoolingSettings settings) {
        this.unit = ports.index();
        this.settings = settings;
        this.thermal = ports.to(THERMAL);
        this.events = ports.toAll(EVENTS);
    }

    @Override
    public void onMessage(CracProtocol message, Context context) {
        ctx = context;
        if (message instanceof CracProtocol.Load load) {
            if (!working) {
                return;
            }
            double supply = Double.isNaN(fixedSupply)
                    ? Math.max(settings.minSupply(), Cooling.adjustedSupply(settings.supply(), settings.redline(),
                            settings.supply() + load.maxRise()))
                    : fixedSupply;
            ctx.send(thermal, new ThermalProtocol.Supply(unit, supply,
                    Cooling.coolingPower(load.itPower(), supply) * settings.coolingScale()));
        } else if (message instanceof CracProtocol.Fail fail) {
            log("fail", working ? "unit down; its nodes go to the next working unit"
                            : NONE + "the unit was already down",
                    fail.cause());
            if (working) {
                working = false;
                ctx.send(thermal, new ThermalProtocol.UnitState(unit, false));
            }
        } else if (message instanceof CracProtocol.Repair repair) {
            log("repair", working ? NONE + "the unit was not down" : "unit up", repair.cause());
            if (!working) {
                working = true;
                ctx.send(thermal, new ThermalProtocol.UnitState(unit, true));
            }
        } else if (message instanceof CracProtocol.SetSupply set) {
            fixedSupply = set.supply();
            log("supply", Double.isNaN(set.supply()) ? "supply automatic (as far as the redline allows)"
                    : "supply fixed at " + set.supply() + " C", set.cause());
            if (working) {
                ctx.send(thermal, new ThermalProtocol.UnitState(unit, true));
            }
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void log(String event, String effect, String cause) {
        if (events.size() > 0) {
            Report.EventLogged logged = new Report.EventLogged(ctx.now(), event, "crac " + unit, effect, cause);
            for (int i = 0; i < events.size(); i++) {
                ctx.send(events.get(i), logged);
            }
        }
    }
}
