/**
 * Configuration: HOCON files and command-line overrides (Typesafe Config) checked against the
 * built-in defaults, read once into the immutable {@link org.hpcsim.config.Scenario}. Unknown keys and
 * bad values fail fast, naming the key, file and line. Depends on workload for its options.
 */
package org.hpcsim.config;
