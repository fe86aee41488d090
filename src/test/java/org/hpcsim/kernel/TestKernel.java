package org.hpcsim.kernel;

import org.hpcsim.kernel.pekko.PekkoExecutor;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.kernel.sequential.SequentialExecutor;
/**
 * The kernel tests' way to build a run: components added by id (in order, as the tests' models
 * number them), messages scheduled, then run under either executor. Each component gets a type of
 * its own name with no ports: the test models address each other by id.
 */
public final class TestKernel {
    private final Wiring wiring = new Wiring();
    private final KernelSettings settings;
    private final KernelProgress progress = new KernelProgress();
    private KernelControl control;

    public TestKernel(KernelSettings settings) {
        this.settings = settings;
    }

    @SuppressWarnings("unchecked")
    public <C> Address<C> add(int id, String name, ComponentFactory<C> factory) {
        if (id != wiring.size()) {
            throw new IllegalArgumentException("test components are added in id order: expected " + wiring.size());
        }
        return wiring.add(ComponentType.of(name, (Class<C>) Object.class, "a test component"), factory);
    }

    public <C> void schedule(Address<C> to, C message, long time) {
        wiring.schedule(to, message, time);
    }

    KernelControl control() {
        if (control == null) {
            control = new KernelControl();
        }
        return control;
    }

    KernelProgress progress() {
        return progress;
    }

    /** Under the Pekko executor, components hosted by their partition managers (the default). */
    public KernelStats run(ActorRuntime runtime) {
        return new PekkoExecutor(runtime).run(wiring, settings, control, progress);
    }

    KernelStats run(ActorRuntime runtime, KernelOptions.Hosting hosting) {
        return new PekkoExecutor(runtime, hosting).run(wiring, settings, control, progress);
    }

    KernelStats runSequential() {
        return new SequentialExecutor().run(wiring, settings, control, progress);
    }
}
