package org.hpcsim.kernel;

/**
 * A component got a message of its protocol that it has no branch for: its dispatch is not
 * exhaustive (a record added to the protocol and not handled). Thrown from the last branch of a
 * component's {@code onMessage}, it ends the run as any failure does, the kernel naming the component,
 * the message and its sender ({@link ComponentFailure}).
 */
public final class UnhandledMessage extends IllegalStateException {

    public UnhandledMessage(Object message) {
        super("no handler for " + message.getClass().getName().replaceFirst("^.*\\.", "").replace('$', '.')
                + ": the component's dispatch does not handle every record of its protocol");
    }
}
