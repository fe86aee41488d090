package org.hpcsim.cluster;

/**
 * A run that failed on a worker, as the worker reported it: the exit status {@code hpcsim run} would
 * have given (2: bad input, 1: an internal error, 3: an output error) and its message, the stack
 * trace of an internal error included.
 */
public final class RemoteRunFailure extends RuntimeException {
    private final int status;

    public RemoteRunFailure(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
