package org.hpcsim.view;

/** A message on the socket that is not a control at all (not JSON, not a known type, no token): the connection is closed. */
final class BadMessage extends Exception {
    BadMessage(String reason) {
        super(reason, null, false, false);
    }
}
