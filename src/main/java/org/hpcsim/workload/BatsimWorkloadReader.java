package org.hpcsim.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.time.SimTime;

/**
 * Reader of Batsim's JSON workloads (Batsim 4, its {@code docs/input-workload.rst}): one object with
 * {@code nb_res} (a positive integer), {@code jobs} (an array of jobs: {@code id}, {@code subtime},
 * {@code res}, {@code profile}, optionally {@code walltime}; other fields are ignored) and
 * {@code profiles} (an object of named profiles, each with a {@code type}). Plain or gzip.
 *
 * <p>Mapping to a {@link Job}: the run time is the {@code delay} of the job's {@code delay} profile;
 * the estimate is the {@code walltime}, or when it is absent or -1 (Batsim's "no walltime"), the run
 * time times the missing-estimate factor (the SWF rule); processors are {@code res}, which map to
 * nodes by cores-per-node; the submit time is {@code subtime}. Seconds are read exactly from the
 * number's decimal text and rounded to the microsecond by {@link SimTime}'s one rule. The header
 * has {@code MaxProcs} = {@code nb_res}, so {@code machine = auto} gives the workload's machine.
 *
 * <p>Ids are Batsim 4.2's ({@code Job::from_json} and {@code JobIdentifier} in its
 * {@code src/jobs.cpp}): a string, or an integer of 32 bits, which stands for its decimal text; a
 * string that does not hold the workload's name ({@code w0}) is the job's name in it, one that does
 * is {@code w0!NAME}; jobs are told apart by that text, so {@code "07"} and {@code 7} are two jobs,
 * {@code 7} and {@code "7"} one. Batsim's tools see the name ({@link #name()}, {@link #jobNames});
 * hpcsim's job number ({@link Job#id()}) is the name read as an integer when every job's name is one
 * (so such a workload keeps its ids everywhere), and otherwise the job's 1-based position in the
 * file, which no name can collide with. A first pass over the ids decides which.
 *
 * <p>A job whose profile is not a delay profile, or is not defined, one with a negative submission
 * time and one with no resources become jobs with a reject reason. What Batsim would refuse to load
 * is an {@link InputException} naming the file, the line, the field ({@code jobs[3].walltime}) and
 * the job: not JSON, a missing or mistyped field, a walltime that is neither -1 nor positive, a
 * delay profile without a positive {@code delay}. Jobs need not be in submission order
 * ({@link Trace} sorts them then, as for any format).
 *
 * <p>The jobs are streamed, never held as a tree. Profiles are read first: when the document gives
 * them before the jobs, in the same pass; otherwise a first pass skips the jobs to read them and a
 * second pass streams the jobs. Until {@link #next()} has returned null, {@link #header()} may lack
 * an {@code nb_res} given after the jobs.
 */
public final class BatsimWorkloadReader implements TraceReader {
    /**
     * The name of the run's one workload, as Batsim names the first workload given on its command line;
     * a job's id in Batsim's protocol is {@code w0!NAME}.
     */
    public static final String WORKLOAD = "w0";

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    /** A profile as far as hpcsim needs it: its type, and for a delay profile its delay. */
    private record Profile(String name, String type, long delay) {
        boolean isDelay() {
            return type.equals("delay");
        }
    }

    /** A field's value as read: its token, text (a string's without quotes) and line. */
    private record Value(JsonToken token, String text, long line) {
        boolean number() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }

        /** The value as an error message shows it: a string quoted, a number as written. */
        String shown() {
            return token == JsonToken.VALUE_STRING ? "\"" + text + "\"" : text;
        }
    }

    private final Path file;
    private final WorkloadOptions options;
    private final Map<String, Profile> profiles = new HashMap<>();
    private boolean profilesRead;
    private boolean jobsSeen;
    private int nbRes = -1;
    private final boolean twoPasses;
    private JsonParser parser;
    private long bytesRead;
    private int index;
    private long lastArrival;
    private String profile;
    /** The walltime of the job {@link #next()} returned last, microseconds, -1 for none. */
    private long walltime;
    private boolean done;
    /** Batsim's name of the job {@link #next()} returned last (its id without {@code w0!}). */
    private String name;
    /** Whether every job's name is an integer, which is then its number; else jobs go by position. */
    private final boolean integerNames;
    /** When jobs go by position: each name's line, as the run-wide check of numbers cannot see names. */
    private final Map<String, Long> nameLines = new HashMap<>();

    public BatsimWorkloadReader(Path file, WorkloadOptions options) throws IOException {
        this.file = file;
        this.options = options;
        this.integerNames = integerNames();
        JsonParser first = open();
        boolean streaming;
        try {
            streaming = toJobs(first);
        } catch (JsonProcessingException e) {
            first.close();
            throw notJson(e);
        } catch (RuntimeException e) {
            first.close();
            throw e;
        }
        twoPasses = !streaming;
        if (streaming) {
            parser = first;
            return;
        }
        first.close();
        checkTopLevel();
        parser = open();
        try {
            skipTo(parser, "jobs");
        } catch (JsonProcessingException e) {
            parser.close();
            throw notJson(e);
        }
    }

    /**
     * The profile name of every job, by job index ({@link Job#index()}), for outputs that write it back
     * (Batsim's jobs file). Names shared by many jobs are one string.
     */
    public static List<String> profileNames(Path file) {
        List<String> names = new ArrayList<>();
        try (BatsimWorkloadReader r = new BatsimWorkloadReader(file, WorkloadOptions.DEFAULTS)) {
            while (r.next() != null) {
                names.add(r.profile());
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        return names;
    }

    /**
     * What Batsim tells a scheduler of a workload: each job's JSON object as the file writes it, by
     * job index ({@link Job#index()}), and the profiles some job uses, in file order, as written.
     * Batsim forwards a job's description as read (its {@code src/jobs.cpp}: fields it does not use
     * included, no {@code walltime} when the file gives none) and lists the profiles jobs refer to
     * in SIMULATION_BEGINS ({@code src/workload.cpp} drops unreferenced ones). The file has been
     * read by a {@link BatsimWorkloadReader} first, which reports what is wrong with it.
     *
     * @param jobs     each job's object as compact JSON text
     * @param names    each job's Batsim name ({@link #jobNames}): its protocol id is {@code w0!NAME}
     * @param profiles referenced profiles' objects by name, as compact JSON text
     */
    public record Descriptions(List<String> jobs, List<String> names, Map<String, String> profiles) {
    }

    /** The jobs' and profiles' descriptions of a workload ({@link Descriptions}). */
    public static Descriptions descriptions(Path file) {
        ObjectMapper mapper = new ObjectMapper();
        List<String> jobs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Map<String, String> all = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        try (JsonParser p = mapper.getFactory().createParser(TraceFiles.openStream(file, n -> { }))) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("jobs") && value == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode job = p.readValueAsTree();
                        jobs.add(job.toString());
                        JsonNode id = job.get("id");
                        names.add(batsimName(id.isTextual() ? JsonToken.VALUE_STRING : JsonToken.VALUE_NUMBER_INT,
                                id.asText()));
                        used.add(job.path("profile").asText());
                    }
                } else if (name.equals("profiles") && value == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String profile = p.currentName();
                        p.nextToken();
                        all.put(profile, p.readValueAsTree().toString());
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        Map<String, String> profiles = new LinkedHashMap<>();
        all.forEach((name, json) -> {
            if (used.contains(name)) {
                profiles.put(name, json);
            }
        });
        return new Descriptions(List.copyOf(jobs), List.copyOf(names), Collections.unmodifiableMap(profiles));
    }

    /**
     * The walltime of every job as its file writes it, by job index, in microseconds: -1 when the job
     * has none (no {@code walltime}, or -1), as Batsim's jobs file writes it.
     */
    public static long[] walltimes(Path file) {
        List<Long> times = new ArrayList<>();
        try (BatsimWorkloadReader r = new BatsimWorkloadReader(file, WorkloadOptions.DEFAULTS)) {
            while (r.next() != null) {
                times.add(r.walltime);
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        return times.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Batsim's name of every job, by job index: its id as Batsim's tools show it, without the
     * workload's {@code w0!} (Batsim's jobs file writes it as {@code job_id}; the protocol sends
     * {@code w0!NAME}).
     */
    public static List<String> jobNames(Path file) {
        List<String> names = new ArrayList<>();
        try (BatsimWorkloadReader r = new BatsimWorkloadReader(file, WorkloadOptions.DEFAULTS)) {
            while (r.next() != null) {
                names.add(r.name());
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        return names;
    }

    /** Batsim's name of the job {@link #next()} returned last ({@link #jobNames}). */
    public String name() {
        return name;
    }

    /** The profile name of the job {@link #next()} returned last. */
    public String profile() {
        return profile;
    }

    @Override
    public TraceHeader header() {
        return nbRes < 0 ? TraceHeader.EMPTY : new TraceHeader(Map.of("MaxProcs", Integer.toString(nbRes)));
    }

    @Override
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    public Job next() throws IOException {
        if (done) {
            return null;
        }
        try {
            JsonToken t = parser.nextToken();
            if (t == JsonToken.END_ARRAY) {
                finish();
                return null;
            }
            String where = "jobs[" + index + "]";
            if (t != JsonToken.START_OBJECT) {
                throw new InputException(file, line(), where, "expected a job object {\"id\": ..., \"subtime\": ...,"
                        + " \"res\": ..., \"profile\": ...}, found " + describe(t));
            }
            return job(where, line());
        } catch (JsonProcessingException e) {
            throw notJson(e);
        }
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }

    private JsonParser open() throws IOException {
        try {
            return JSON.createParser(TraceFiles.openStream(file, n -> bytesRead = n));
        } catch (JsonProcessingException e) {
            throw notJson(e);
        }
    }

    /**
     * Reads the top level up to the jobs: true when positioned at the start of the jobs array with the
     * profiles read; false at the end of the document (the jobs came before the profiles and were
     * skipped, or are missing).
     */
    private boolean toJobs(JsonParser p) throws IOException {
        JsonToken first = p.nextToken();
        if (first != JsonToken.START_OBJECT) {
            throw new InputException(file, line(p), null, "expected a Batsim workload, a JSON object with"
                    + " \"nb_res\", \"jobs\" and \"profiles\", found " + describe(first));
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "nb_res" -> nbRes = nbRes(p, value);
                case "profiles" -> readProfiles(p, value);
                case "jobs" -> {
                    if (value != JsonToken.START_ARRAY) {
                        throw new InputException(file, line(p), "jobs", "expected an array of jobs, found "
                                + describe(value));
                    }
                    jobsSeen = true;
                    if (profilesRead) {
                        return true;
                    }
                    p.skipChildren();
                }
                default -> p.skipChildren();
            }
        }
        checkEnd(p);
        return false;
    }

    /** Moves the second pass to the start of the jobs array. */
    private void skipTo(JsonParser p, String field) throws IOException {
        p.nextToken();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if (name.equals(field)) {
                return;
            }
            p.skipChildren();
        }
        throw new IllegalStateException("the first pass found \"" + field + "\" in " + file);
    }

    /** After the jobs: the rest of the top level (single pass), then the required fields. */
    private void finish() throws IOException {
        done = true;
        if (!twoPasses) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals("nb_res")) {
                    nbRes = nbRes(parser, value);
                } else {
                    parser.skipChildren();
                }
            }
            checkEnd(parser);
            checkTopLevel();
        }
    }

    /** The object has ended: nothing may follow it. */
    private void checkEnd(JsonParser p) throws IOException {
        JsonToken after = p.nextToken();
        if (after != null) {
            throw new InputException(file, line(p), null, "unexpected " + describe(after)
                    + " after the workload object (a workload file holds one JSON object)");
        }
    }

    /** Every required top-level field was there. */
    private void checkTopLevel() {
        String missing = nbRes < 0 ? "nb_res" : !jobsSeen ? "jobs" : !profilesRead ? "profiles" : null;
        if (missing != null) {
            throw new InputException(file, 0, missing, "missing: a Batsim workload has \"nb_res\", \"jobs\" and"
                    + " \"profiles\"");
        }
    }

    private int nbRes(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                || p.getLongValue() <= 0 || p.getLongValue() > Integer.MAX_VALUE) {
            throw new InputException(file, line(p), "nb_res", "expected a positive integer (the machine's"
                    + " resources), found " + describe(p, value));
        }
        return p.getIntValue();
    }

    private void readProfiles(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_OBJECT) {
            throw new InputException(file, line(p), "profiles", "expected an object of named profiles, found "
                    + describe(value));
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            String where = "profiles." + name;
            long at = line(p);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new InputException(file, line(p), where, "expected a profile object {\"type\": ...}, found "
                        + describe(p.currentToken()));
            }
            Value type = null;
            Value delay = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                Value v = value(p);
                if (field.equals("type")) {
                    type = v;
                } else if (field.equals("delay")) {
                    delay = v;
                }
            }
            if (type == null || type.token() != JsonToken.VALUE_STRING) {
                throw new InputException(file, type == null ? at : type.line(), where + ".type",
                        type == null ? "missing: every profile has a type" : "expected a string, found " + type.shown());
            }
            long micros = -1;
            if (type.text().equals("delay")) {
                if (delay == null) {
                    throw new InputException(file, at, where + ".delay", "missing: a delay profile has a delay (seconds)");
                }
                micros = seconds(delay, where + ".delay", "", "a number of seconds > 0");
                // Batsim refuses a delay of 0 too (src/profiles.cpp: "non-strictly-positive 'delay'").
                if (micros <= 0) {
                    throw new InputException(file, delay.line(), where + ".delay", "expected a number of seconds > 0,"
                            + " found " + delay.shown());
                }
            }
            profiles.put(name, new Profile(name, type.text(), micros));
        }
        profilesRead = true;
    }

    private Job job(String where, long line) throws IOException {
        Value id = null;
        Value subtime = null;
        Value walltime = null;
        Value res = null;
        Value profileName = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            Value v = value(parser);
            switch (field) {
                case "id" -> id = v;
                case "subtime" -> subtime = v;
                case "walltime" -> walltime = v;
                case "res" -> res = v;
                case "profile" -> profileName = v;
                default -> {
                    // Batsim lets users add fields of their own; they do not change how a job runs.
                }
            }
        }
        Value idValue = required(id, where, "id", line, "");
        name = name(idValue, where);
        long jobId;
        if (integerNames) {
            jobId = Long.parseLong(name);
        } else {
            jobId = index + 1;
            Long earlier = nameLines.putIfAbsent(name, idValue.line());
            if (earlier != null) {
                throw new InputException(file, idValue.line(), "job id", WORKLOAD + "!" + name
                        + " is also the id of the job on line " + earlier + ": job ids must be unique");
            }
        }
        String job = "job " + (integer(name) ? name : "\"" + name + "\"") + ": ";
        long submit = seconds(required(subtime, where, "subtime", line, job), where + ".subtime", job,
                "a number of seconds");
        long requested = -1;
        if (walltime != null) {
            requested = seconds(walltime, where + ".walltime", job, "-1 (no walltime) or a number of seconds > 0");
            if (requested != -SimTime.MICROS_PER_SECOND && requested <= 0) {
                throw new InputException(file, walltime.line(), where + ".walltime", job
                        + "expected -1 (no walltime) or a number of seconds > 0, found " + walltime.shown());
            }
        }
        Value r = required(res, where, "res", line, job);
        long procs;
        try {
            procs = r.token() == JsonToken.VALUE_NUMBER_INT ? Long.parseLong(r.text()) : Long.MIN_VALUE;
        } catch (NumberFormatException e) {
            procs = Long.MIN_VALUE;
        }
        if (procs == Long.MIN_VALUE) {
            throw new InputException(file, r.line(), where + ".res", job + "expected an integer (resources), found "
                    + r.shown());
        }
        if (procs > Integer.MAX_VALUE) {
            throw new InputException(file, r.line(), where + ".res", job + "expected at most " + Integer.MAX_VALUE
                    + " resources (the maximum), found " + r.shown());
        }
        Value pv = required(profileName, where, "profile", line, job);
        if (pv.token() != JsonToken.VALUE_STRING) {
            throw new InputException(file, pv.line(), where + ".profile", job + "expected a profile name (a string),"
                    + " found " + pv.shown());
        }
        Profile p = profiles.get(pv.text());
        profile = p != null ? p.name() : pv.text();

        String reason = null;
        if (submit < 0) {
            reason = "negative submission time";
        } else if (p == null) {
            reason = "profile '" + pv.text() + "' is not defined in profiles";
        } else if (!p.isDelay()) {
            reason = "profile '" + p.name() + "' has type '" + p.type() + "'; hpcsim runs delay profiles only";
        } else if (procs <= 0) {
            reason = "no resources requested (res " + procs + ")";
        }
        this.walltime = requested > 0 ? requested : -1;
        long runTime = p != null && p.isDelay() ? p.delay() : -1;
        long arrival = submit >= 0 ? submit : lastArrival;
        lastArrival = arrival;
        long estimate;
        if (requested > 0) {
            estimate = requested;
        } else if (runTime >= 0) {
            estimate = SimTime.fromSeconds(SimTime.toSeconds(runTime) * options.missingEstimate());
        } else {
            estimate = -1;
        }
        estimate = options.effectiveEstimate(estimate, runTime);
        int n = (int) Math.max(0, procs);
        return new Job(index++, jobId, line, submit, arrival, runTime, estimate, n,
                reason == null ? options.nodesFor(n) : 0, null, null, reason);
    }

    /** The current field's value; an object or array is skipped and kept as a token only. */
    private Value value(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        long at = line(p);
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            p.skipChildren();
            return new Value(t, t == JsonToken.START_OBJECT ? "an object" : "an array", at);
        }
        return new Value(t, p.getText(), at);
    }

    private Value required(Value v, String where, String field, long line, String job) {
        if (v == null) {
            throw new InputException(file, line, where + "." + field, job + "missing (a job has id, subtime, res and"
                    + " profile)");
        }
        return v;
    }

    /** Batsim's name of a job whose id is {@code id}, or an error saying what Batsim would expect. */
    private String name(Value id, String where) {
        try {
            return batsimName(id.token(), id.text());
        } catch (IllegalArgumentException e) {
            throw new InputException(file, id.line(), where + ".id", e.getMessage());
        }
    }

    /**
     * Batsim 4.2's name of a job by the token and text of its id ({@code Job::from_json}): an integer
     * is its decimal text; a string without the workload's name is the name, if it has no '!'; one
     * with it splits at runs of '!' (boost::split, token_compress_on) into the workload and the name.
     *
     * @throws IllegalArgumentException what Batsim refuses, with what was expected
     */
    static String batsimName(JsonToken token, String text) {
        String id;
        if (token == JsonToken.VALUE_NUMBER_INT) {
            // Batsim takes an integer id only where rapidjson's IsInt() holds: 32 bits.
            long n = text.length() > 12 ? Long.MAX_VALUE : Long.parseLong(text);
            if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("expected a string or an integer from " + Integer.MIN_VALUE + " to "
                        + Integer.MAX_VALUE + " (Batsim reads an integer id as a 32-bit int), found " + text);
            }
            id = Long.toString(n);
        } else if (token == JsonToken.VALUE_STRING) {
            id = text;
        } else {
            throw new IllegalArgumentException("expected a string or an integer, found "
                    + text);
        }
        String shown = "\"" + id + "\"";
        String name;
        if (!id.contains(WORKLOAD)) {
            if (id.indexOf('!') >= 0) {
                throw new IllegalArgumentException("expected a name without '!' or " + WORKLOAD + "!NAME, found "
                        + shown);
            }
            name = id;
        } else {
            String[] parts = id.split("!+", -1);
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected " + WORKLOAD + "!NAME (two '!'-separated parts, as Batsim"
                        + " reads an id holding the workload's name), found " + shown);
            }
            if (!parts[0].equals(WORKLOAD)) {
                // Batsim loads it, but names it a job of that workload, and fails at the first decision on it.
                throw new IllegalArgumentException("expected " + WORKLOAD + "!NAME, found " + shown + ": Batsim would"
                        + " take it for a job of workload '" + parts[0] + "', which does not exist");
            }
            name = parts[1];
        }
        // Batsim puts WORKLOAD!NAME into the job's description with a regular expression that stops at
        // these characters; the text it makes is not JSON, which it checks, and it stops.
        if (id.chars().anyMatch(c -> "(),|}".indexOf(c) >= 0)) {
            throw new IllegalArgumentException("expected an id without '(', ')', ',', '|' or '}', found " + shown
                    + ": Batsim 4.2 cannot write it into the job's description (src/jobs.cpp) and refuses it");
        }
        return name;
    }

    /** Whether a name is an integer as its decimal text writes it (no sign but '-', no leading zeros). */
    private static boolean integer(String name) {
        try {
            return Long.toString(Long.parseLong(name)).equals(name);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * A pass over the jobs' ids alone: whether every one is an integer name. It stops at the first
     * that is not; what is wrong with the file is left to the reading pass, which says where.
     */
    private boolean integerNames() throws IOException {
        try (JsonParser p = JSON.createParser(TraceFiles.openStream(file, n -> { }))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return true;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                boolean jobs = p.currentName().equals("jobs");
                if (p.nextToken() != JsonToken.START_ARRAY || !jobs) {
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        boolean isId = p.currentName().equals("id");
                        JsonToken t = p.nextToken();
                        if (isId && !integer(batsimName(t, p.getText()))) {
                            return false;
                        }
                        p.skipChildren();
                    }
                }
                return true;
            }
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return false;
        }
        return true;
    }

    /** A number of seconds as exact microseconds, within the range every trace reader accepts. */
    private long seconds(Value v, String field, String job, String expected) {
        if (v.number()) {
            try {
                long micros = SimTime.parseSeconds(v.text());
                if (Math.abs(micros) <= Fields.MAX_SECONDS * SimTime.MICROS_PER_SECOND) {
                    return micros;
                }
            } catch (ArithmeticException | IllegalArgumentException e) {
                // out of range, reported below
            }
            throw new InputException(file, v.line(), field, job + "expected " + expected + ", at most 1e12 s, found "
                    + v.shown());
        }
        throw new InputException(file, v.line(), field, job + "expected " + expected + ", found " + v.shown());
    }

    private InputException notJson(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        long line = at == null ? 0 : Math.max(0, at.getLineNr());
        String column = at == null || at.getColumnNr() < 1 ? "" : "column " + at.getColumnNr() + ": ";
        return new InputException(file, line, null, column + "not a valid JSON workload: " + plain(e.getOriginalMessage()));
    }

    /**
     * Jackson's message in words: an unclosed object or array says which character was expected
     * and where the object began, without the source description Jackson embeds in that location.
     */
    static String plain(String message) {
        Matcher m = UNCLOSED.matcher(message);
        if (m.find()) {
            boolean object = m.group(2).equals("Object");
            return m.group(1) + "expected '" + (object ? "}" : "]") + "' closing the " + (object ? "object" : "array")
                    + " that begins at line " + m.group(3) + ", column " + m.group(4);
        }
        return message.replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
    }

    private static final Pattern UNCLOSED = Pattern.compile("^(.*?)expected close marker for (Object|Array)"
            + " \\(start marker at \\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]\\)");

    private long line() {
        return line(parser);
    }

    private static long line(JsonParser p) {
        return Math.max(0, p.currentTokenLocation().getLineNr());
    }

    private static String describe(JsonToken t) {
        if (t == null) {
            return "the end of the file";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }

    private static String describe(JsonParser p, JsonToken t) throws IOException {
        return t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT ? p.getText() : describe(t);
    }
}
