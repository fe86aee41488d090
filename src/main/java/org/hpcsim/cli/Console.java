package org.hpcsim.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.sim.LiveRun;
import org.hpcsim.sim.Simulation;

/**
 * The live console of {@code run --console}: while the run is paused it reads commands, one per
 * line, and answers on standard output. A rejected command is reported and the console keeps
 * reading. Works the same whether standard input is a terminal or a pipe (scripts); at a terminal,
 * pressing Enter while the run goes on pauses it before its next instant. The end of the input while
 * paused lets the run go on to its end. {@link #interrupt()} (Ctrl-C) quits: at the prompt at once,
 * while the run goes on at its next instant.
 *
 * <p>Lines are read by a thread of their own, so that an interrupt never waits for a line.
 */
final class Console {
    static final String HELP = String.join("\n",
            "commands (while paused):",
            "  status               time, jobs queued/running/ended, nodes busy/free/down/drained; in a modelled",
            "                       room its hottest inlet, supply, IT and cooling power and CRAC units down",
            "  queue [N]            the first N queued jobs (default 20)",
            "  nodes                node ids by state",
            "  inject EVENT         e.g. inject at 3600s fail node 17 (see the events file format)",
            "  run until TIME       go on and pause again at TIME (s, m, h, d)",
            "  step                 simulate the next instant, then pause",
            "  continue             go on to the end (Enter at a terminal pauses it)",
            "  quit                 stop now: queued and running jobs end unfinished; outputs are written",
            "  help                 this list");

    /** Markers in the line queue, told apart by identity. */
    private static final String END_OF_INPUT = new String("end of input");
    private static final String INTERRUPT = new String("interrupt");

    private final LiveRun live;
    private final BufferedReader in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private volatile boolean interrupted;
    /** At a terminal after continue: the next line typed pauses the run instead of being a command. */
    private volatile boolean pauseOnLine;
    private Thread reader;
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
            pauseOnLine = false;
            if (interrupted) {
                quitInterrupted();
                continue;
            }
            out.println("paused at " + LiveRun.when(live.clock()) + "; " + live.status());
            out.flush();
            commands();
        }
        return live.result();
    }

    /** Ctrl-C: quit at the prompt, or at the next instant if the run goes on. Any thread. */
    void interrupt() {
        interrupted = true;
        lines.add(INTERRUPT);
        try {
            live.requestPause();
        } catch (RuntimeException e) {
            // The run is over or failed: the loop ends by itself.
        }
    }

    private void quitInterrupted() {
        out.println();
        out.println("interrupted: quitting (queued and running jobs end unfinished; outputs are written)");
        out.flush();
        live.interrupted();
        live.quit();
    }

    /** Reads commands until one lets the run go on. */
    private void commands() throws InterruptedException {
        while (true) {
            out.print("hpcsim> ");
            out.flush();
            String line = nextLine();
            if (line == INTERRUPT) {
                quitInterrupted();
                return;
            }
            if (line == END_OF_INPUT) {
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
                pauseOnLine = interactive;
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

    /** The next line, {@link #END_OF_INPUT} or {@link #INTERRUPT}; starts the reader on first use. */
    private String nextLine() throws InterruptedException {
        if (reader == null) {
            reader = new Thread(this::readAll, "hpcsim-console-input");
            reader.setDaemon(true);
            reader.start();
        }
        String line = lines.take();
        if (line == END_OF_INPUT) {
            lines.add(END_OF_INPUT); // stays the answer from now on
        }
        return line;
    }

    private void readAll() {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                if (pauseOnLine) {
                    // At a terminal while the run goes on: Enter pauses it; the line itself is dropped.
                    pauseOnLine = false;
                    live.requestPause();
                } else {
                    lines.add(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // The terminal closed or the run ended: as the end of the input.
        }
        lines.add(END_OF_INPUT);
    }
}
