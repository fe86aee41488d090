/**
 * The live view: {@code run --serve} serves a page that follows a run over a WebSocket (the machine
 * map, the room's inlets, the links' loads, time series, the queue, the running jobs, the events) and
 * drives it through the same {@link org.hpcsim.kernel.KernelControl} as the console ({@link ServedRun});
 * {@code hpcsim view DIR} shows a finished run's outputs in the same page ({@link Recording}). The
 * HTTP side is Pekko HTTP ({@link ViewServer}); the page and its chart library (uPlot, from a WebJar)
 * are served from the jar.
 *
 * <p>The view samples the run: a frame is made between two instants when the view asks for one (a few
 * times a second while a page is open, never otherwise), and the simulation never waits for a page.
 *
 * <p>Depends on {@code sim} (the live run, its frames and layout), {@code plot} (reading a run's CSV
 * files back), {@code report} (summary.json), {@code events}, {@code topology}, {@code thermal},
 * {@code workload}, {@code kernel} (the actor runtime's type) and {@code time}; used by {@code cli}
 * alone.
 */
package org.hpcsim.view;
