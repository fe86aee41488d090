package org.hpcsim.room;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.report.Recorder;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.thermal.CoolingSettings;

/**
 * One CRAC unit. In automatic mode (the default) it raises its supply temperature as far as the
 * redline allows (Meng et al., Eq. 11: T_sup' = T_sup + T_red - max T_in = T_red - max rise over the
 * nodes it serves), but never below the coldest air it can make; after a set-point event it
 * supplies a fixed temperature. Its cooling power is the IT power it serves over CoP(supply). A
 * failed unit supplies nothing and draws nothing until repaired.
 */
public final class CracActor extends ComponentActor<CracActor.Command> {

    /** Messages a CRAC unit accepts. */
    public sealed interface Command {
    }

    /**
     * Thermal -> Crac: the nodes this unit now serves draw {@code itPower} W and the largest inlet
     * rise over its supply among them is {@code maxRise} K.
     */
    public record Load(double maxRise, double itPower) implements Command {
    }

    /** Scenario event -> Crac: the unit fails; {@code cause}: the cause events.csv names. */
    public record Fail(String cause) implements Command {
        public Fail() {
            this("");
        }
    }

    /** Scenario event -> Crac: the unit works again. */
    public record Repair(String cause) implements Command {
        public Repair() {
            this("");
        }
    }

    /** Scenario event -> Crac: supply a fixed {@code supply} degrees C, or NaN to return to automatic mode. */
    public record SetSupply(double supply, String cause) implements Command {
        public SetSupply(double supply) {
            this(supply, "");
        }
    }

    /** The start of an events.csv effect that changed nothing. */
    private static final String NONE = Recorder.EventLogged.NO_EFFECT;

    private final int unit;
    private final CoolingSettings settings;
    private final Address<ThermalActor.Command> thermal;
    private final Address<Recorder.Command> recorder;
    private boolean working = true;
    private double fixedSupply = Double.NaN;

    private CracActor(ActorContext<KernelCommand> context, ComponentSetup setup, int unit, CoolingSettings settings,
                      Address<ThermalActor.Command> thermal, Address<Recorder.Command> recorder) {
        super(context, setup);
        this.recorder = recorder;
        this.unit = unit;
        this.settings = settings;
        this.thermal = thermal;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, int unit, CoolingSettings settings,
                                                 Address<ThermalActor.Command> thermal) {
        return create(setup, unit, settings, thermal, null);
    }

    /** {@code recorder}: where events.csv rows go, or null to log none. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, int unit, CoolingSettings settings,
                                                 Address<ThermalActor.Command> thermal,
                                                 Address<Recorder.Command> recorder) {
        return Behaviors.setup(ctx -> new CracActor(ctx, setup, unit, settings, thermal, recorder));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof Load load) {
            if (!working) {
                return;
            }
            double supply = Double.isNaN(fixedSupply)
                    ? Math.max(settings.minSupply(), Cooling.adjustedSupply(settings.supply(), settings.redline(),
                            settings.supply() + load.maxRise()))
                    : fixedSupply;
            send(thermal, new ThermalActor.Supply(unit, supply, Cooling.coolingPower(load.itPower(), supply)));
        } else if (message instanceof Fail fail) {
            log("fail", working ? "unit down; its nodes go to the next working unit"
                            : NONE + "the unit was already down",
                    fail.cause());
            if (working) {
                working = false;
                send(thermal, new ThermalActor.UnitState(unit, false));
            }
        } else if (message instanceof Repair repair) {
            log("repair", working ? NONE + "the unit was not down" : "unit up", repair.cause());
            if (!working) {
                working = true;
                send(thermal, new ThermalActor.UnitState(unit, true));
            }
        } else if (message instanceof SetSupply set) {
            fixedSupply = set.supply();
            log("supply", Double.isNaN(set.supply()) ? "supply automatic (as far as the redline allows)"
                    : "supply fixed at " + set.supply() + " C", set.cause());
            if (working) {
                send(thermal, new ThermalActor.UnitState(unit, true));
            }
        }
    }

    private void log(String event, String effect, String cause) {
        if (recorder != null) {
            send(recorder, new Recorder.EventLogged(now(), event, "crac " + unit, effect, cause));
        }
    }
}
