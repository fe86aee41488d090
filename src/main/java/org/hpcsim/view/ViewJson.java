package org.hpcsim.view;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.hpcsim.sim.LiveFrame;
import org.hpcsim.sim.LiveLayout;
import org.hpcsim.time.SimTime;

/**
 * The socket's messages as JSON: what the server sends (the layout, frames, the time series, replies)
 * and the controls it takes. Times go out in seconds.
 */
final class ViewJson {
    /** The longest control message taken; anything longer is hostile. */
    static final int MAX_MESSAGE = 4096;

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
            .configure(JsonParser.Feature.STRICT_DUPLICATE_DETECTION, true);
    private static final List<String> VERBS = List.of("pause", "resume", "step", "until", "speed", "inject", "stop",
            "seek");
    private static final Set<String> FIELDS = Set.of("type", "time", "speed", "event", "token", "id");

    private ViewJson() {
    }

    /** The controls' names. */
    static List<String> verbs() {
        return VERBS;
    }

    /** A control as parsed from the socket, with the token and the page's id for the reply. */
    record Control(Command command, String token, long id) {
    }

    /**
     * Parses a control: {@code {"type":"inject","event":"at 3600s fail node 3","id":7}}; {@code until}
     * takes {@code time}, {@code speed} takes {@code speed} (a number or {@code "max"}).
     *
     * @throws BadMessage if it is not JSON, not an object of known fields, or not a known type
     */
    static Control parse(String text) throws BadMessage {
        if (text.length() > MAX_MESSAGE) {
            throw new BadMessage("message of " + text.length() + " characters, over " + MAX_MESSAGE);
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadMessage("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new BadMessage("not a JSON object");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new BadMessage("unknown field '" + clip(f) + "'");
            }
        }
        String type = text(root, "type");
        if (type == null || !VERBS.contains(type)) {
            throw new BadMessage("unknown type " + (type == null ? "(none)" : "'" + clip(type) + "'")
                    + "; expected one of " + String.join(", ", VERBS));
        }
        String argument = switch (type) {
            case "until", "seek" -> required(root, "time");
            case "inject" -> required(root, "event");
            case "speed" -> {
                JsonNode s = root.get("speed");
                if (s == null || !(s.isNumber() || s.isTextual())) {
                    throw new BadMessage("speed needs 'speed': a number of simulated seconds per second, or \"max\"");
                }
                yield s.asText();
            }
            default -> "";
        };
        JsonNode id = root.get("id");
        if (id != null && !id.canConvertToLong()) {
            throw new BadMessage("'id' is not an integer");
        }
        return new Control(new Command(type, argument), text(root, "token"), id == null ? 0 : id.asLong());
    }

    private static String required(JsonNode root, String field) throws BadMessage {
        String v = text(root, field);
        if (v == null) {
            throw new BadMessage("'" + root.get("type").asText() + "' needs the text field '" + field + "'");
        }
        return v;
    }

    private static String text(JsonNode root, String field) throws BadMessage {
        JsonNode n = root.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw new BadMessage("'" + field + "' is not a string");
        }
        return n.asText();
    }

    /** At most 40 characters of something a client sent, for a reason. */
    static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /** Writes one JSON value with a generator. */
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    static String json(Body body) {
        StringWriter w = new StringWriter(256);
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** {@code {"type":"reply","id":..,"ok":true,"text":..}} or with {@code "ok":false,"reason":..}. */
    static String reply(long id, boolean ok, String text) {
        return json(g -> {
            g.writeStartObject();
            g.writeStringField("type", "reply");
            g.writeNumberField("id", id);
            g.writeBooleanField("ok", ok);
            g.writeStringField(ok ? "text" : "reason", text);
            g.writeEndObject();
        });
    }

    /** {@code {"type":"error","reason":..}}: the connection is about to close. */
    static String error(String reason) {
        return json(g -> {
            g.writeStartObject();
            g.writeStringField("type", "error");
            g.writeStringField("reason", reason);
            g.writeEndObject();
        });
    }

    static void layout(JsonGenerator g, LiveLayout l) throws IOException {
        g.writeStartObject();
        g.writeStringField("machine", l.machine());
        g.writeStringField("kind", l.kind());
        g.writeNumberField("nodes", l.nodes());
        g.writeNumberField("width", l.width());
        g.writeNumberField("height", l.height());
        ints(g, "x", l.x());
        ints(g, "y", l.y());
        ints(g, "linkFrom", l.linkFrom());
        ints(g, "linkTo", l.linkTo());
        if (l.roomX() != null) {
            g.writeNumberField("roomWidth", l.roomWidth());
            g.writeNumberField("roomHeight", l.roomHeight());
            ints(g, "roomX", l.roomX());
            ints(g, "roomY", l.roomY());
        }
        g.writeEndObject();
    }

    /** The frame's fields, inside an object the caller opened. */
    static void frame(JsonGenerator g, LiveFrame f) throws IOException {
        g.writeStringField("state", f.state());
        g.writeNumberField("t", SimTime.toSeconds(f.clock()));
        seconds(g, "next", f.next());
        ints(g, "nodes", f.nodeState());
        g.writeArrayFieldStart("jobs");
        for (long j : f.nodeJob()) {
            g.writeNumber(j);
        }
        g.writeEndArray();
        g.writeNumberField("queued", f.queued());
        number(g, "queueWork", f.queueWork());
        g.writeNumberField("running", f.runningCount());
        g.writeNumberField("busy", f.busy());
        g.writeNumberField("down", f.down());
        g.writeNumberField("drained", f.drained());
        g.writeNumberField("ended", f.ended());
        g.writeArrayFieldStart("queue");
        for (LiveFrame.QueuedJob j : f.queue()) {
            g.writeStartArray();
            g.writeNumber(j.id());
            g.writeNumber(j.nodes());
            g.writeNumber(SimTime.toSeconds(j.estimate()));
            g.writeNumber(SimTime.toSeconds(j.arrival()));
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("runningJobs");
        for (LiveFrame.RunningJob j : f.running()) {
            g.writeStartArray();
            g.writeNumber(j.id());
            g.writeNumber(j.nodes());
            g.writeNumber(SimTime.toSeconds(j.start()));
            g.writeNumber(SimTime.toSeconds(j.estimatedEnd()));
            g.writeEndArray();
        }
        g.writeEndArray();
        LiveFrame.RoomState r = f.room();
        if (r != null) {
            g.writeObjectFieldStart("room");
            number(g, "it", r.itPower());
            number(g, "cooling", r.coolingPower());
            number(g, "supply", r.supply());
            number(g, "hottest", r.hottest());
            g.writeNumberField("hottestNode", r.hottestNode());
            number(g, "redline", r.redline());
            g.writeNumberField("units", r.units());
            ints(g, "unitsDown", r.unitsDown());
            if (r.inlets() != null) {
                g.writeArrayFieldStart("inlets");
                for (double v : r.inlets()) {
                    g.writeNumber(Math.round(v * 100) / 100.0);
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        }
        g.writeArrayFieldStart("links");
        for (long v : f.linkLoads()) {
            g.writeNumber(v);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("events");
        for (LiveFrame.Event e : f.events()) {
            g.writeStartArray();
            g.writeNumber(SimTime.toSeconds(e.time()));
            g.writeString(e.event());
            g.writeString(e.target());
            g.writeString(e.effect());
            g.writeString(e.cause());
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    static void ints(JsonGenerator g, String name, int[] values) throws IOException {
        g.writeArrayFieldStart(name);
        for (int v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    /** A positive number as the page's speed menu writes it: {@code 3600}, not {@code 3600.0}. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** A number, or null for NaN and infinities (JSON has neither). */
    static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumberField(name, v);
        } else {
            g.writeNullField(name);
        }
    }

    private static void seconds(JsonGenerator g, String name, long time) throws IOException {
        if (time == SimTime.NEVER) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, SimTime.toSeconds(time));
        }
    }
}
