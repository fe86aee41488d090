package org.hpcsim.room;

import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.CracProtocol;
import org.hpcsim.protocol.RecorderProtocol;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.thermal.CoolingSettings;

/**
 * One CRAC unit. In automatic mode (the default) it raises its supply temperature as far as the
 * redline allows (Meng et al., Eq. 11: T_sup' = T_sup + T_red - max T_in = T_red - max rise over the
 * nodes it serves), but never below the coldest air it can make; after a set-point event it
 * supplies a fixed temperature. Its cooling power is the IT power it serves over CoP(supply). A
 * failed unit supplies nothing and draws nothing until repaired.
 */
public final class CracActor extends ComponentActor<CracProtocol> {


    /** The start of an events.csv effect that changed nothing. */
    private static final String NONE = RecorderProtocol.EventLogged.NO_EFFECT;

    private final int unit;
    private final CoolingSettings settings;
    private final Address<ThermalProtocol> thermal;
    private final Address<RecorderProtocol> recorder;
    private boolean working = true;
    private double fixedSupply = Double.NaN;

    private CracActor(ActorContext<KernelCommand> context, ComponentSetup setup, int unit, CoolingSettings settings,
                      Address<ThermalProtocol> thermal, Address<RecorderProtocol> recorder) {
        super(context, setup);
        this.recorder = recorder;
        this.unit = unit;
        this.settings = settings;
        this.thermal = thermal;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, int unit, CoolingSettings settings,
                                                 Address<ThermalProtocol> thermal) {
        return create(setup, unit, settings, thermal, null);
    }

    /** {@code recorder}: where events.csv rows go, or null to log none. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, int unit, CoolingSettings settings,
                                                 Address<ThermalProtocol> thermal,
                                                 Address<RecorderProtocol> recorder) {
        return Behaviors.setup(ctx -> new CracActor(ctx, setup, unit, settings, thermal, recorder));
    }

    @Override
    protected void onMessage(CracProtocol message) {
        if (message instanceof CracProtocol.Load load) {
            if (!working) {
                return;
            }
            double supply = Double.isNaN(fixedSupply)
                    ? Math.max(settings.minSupply(), Cooling.adjustedSupply(settings.supply(), settings.redline(),
                            settings.supply() + load.maxRise()))
                    : fixedSupply;
            send(thermal, new ThermalProtocol.Supply(unit, supply, Cooling.coolingPower(load.itPower(), supply)));
        } else if (message instanceof CracProtocol.Fail fail) {
            log("fail", working ? "unit down; its nodes go to the next working unit"
                            : NONE + "the unit was already down",
                    fail.cause());
            if (working) {
                working = false;
                send(thermal, new ThermalProtocol.UnitState(unit, false));
            }
        } else if (message instanceof CracProtocol.Repair repair) {
            log("repair", working ? NONE + "the unit was not down" : "unit up", repair.cause());
            if (!working) {
                working = true;
                send(thermal, new ThermalProtocol.UnitState(unit, true));
            }
        } else if (message instanceof CracProtocol.SetSupply set) {
            fixedSupply = set.supply();
            log("supply", Double.isNaN(set.supply()) ? "supply automatic (as far as the redline allows)"
                    : "supply fixed at " + set.supply() + " C", set.cause());
            if (working) {
                send(thermal, new ThermalProtocol.UnitState(unit, true));
            }
        }
    }

    private void log(String event, String effect, String cause) {
        if (recorder != null) {
            send(recorder, new RecorderProtocol.EventLogged(now(), event, "crac " + unit, effect, cause));
        }
    }
}
