/**
 * Events injected into a run at a simulated time ({@code at 5000s crac 0 fail}): their text form,
 * parsed into {@link org.hpcsim.events.ScenarioEvent}s. Plain Java; depends on time,
 * topology (node lists) and workload (input errors) only.
 */
package org.hpcsim.events;
