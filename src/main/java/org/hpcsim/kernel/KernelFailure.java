package org.hpcsim.kernel;

/**
 * The kernel itself went wrong (a broken invariant of its protocol, an exception in the coordinator
 * or a partition manager, or one of its actors stopped): the run ends with this instead of hanging
 * or giving a wrong result. The message names where, at which virtual time, what was being handled,
 * and the state that was found.
 */
public final class KernelFailure extends RuntimeException {

    public KernelFailure(String message) {
        super(message);
    }

    public KernelFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * What an exception thrown while a kernel actor handled {@code command} fails the run with: a
     * {@code KernelFailure} as it is, anything else wrapped with who threw, on what, and its state.
     */
    public static KernelFailure thrown(Throwable e, String who, Object command, java.util.function.Supplier<String> state) {
        return e instanceof KernelFailure f ? f
                : new KernelFailure(who + " failed handling " + command + ": " + e + "; its state: " + state.get(), e);
    }
}
