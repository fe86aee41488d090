package org.hpcsim.plugin;

/** A plugin's policy threw while a run used it: the message names the policy and the plugin. */
public final class PluginFailure extends RuntimeException {

    PluginFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
