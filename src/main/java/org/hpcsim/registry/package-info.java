/**
 * The one registry of named policies: schedulers, allocators, queue orders and curves, each with a
 * description and its parameters with defaults, as {@code hpcsim list} prints them. Specs are written
 * {@code name} or {@code name[arg,...]}. Depends on the policy packages, never the reverse.
 */
package org.hpcsim.registry;
