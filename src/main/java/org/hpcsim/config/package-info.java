/**
 * Configuration: HOCON files and command-line overrides (Typesafe Config) checked against the
 * built-in defaults, read once into the immutable {@link org.hpcsim.config.Scenario}. Unknown keys and
 * bad values fail fast, naming the key, file and line. Each subsystem's options are its own record
 * (e.g. {@code network.NetworkOptions}, {@code thermal.ThermalOptions}), which this package fills in,
 * each with a reader of its own ({@code NetworkOptionsReader}, ...) that {@code Scenario} composes:
 * config depends on the subsystems, and nothing below {@code sim} depends on config.
 */
package org.hpcsim.config;
