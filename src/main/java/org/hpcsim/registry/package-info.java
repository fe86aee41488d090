/**
 * The one registry of named policies: schedulers, allocators, queue orders, curves, failure models and
 * the trace formats plugins add, each with a description, its parameters with defaults and its origin
 * (built in, or a plugin's jar and provider), as {@code hpcsim list} prints them. Specs are written
 * {@code name} or {@code name[arg,...]}. Depends on the policy packages (external schedulers among
 * them) and on events (its syntax of times, for parameters that are times), never the reverse;
 * {@code plugin} fills a run's copy of it.
 */
package org.hpcsim.registry;
