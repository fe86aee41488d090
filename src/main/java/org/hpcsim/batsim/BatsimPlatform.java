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
 * compute node; storage hosts ({@code role=storage}) neither. A {@code <cluster>} (or
 * {@code <cabinet>}) stands for its hosts, {@code prefix + n + suffix} for each n of its
 * {@code radical} ("0-127", "0-3,8"), each with its speed and its {@code <prop>}s, as SimGrid makes
 * them. Other elements are ignored, each kind named once in a note.
 *
 * <p>Compute hosts are numbered in the order of their names (byte for byte), not the file's: SimGrid
 * lists its hosts so ({@code Engine::get_all_hosts}), and Batsim 4.2 numbers its machines in that
 * order (its sort by name with numbers compared as numbers works on a copy, so it changes nothing:
 * host10 comes before host2). Leading blank lines before the XML declaration, which Batsim's own
 * 128-host platforms have and SimGrid's parser accepts, are skipped.
 */
public final class BatsimPlatform {

    /**
     * The compute hosts in the order Batsim numbers them, with their power states, the pstate they start
     * in and their {@code <prop>}s (by name, as Batsim hands them to a scheduler); notes on what was ignored.
     */
    public record Platform(List<String> hosts, List<PowerStates> states, int pstate,
                           List<Map<String, String>> properties, List<String> notes) {
    }

    /** Elements that only structure the file or are read: no note for them. */
    private static final java.util.Set<String> KNOWN = java.util.Set.of("platform", "zone", "AS", "host", "prop",
            "cluster", "cabinet");
    private static final Pattern SPEED = Pattern.compile("([0-9.eE+-]+)\\s*([kMGTPEZY]?)f(lops)?");
    private static final String PREFIXES = "kMGTPEZY";
    /** The most hosts a cluster's radical may name (a typo such as 0-1e9 fails here, not out of memory). */
    private static final long MAX_HOSTS = 10_000_000;

    private BatsimPlatform() {
    }

    /** Reads the file; a malformed one is an {@link InputException} naming its line and field. */
    public static Platform read(Path file) {
        Handler h = new Handler(file);
        try (InputStream in = skipLeadingBlanks(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
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

    /** {@code in} from its first byte that is not a blank (an XML declaration must come first to the JDK's parser). */
    private static InputStream skipLeadingBlanks(java.io.BufferedInputStream in) throws IOException {
        while (true) {
            in.mark(1);
            int b = in.read();
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                in.reset();
                return in;
            }
        }
    }

    /** Host names in the order SimGrid lists its hosts: std::string's, byte for byte (UTF-8). */
    private static final java.util.Comparator<Host> BY_NAME = (a, b) -> java.util.Arrays.compareUnsigned(
            a.id.getBytes(java.nio.charset.StandardCharsets.UTF_8), b.id.getBytes(java.nio.charset.StandardCharsets.UTF_8));

    /** A {@code <cluster>} or {@code <cabinet>} as read: its hosts are {@code prefix + n + suffix}, n in the radical. */
    private record Cluster(String element, String radical, String prefix, String suffix) {
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
        /** The host or cluster being read (a cluster is read as one host, then stands for its hosts). */
        private Host host;
        /** The cluster being read, or null. */
        private Cluster cluster;
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
            } else if (qName.equals("cluster") || qName.equals("cabinet")) {
                String id = a.getValue("id");
                String radical = a.getValue("radical");
                if (id == null || a.getValue("speed") == null || radical == null) {
                    throw bad(line(), qName + (id == null ? ".id" : a.getValue("speed") == null ? ".speed" : ".radical"),
                            "expected a " + qName + " with an id, a speed and a radical");
                }
                host = new Host(id, line(), a.getValue("speed"), null);
                cluster = new Cluster(qName, radical, a.getValue("prefix") == null ? "" : a.getValue("prefix"),
                        a.getValue("suffix") == null ? "" : a.getValue("suffix"));
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
        public void endElement(String uri, String localName, String qName) throws SAXException {
            if (qName.equals("host")) {
                hosts.add(host);
                host = null;
            } else if (cluster != null && qName.equals(cluster.element())) {
                for (long n : radical(cluster.element(), cluster.radical(), host.line)) {
                    Host one = new Host(cluster.prefix() + n + cluster.suffix(), host.line, host.speed, null);
                    one.props.putAll(host.props);
                    one.propLines.putAll(host.propLines);
                    hosts.add(one);
                }
                host = null;
                cluster = null;
            }
        }

        /** A radical's numbers: comma-separated numbers and ranges ("0-127", "0-3,8"), in its order. */
        private List<Long> radical(String element, String text, long line) throws SAXException {
            List<Long> numbers = new ArrayList<>();
            for (String part : text.split(",")) {
                String[] range = part.strip().split("-");
                try {
                    long from = Long.parseLong(range[0].strip());
                    long to = range.length == 2 ? Long.parseLong(range[1].strip()) : from;
                    if (range.length <= 2 && from >= 0 && to >= from && numbers.size() + (to - from) < MAX_HOSTS) {
                        for (long n = from; n <= to; n++) {
                            numbers.add(n);
                        }
                        continue;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                throw bad(line, element + ".radical", "expected numbers and ranges such as 0-127 or 0-3,8 (at most "
                        + MAX_HOSTS + " hosts), found '" + part.strip() + "'");
            }
            return numbers;
        }

        private SAXException bad(long line, String field, String message) {
            return new SAXException(new InputException(file, line, field, message));
        }

        Platform result() {
            List<String> names = new ArrayList<>();
            List<PowerStates> states = new ArrayList<>();
            List<Map<String, String>> properties = new ArrayList<>();
            int pstate = -1;
            hosts.sort(BY_NAME);
            for (int i = 1; i < hosts.size(); i++) {
                if (hosts.get(i).id.equals(hosts.get(i - 1).id)) {
                    throw new InputException(file, hosts.get(i).line, "host.id", "expected host names used once, found '"
                            + hosts.get(i).id + "' again (first on line " + hosts.get(i - 1).line + ")");
                }
            }
            for (Host h : hosts) {
                String role = h.props.get("role");
                if (role != null ? !role.isEmpty() && !role.equals("compute_node") : h.id.equals("master_host")) {
                    continue;
                }
                names.add(h.id);
                properties.add(java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(h.props)));
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
                        + " the master, role=master or master_host, nor storage)");
            }
            List<String> notes = new ArrayList<>();
            if (!ignored.isEmpty()) {
                notes.add("platform " + file.getFileName() + ": ignored " + String.join(", ", ignored.stream()
                        .map(e -> "<" + e + ">").toList()) + " (hpcsim reads the hosts and their power states)");
            }
            return new Platform(List.copyOf(names), List.copyOf(states), pstate, List.copyOf(properties),
                    List.copyOf(notes));
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
