package org.hpcsim.batsim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A Batsim/SimGrid platform file's compute hosts and their power states, read with the JDK's XML
 * parser. A {@code <host>} gives its pstates' {@code speed} list (flops: {@code 100Mf},
 * {@code 0.5f}), and as {@code <prop>}s {@code wattage_per_state} (or the older {@code watt_per_state};
 * per pstate {@code idle:full} or {@code idle:one-core:all-cores}, of which the first and last count),
 * {@code wattage_off} (checked; a failed node draws nothing in hpcsim) and {@code sleep_pstates}
 * ({@code sleep:off:on}, comma-separated). A sleep pstate draws its idle watts; its switching-off and
 * switching-on pstates compute one flop at their speed, as Batsim does, at their full watts. Computing
 * speeds are relative to the host's first computing pstate. The master host (a {@code role} property
 * {@code master}, or without a role the host named {@code master_host}, Batsim's default) is not a
 * compute node; storage hosts ({@code role=storage}) neither. Other elements are ignored, each kind
 * named once in a note.
 */
public final class BatsimPlatform {

    /**
     * The compute hosts in file order, with their power states and the pstate they start in; notes on
     * what was ignored.
     */
    public record Platform(List<String> hosts, List<PowerStates> states, int pstate, List<String> notes) {
    }

    /** Elements that only structure the file or are read: no note for them. */
    private static final java.util.Set<String> KNOWN = java.util.Set.of("platform", "zone", "AS", "host", "prop");
    private static final Pattern SPEED = Pattern.compile("([0-9.eE+-]+)\\s*([kMGTPEZY]?)f(lops)?");
    private static final String PREFIXES = "kMGTPEZY";

    private BatsimPlatform() {
    }

    /** Reads the file; a malformed one is an {@link InputException} naming its line and field. */
    public static Platform read(Path file) {
        Handler h = new Handler(file);
        try (InputStream in = Files.newInputStream(file)) {
            SAXParserFactory f = SAXParserFactory.newInstance();
            // A platform's DOCTYPE names SimGrid's DTD on the web: it is neither fetched nor needed.
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.newSAXParser().parse(in, h);
        } catch (SAXParseException e) {
            throw new InputException(file, Math.max(e.getLineNumber(), 0), "xml", "expected a well-formed platform"
                    + " file: " + e.getMessage());
        } catch (SAXException e) {
            if (e.getCause() instanceof InputException bad) {
                throw bad;
            }
            throw new InputException(file, 0, "xml", "expected a platform file: " + e.getMessage());
        } catch (IOException e) {
            throw FileErrors.reading(file, "platform", e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        return h.result();
    }

    /** One host as read: where it starts, its attributes and properties. */
    private static final class Host {
        final String id;
        final long line;
        final String speed;
        final String pstate;
        final Map<String, String> props = new LinkedHashMap<>();
        final Map<String, Long> propLines = new LinkedHashMap<>();

        Host(String id, long line, String speed, String pstate) {
            this.id = id;
            this.line = line;
            this.speed = speed;
            this.pstate = pstate;
        }
    }

    private static final class Handler extends DefaultHandler {
        private final Path file;
        private Locator locator;
        private Host host;
        private final List<Host> hosts = new ArrayList<>();
        private final TreeSet<String> ignored = new TreeSet<>();

        Handler(Path file) {
            this.file = file;
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        private long line() {
            return locator == null ? 0 : locator.getLineNumber();
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes a) throws SAXException {
            if (qName.equals("host")) {
                String id = a.getValue("id");
                if (id == null || a.getValue("speed") == null) {
                    throw bad(line(), id == null ? "host.id" : "host.speed", "expected a host with an id and a speed");
                }
                host = new Host(id, line(), a.getValue("speed"), a.getValue("pstate"));
            } else if (qName.equals("prop") && host != null) {
                String id = a.getValue("id");
                String value = a.getValue("value");
                if (id == null || value == null) {
                    throw bad(line(), "prop", "expected a prop with an id and a value");
                }
                host.props.put(id, value);
                host.propLines.put(id, line());
            } else if (!KNOWN.contains(qName)) {
                ignored.add(qName);
            }
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            if (qName.equals("host")) {
                hosts.add(host);
                host = null;
            }
        }

        private SAXException bad(long line, String field, String message) {
            return new SAXException(new InputException(file, line, field, message));
        }

        Platform result() {
            List<String> names = new ArrayList<>();
            List<PowerStates> states = new ArrayList<>();
            int pstate = -1;
            for (Host h : hosts) {
                String role = h.props.get("role");
                if (role != null ? !role.isEmpty() && !role.equals("compute_node") : h.id.equals("master_host")) {
                    continue;
                }
                names.add(h.id);
                PowerStates s = states(h);
                states.add(s);
                int start = h.pstate == null ? 0 : integer(h, h.pstate, "host.pstate", h.line);
                if (!s.computing(start)) {
                    throw new InputException(file, h.line, "host.pstate", "host " + h.id + ": expected a computing"
                            + " pstate to start in, found " + start);
                }
                if (pstate >= 0 && start != pstate) {
                    throw new InputException(file, h.line, "host.pstate", "host " + h.id + ": expected every compute"
                            + " host to start in pstate " + pstate + " (hpcsim starts all nodes in one), found " + start);
                }
                pstate = start;
            }
            if (names.isEmpty()) {
                throw new InputException(file, 0, "host", "expected at least one compute host (a host that is not"
                        + " the master, role=master or master_host, nor storage); <cluster> elements are not read");
            }
            List<String> notes = new ArrayList<>();
            if (!ignored.isEmpty()) {
                notes.add("platform " + file.getFileName() + ": ignored " + String.join(", ", ignored.stream()
                        .map(e -> "<" + e + ">").toList()) + " (hpcsim reads the hosts and their power states)");
            }
            return new Platform(List.copyOf(names), List.copyOf(states), pstate, List.copyOf(notes));
        }

        private PowerStates states(Host h) {
            String[] speedText = h.speed.split(",");
            double[] speeds = new double[speedText.length];
            for (int i = 0; i < speeds.length; i++) {
                speeds[i] = speed(h, speedText[i].strip());
            }
            String wattKey = h.props.containsKey("wattage_per_state") ? "wattage_per_state" : "watt_per_state";
            String wattText = h.props.get(wattKey);
            if (wattText == null) {
                throw new InputException(file, h.line, "wattage_per_state", "host " + h.id
                        + ": expected a wattage_per_state property (energy needs each pstate's watts)");
            }
            long wattLine = h.propLines.get(wattKey);
            String[] per = wattText.split(",");
            if (per.length != speeds.length) {
                throw new InputException(file, wattLine, wattKey, "host " + h.id + ": expected " + speeds.length
                        + " pstates' watts (one per speed), found " + per.length);
            }
            double[] idle = new double[per.length];
            double[] full = new double[per.length];
            for (int i = 0; i < per.length; i++) {
                String[] w = per[i].strip().split(":");
                if (w.length < 2 || w.length > 3) {
                    throw new InputException(file, wattLine, wattKey, "host " + h.id + ": expected idle:full or"
                            + " idle:one-core:all-cores watts for pstate " + i + ", found '" + per[i].strip() + "'");
                }
                idle[i] = watts(h, w[0], wattKey, wattLine);
                full[i] = watts(h, w[w.length - 1], wattKey, wattLine);
            }
            if (h.props.containsKey("wattage_off")) {
                watts(h, h.props.get("wattage_off"), "wattage_off", h.propLines.get("wattage_off"));
            }
            // Each pstate's role: computing unless a sleep triple names it.
            PowerStates.State[] states = new PowerStates.State[speeds.length];
            String sleepText = h.props.get("sleep_pstates");
            if (sleepText != null) {
                long line = h.propLines.get("sleep_pstates");
                for (String triple : sleepText.split(",")) {
                    String[] t = triple.strip().split(":");
                    if (t.length != 3) {
                        throw new InputException(file, line, "sleep_pstates", "host " + h.id
                                + ": expected sleep:off:on pstate numbers, found '" + triple.strip() + "'");
                    }
                    int sleep = pstate(h, t[0], speeds.length, line);
                    int off = pstate(h, t[1], speeds.length, line);
                    int on = pstate(h, t[2], speeds.length, line);
                    for (int p : new int[] {off, on}) {
                        // One flop at the virtual pstate's speed, as Batsim's switch processes compute.
                        states[p] = new PowerStates.Transition(SimTime.fromSeconds(1 / speeds[p]), full[p]);
                    }
                    states[sleep] = new PowerStates.Sleep(idle[sleep], off, on);
                }
            }
            double reference = 0;
            for (int i = 0; i < states.length; i++) {
                if (states[i] == null) {
                    if (reference == 0) {
                        reference = speeds[i];
                    }
                    states[i] = new PowerStates.Computing(speeds[i] / reference, idle[i], full[i]);
                }
            }
            try {
                return new PowerStates(List.of(states));
            } catch (IllegalArgumentException e) {
                throw new InputException(file, h.line, "sleep_pstates", "host " + h.id + ": " + e.getMessage());
            }
        }

        private double speed(Host h, String text) {
            Matcher m = SPEED.matcher(text);
            if (m.matches()) {
                try {
                    double v = Double.parseDouble(m.group(1))
                            * Math.pow(1000, m.group(2).isEmpty() ? 0 : PREFIXES.indexOf(m.group(2)) + 1);
                    if (v > 0 && Double.isFinite(v)) {
                        return v;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
            }
            throw new InputException(file, h.line, "host.speed", "host " + h.id + ": expected speeds > 0 in flops"
                    + " such as 100Mf or 0.5f, found '" + text + "'");
        }

        private double watts(Host h, String text, String field, long line) {
            try {
                double v = Double.parseDouble(text.strip());
                if (v >= 0 && Double.isFinite(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new InputException(file, line, field, "host " + h.id + ": expected watts >= 0, found '"
                    + text.strip() + "'");
        }

        private int pstate(Host h, String text, int count, long line) {
            int p = integer(h, text.strip(), "sleep_pstates", line);
            if (p >= count) {
                throw new InputException(file, line, "sleep_pstates", "host " + h.id + ": expected pstates 0 to "
                        + (count - 1) + ", found " + p);
            }
            return p;
        }

        private int integer(Host h, String text, String field, long line) {
            try {
                int v = Integer.parseInt(text.strip());
                if (v >= 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new InputException(file, line, field, "host " + h.id + ": expected a pstate number, found '"
                    + text.strip() + "'");
        }
    }
}
