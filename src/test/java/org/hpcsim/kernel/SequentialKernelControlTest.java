package org.hpcsim.kernel;

/** Every kernel-control test again, under the sequential executor: pausing, injecting and stopping work alike. */
class SequentialKernelControlTest extends KernelControlTest {
    @Override
    boolean sequential() {
        return true;
    }
}
