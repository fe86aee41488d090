package org.hpcsim.plugin;

/**
 * What a plugin jar implements: its jar lists the class in
 * {@code META-INF/services/org.hpcsim.plugin.PolicyProvider}, and hpcsim creates it (public no-argument
 * constructor) and calls {@link #register} once per run that names the jar ({@code --plugin JAR} or the
 * key {@code plugins}).
 */
public interface PolicyProvider {

    /**
     * Registers this plugin's policies. A name must be new (no built-in's and no other plugin's); a
     * problem here (an exception, a taken name, a bad parameter) is an error naming the jar and this class.
     */
    void register(Policies policies);
}
