package org.hpcsim.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.sim.LiveRun;
import org.hpcsim.sim.Simulation;

/**
 * The live console of {@code run --console}: while the run is paused it reads commands, one per
 * line, and answers on standard output. A rejected command is reported and the console keeps
 * reading. Works the same whether standard input is a terminal or a pipe (scripts); at a terminal,
 * pressing Enter while the run goes on pauses it before its next instant. The end of the input while
 * paused lets the run go on to its end.
 */
final class Console {
    static final String HELP = String.join("\n",
            "commands (while paused):",
            "  status               time, jobs queued/running/ended, nodes busy/free/down/drained",
            "  queue [N]            the first N queued jobs (default 20)",
            "  nodes                node ids by state",
            "  inject EVENT         e.g. inject at 3600s fail node 17 (see the events file format)",
            "  run until TIME       go on and pause again at TIME (s, m, h, d)",
            "  step                 simulate the next instant, then pause",
            "  continue             go on to the end (Enter at a terminal pauses it)",
            "  quit                 stop now: queued and running jobs end unfinished; outputs are written",
            "  help                 this list");

    private final LiveRun live;
    private final BufferedReader in;
    private final PrintWriter out;
    private final boolean interactive;

    Console(LiveRun live, BufferedReader in, PrintWriter out, boolean interactive) {
        this.live = live;
        this.in = in;
        this.out = out;
        this.interactive = interactive;
    }

    /** Drives the run to its end and returns its result. */
    Simulation.Result run() throws InterruptedException {
        while (live.awaitPause()) {
            out.println("paused at " + SimTime.format(live.clock()) + " s; " + live.status());
            out.flush();
            commands();
        }
        return live.result();
    }

    /** Reads commands until one lets the run go on. */
    private void commands() {
        while (true) {
            out.print("hpcsim> ");
            out.flush();
            String line = readLine();
            if (line == null) {
                out.println();
                out.println("end of input: continuing to the end");
                out.flush();
                live.resume();
                return;
            }
            if (!interactive) {
                out.println(line);
            }
            String command = line.strip();
            if (command.isEmpty() || command.startsWith("#")) {
                continue;
            }
            try {
                if (execute(command)) {
                    return;
                }
            } catch (IllegalArgumentException e) {
                out.println("rejected: " + e.getMessage());
            }
            out.flush();
        }
    }

    /** Runs one command; returns true when the run goes on. */
    private boolean execute(String command) {
        String[] w = command.split("\\s+", 2);
        String verb = w[0].toLowerCase(Locale.ROOT);
        String rest = w.length > 1 ? w[1].strip() : "";
        switch (verb) {
            case "status" -> {
                noArguments(verb, rest);
                out.println(live.status());
            }
            case "queue" -> {
                int limit = 20;
                if (!rest.isEmpty()) {
                    try {
                        limit = Integer.parseInt(rest);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("queue takes a number of jobs to list, got '" + rest + "'");
                    }
                }
                live.queue(Math.max(0, limit)).forEach(out::println);
            }
            case "nodes" -> {
                noArguments(verb, rest);
                live.nodes().forEach(out::println);
            }
            case "inject" -> {
                if (rest.isEmpty()) {
                    throw new IllegalArgumentException("inject needs an event, e.g. inject at 3600s fail node 17");
                }
                ScenarioEvent e = live.inject(rest);
                out.println("injected: " + e.text());
            }
            case "run" -> {
                String[] u = rest.split("\\s+");
                if (u.length != 2 || !u[0].equalsIgnoreCase("until")) {
                    throw new IllegalArgumentException("expected 'run until TIME', e.g. run until 2h");
                }
                live.runUntil(ScenarioEvent.time(u[1]));
                return true;
            }
            case "step" -> {
                noArguments(verb, rest);
                live.step();
                return true;
            }
            case "continue" -> {
                noArguments(verb, rest);
                if (interactive) {
                    watchForPause();
                }
                live.resume();
                return true;
            }
            case "quit" -> {
                noArguments(verb, rest);
                live.quit();
                return true;
            }
            case "help" -> out.println(HELP);
            default -> throw new IllegalArgumentException("unknown command '" + w[0] + "' (try help)");
        }
        return false;
    }

    private static void noArguments(String verb, String rest) {
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException(verb + " takes no arguments, got '" + rest + "'");
        }
    }

    /** At a terminal: the next line typed while the run goes on pauses it (the line itself is dropped). */
    private void watchForPause() {
        Thread watcher = new Thread(() -> {
            try {
                if (in.readLine() != null) {
                    live.requestPause();
                }
            } catch (IOException | RuntimeException e) {
                // The run ended or the terminal closed: nothing to pause.
            }
        }, "hpcsim-console-pause");
        watcher.setDaemon(true);
        watcher.start();
    }

    private String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
