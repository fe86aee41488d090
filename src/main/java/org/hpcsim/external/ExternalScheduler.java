package org.hpcsim.external;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.batsim.BatsimNames;
import org.hpcsim.batsim.BatsimPlatform;
import org.hpcsim.batsim.IntervalSet;
import org.hpcsim.scheduling.ReactivePolicy;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.scheduling.SchedulingAbortedException;
import org.hpcsim.scheduling.SchedulingContext;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.BatsimWorkloadReader;
import org.hpcsim.workload.JobStatus;

/**
 * A scheduler in another process, driven over Batsim's JSON protocol (Batsim 4.x, as pybatsim 3.x
 * speaks it: {@code docs/protocol.rst} of oar-team/batsim). hpcsim plays Batsim: what the scheduler
 * actor learns during an instant (jobs submitted, jobs completed or killed, nodes leaving or
 * returning to service, requested calls) becomes the events of one request, sent at the instant's
 * scheduling pass with {@code now} = the instant; the reply's decisions are applied at their
 * timestamps: at once when that is now, else by a call at that time.
 *
 * <p>Mapping (documented in docs/batsim.md): resources are the machine's nodes, resource id = node
 * id; a job is {@code w0!NAME} ({@link BatsimNames}: a Batsim workload's name for it, else its id)
 * with {@code res} = its nodes, {@code walltime} = the workload's walltime (or -1) and its profile,
 * forwarded. Node failures and drains are
 * {@code NOTIFY event_machine_unavailable}, repairs and resumes {@code event_machine_available}.
 * {@code EXECUTE_JOB} must name a queued job and exactly free, in-service nodes (a malleable job:
 * between its least and its requested size); anything else is an invalid decision that stops the
 * run. {@code SET_RESOURCE_STATE} is carried out with Batsim's semantics when node power states are
 * modelled ({@code energy.enabled}): switches take their transition's time and
 * {@code RESOURCE_STATE_CHANGED} follows when every node of the request is done; a request Batsim would
 * refuse or leave hanging (a computing node, a switching one, a pstate that is neither a computing nor
 * a sleep state) is an invalid decision. Without power states it is checked (existing resources, an
 * integer state) and acknowledged at once, changing nothing. {@code QUERY consumed_energy} is answered
 * ({@code ANSWER}) with the joules the nodes drew since time 0; dynamic job registration, other queries
 * and job metadata are not supported.
 *
 * <p>Created by the registry unconnected (so that a configuration can be checked without a
 * scheduler running); {@link #open} connects it before the run, {@link #close} after.
 */
public final class ExternalScheduler implements ReactivePolicy, AutoCloseable {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Successive exchanges within one instant after which a scheduler is taken to be looping. */
    static final int MAX_EXCHANGES_PER_INSTANT = 100_000;

    /** A KILL_JOB waiting for its jobs to end: then JOB_KILLED acknowledges it. */
    private static final class KillRequest {
        final List<String> ids;
        final ObjectNode progress = JSON.objectNode();
        int outstanding;

        KillRequest(List<String> ids) {
            this.ids = ids;
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Path workload;
    /** The jobs' and profiles' descriptions of a Batsim workload, or null for other traces. */
    private BatsimWorkloadReader.Descriptions descriptions;
    private int nodes;
    private BatsimPlatform.Platform platform;
    /** How long an event takes to reach the scheduler ({@code scheduler.external.decision-latency}), µs. */
    private long latency;
    /** The NOTIFY no_more_static_job_to_submit, held for a message after the last submission's. */
    private ObjectNode noMoreJobs;
    /** Running (and killed, until reported) jobs' start sequence numbers, by protocol id. */
    private final Map<String, Long> started = new HashMap<>();
    private long starts;
    private BatsimConnection connection;
    private boolean begun;
    private boolean ended;
    /** Queued jobs by protocol id, in submission order. */
    private final LinkedHashMap<String, Job> queued = new LinkedHashMap<>();
    /** Running jobs' indices by protocol id. */
    private final Map<String, Integer> running = new HashMap<>();
    /** Profile names of every job ever submitted by protocol id, to tell an unknown id from an ended job. */
    private final Map<String, String> submitted = new HashMap<>();
    /** Kill requests by the running job ids they wait for. */
    private final Map<String, KillRequest> killing = new HashMap<>();
    /** Events of the next request, in the order they happened. */
    private final ArrayNode events = JSON.arrayNode();
    /** Decisions due later than the reply that made them, by time. */
    private final TreeMap<Long, List<JsonNode>> deferred = new TreeMap<>();
    /** Calls the scheduler asked for (CALL_ME_LATER), by time: how many at each. */
    private final TreeMap<Long, Integer> requestedCalls = new TreeMap<>();
    /** Until when the scheduler is busy deciding (a reply's {@code now}): no request before then. */
    private long busyUntil;
    private long exchangeInstant = -1;
    private int exchangesThisInstant;

    /**
     * Connects to the scheduler. {@code workload}: the trace (its path is announced in
     * SIMULATION_BEGINS); {@code descriptions}: its jobs and profiles when it is a Batsim workload,
     * else null; {@code nodes}: the machine's size; {@code platform}: the Batsim platform its nodes are
     * (their names and properties are announced), or null (nodes {@code node_0}, ...).
     */
    public void open(ExternalOptions options, Path workload, BatsimWorkloadReader.Descriptions descriptions,
                     int nodes, BatsimPlatform.Platform platform) {
        if (connection != null) {
            throw new IllegalStateException("already open");
        }
        this.workload = workload.toAbsolutePath();
        this.descriptions = descriptions;
        this.nodes = nodes;
        this.platform = platform;
        this.latency = options.decisionLatencyMicros();
        this.connection = new BatsimConnection(options);
    }

    @Override
    public void enqueue(Job job) {
        String id = id(job);
        ObjectNode description;
        ObjectNode profile;
        if (descriptions != null) {
            // Batsim forwards the job as its workload writes it, the id made WORKLOAD!ID (src/jobs.cpp);
            // res becomes nodes, which is res itself unless workload.cores-per-node says otherwise.
            description = parse(descriptions.jobs().get(job.index()));
            description.put("id", id);
            description.put("res", job.nodes());
            profile = parse(descriptions.profiles().get(description.get("profile").asText()));
        } else {
            description = JSON.objectNode();
            description.put("id", id);
            description.put("subtime", seconds(job.submit()));
            long walltime = BatsimNames.walltime(job);
            description.put("walltime", walltime > 0 ? seconds(walltime) : -1);
            description.put("res", job.nodes());
            description.put("profile", "delay_" + job.id());
            profile = JSON.objectNode();
            profile.put("type", "delay");
            profile.put("delay", seconds(job.runTime()));
        }
        if (submitted.putIfAbsent(id, description.get("profile").asText()) != null) {
            throw new SchedulingAbortedException("job id " + id + " (trace line " + job.line() + ") is not unique;"
                    + " the Batsim protocol names jobs by id");
        }
        queued.put(id, job);
        ObjectNode data = JSON.objectNode();
        data.put("job_id", id);
        data.set("job", description);
        data.set("profile", profile);
        // Batsim submits the jobs of one instant sorted by id as a string (job_comparator_subtime_number).
        event(job.arrival(), "JOB_SUBMITTED", data, (a, b) -> byBytes(a.get("data").get("job_id").asText(),
                b.get("data").get("job_id").asText()));
    }

    @Override
    public void jobEnded(RunningJob run, JobStatus status, String reason, long time) {
        String id = id(run.queued());
        running.remove(id);
        KillRequest kill = killing.remove(id);
        if (kill == null || status != JobStatus.KILLED) {
            ObjectNode data = JSON.objectNode();
            data.put("job_id", id);
            data.put("job_state", state(status));
            data.put("return_code", status == JobStatus.COMPLETED ? 0 : -1);
            data.put("alloc", IntervalSet.format(run.nodes()));
            // Batsim reports the jobs that end at one instant in the order they started.
            event(time, "JOB_COMPLETED", data, (a, b) -> Long.compare(started.get(a.get("data").get("job_id").asText()),
                    started.get(b.get("data").get("job_id").asText())));
        } else {
            started.remove(id);
            ObjectNode progress = kill.progress.putObject(id);
            progress.put("profile", submitted.get(id));
            long runTime = run.job().runTime();
            progress.put("progress", runTime <= 0 ? 0.0 : Math.min(1.0, (time - run.start()) / (double) runTime));
        }
        if (kill != null && --kill.outstanding == 0) {
            killed(kill, time);
        }
    }

    @Override
    public void powerStateChanged(int[] changed, int pstate, long time) {
        ObjectNode data = JSON.objectNode();
        data.put("resources", IntervalSet.format(changed));
        data.put("state", String.valueOf(pstate));
        event(time, "RESOURCE_STATE_CHANGED", data, null);
    }

    @Override
    public void nodesUnavailable(int[] nodes, long time) {
        notify(time, "event_machine_unavailable", nodes);
    }

    @Override
    public void nodesAvailable(int[] nodes, long time) {
        notify(time, "event_machine_available", nodes);
    }

    @Override
    public void traceEnded(long time) {
        ObjectNode data = JSON.objectNode();
        data.put("type", "no_more_static_job_to_submit");
        // Batsim's submitter says goodbye after its last submission: the notice comes in a message of its own.
        noMoreJobs = event(time, "NOTIFY", data, null);
    }

    @Override
    public void called(long time) {
        Integer calls = requestedCalls.remove(time);
        for (int i = 0; calls != null && i < calls; i++) {
            event(time, "REQUESTED_CALL", JSON.objectNode(), null);
        }
    }

    @Override
    public void schedule(SchedulingContext context) {
        long now = context.now();
        if (!begun) {
            begun = true;
            exchange(0, List.of(simulationBegins()), context);
        }
        List<JsonNode> due = deferred.remove(now);
        if (due != null) {
            for (JsonNode decision : due) {
                apply(decision, context);
            }
        }
        sendDue(context);
        if (events.isEmpty() && noMoreJobs != null) {
            events.add(noMoreJobs);
            noMoreJobs = null;
            sendDue(context);
        }
    }

    /**
     * Sends the events that have reached the scheduler by now (those stamped now or before: an event
     * reaches it the decision latency after it happened), once the scheduler is no longer busy; asks
     * for a call when the rest will have.
     */
    private void sendDue(SchedulingContext context) {
        long now = context.now();
        if (events.isEmpty()) {
            return;
        }
        if (now < busyUntil) {
            context.callAt(busyUntil);
            return;
        }
        List<JsonNode> request = new ArrayList<>();
        while (!events.isEmpty() && micros(events.get(0).get("timestamp"), "timestamp", events.get(0)) <= now) {
            request.add(events.remove(0));
        }
        if (!request.isEmpty()) {
            forgetReported(request);
            exchange(now, request, context);
        }
        if (!events.isEmpty()) {
            context.callAt(Math.max(busyUntil, micros(events.get(0).get("timestamp"), "timestamp", events.get(0))));
        }
    }

    /** Completed jobs' start numbers are needed until their completion is sent. */
    private void forgetReported(List<JsonNode> request) {
        for (JsonNode e : request) {
            if (e.get("type").asText().equals("JOB_COMPLETED")) {
                started.remove(e.get("data").get("job_id").asText());
            }
        }
    }

    @Override
    public void runEnds(long time) {
        if (connection == null || ended) {
            return;
        }
        ended = true;
        if (!begun) {
            return; // nothing was ever submitted: the scheduler never heard of the run
        }
        List<JsonNode> request = new ArrayList<>();
        events.forEach(request::add);
        events.removeAll();
        if (noMoreJobs != null) {
            request.add(noMoreJobs);
        }
        long last = time;
        for (JsonNode e : request) {
            last = Math.max(last, micros(e.get("timestamp"), "timestamp", e));
        }
        time = Math.max(last, busyUntil);
        ObjectNode end = JSON.objectNode();
        end.put("timestamp", seconds(time));
        end.put("type", "SIMULATION_ENDS");
        end.putObject("data");
        request.add(end);
        send(time, request);
    }

    @Override
    public int queueLength() {
        return queued.size();
    }

    @Override
    public List<Job> queued() {
        return List.copyOf(queued.values());
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
    }

    /** One request and its reply; the reply's decisions due now are applied, later ones deferred. */
    private void exchange(long now, List<JsonNode> request, SchedulingContext context) {
        if (now != exchangeInstant) {
            exchangeInstant = now;
            exchangesThisInstant = 0;
        }
        if (++exchangesThisInstant > MAX_EXCHANGES_PER_INSTANT) {
            throw new SchedulingAbortedException("the external scheduler was called " + MAX_EXCHANGES_PER_INSTANT
                    + " times at t=" + seconds(now) + " s without time moving on (a CALL_ME_LATER at now, again and"
                    + " again?)");
        }
        JsonNode reply = send(now, request);
        long replyNow = micros(reply.get("now"), "now", reply);
        if (replyNow < now) {
            throw malformed("its now (" + seconds(replyNow) + ") lies before the request's (" + seconds(now) + ")",
                    reply);
        }
        busyUntil = replyNow;
        long last = now;
        for (JsonNode decision : reply.get("events")) {
            if (!decision.isObject() || !decision.path("type").isTextual() || !decision.path("data").isObject()) {
                throw malformed("an event is not an object with timestamp, type and data", decision);
            }
            long t = micros(decision.get("timestamp"), "timestamp", decision);
            if (t < last) {
                throw malformed("event timestamps must not decrease, and none may lie before the request's now ("
                        + seconds(now) + " s)", decision);
            }
            if (t > replyNow) {
                throw malformed("an event's timestamp lies after the message's now (" + seconds(replyNow) + " s)",
                        decision);
            }
            last = t;
            if (t == context.now()) {
                apply(decision, context);
            } else {
                deferred.computeIfAbsent(t, k -> new ArrayList<>()).add(decision);
                context.callAt(t);
            }
        }
    }

    /** Sends one request; returns the reply, checked to be a message. */
    private JsonNode send(long now, List<JsonNode> request) {
        ObjectNode message = JSON.objectNode();
        message.put("now", seconds(now));
        ArrayNode list = message.putArray("events");
        request.forEach(list::add);
        JsonNode reply = connection.exchange(message);
        if (!reply.isObject() || !reply.path("now").isNumber() || !reply.path("events").isArray()) {
            throw malformed("a message is an object with a number 'now' and an array 'events'", reply);
        }
        return reply;
    }

    /** Carries out one decision at its timestamp, now. */
    private void apply(JsonNode decision, SchedulingContext context) {
        String type = decision.get("type").asText();
        JsonNode data = decision.get("data");
        switch (type) {
            case "EXECUTE_JOB" -> {
                if (data.has("additional_io_job")) {
                    throw invalid(decision, "additional_io_job is not supported");
                }
                Job job = queuedJob(text(data, "job_id", decision), decision, context);
                int[] alloc;
                try {
                    alloc = IntervalSet.parse(text(data, "alloc", decision));
                    context.start(job, alloc);
                } catch (IllegalArgumentException e) {
                    throw invalid(decision, "job " + id(job) + ": " + e.getMessage());
                }
                String id = id(job);
                queued.remove(id);
                running.put(id, job.index());
                started.put(id, starts++);
            }
            case "REJECT_JOB" -> {
                Job job = queuedJob(text(data, "job_id", decision), decision, context);
                queued.remove(id(job));
                context.reject(job, "rejected by the external scheduler (REJECT_JOB)");
            }
            case "KILL_JOB" -> kill(data, decision, context);
            case "CALL_ME_LATER" -> {
                long t = micros(data.get("timestamp"), "data.timestamp", decision);
                if (t < context.now()) {
                    throw invalid(decision, "the call's time " + seconds(t) + " s lies in the past");
                }
                requestedCalls.merge(t, 1, Integer::sum);
                context.callAt(t);
            }
            case "NOTIFY" -> {
                String what = text(data, "type", decision);
                if (!what.equals("registration_finished") && !what.equals("continue_registration")) {
                    throw invalid(decision, "unknown NOTIFY type '" + what + "'");
                }
                // Dynamic registration is off (SIMULATION_BEGINS says so): nothing to finish or continue.
            }
            case "SET_RESOURCE_STATE" -> {
                String resources = text(data, "resources", decision);
                int[] ids;
                try {
                    ids = IntervalSet.parse(resources);
                } catch (IllegalArgumentException e) {
                    throw invalid(decision, e.getMessage());
                }
                for (int id : ids) {
                    if (id >= nodes) {
                        throw invalid(decision, "resource " + id + " does not exist (0 to " + (nodes - 1) + ")");
                    }
                }
                // Batsim's state is a power state number as a string (protocol.rst).
                String state = text(data, "state", decision);
                if (!state.strip().matches("[0-9]{1,9}")) {
                    throw invalid(decision, "state '" + state + "' is not a power state number (a non-negative"
                            + " integer, as a string)");
                }
                if (context.energy() != null) {
                    try {
                        context.setPowerState(ids, Integer.parseInt(state.strip()));
                    } catch (IllegalArgumentException e) {
                        throw invalid(decision, e.getMessage());
                    }
                    return; // RESOURCE_STATE_CHANGED comes when the switches are over (powerStateChanged)
                }
                // Without power states: acknowledged as Batsim would, changing nothing.
                ObjectNode ack = JSON.objectNode();
                ack.put("resources", IntervalSet.format(ids));
                ack.put("state", state.strip());
                event(context.now(), "RESOURCE_STATE_CHANGED", ack, null);
                context.callAt(context.now());
            }
            case "QUERY" -> query(data, decision, context);
            default -> throw invalid(decision, "hpcsim does not support " + type + " (supported: EXECUTE_JOB,"
                    + " REJECT_JOB, KILL_JOB, CALL_ME_LATER, NOTIFY, SET_RESOURCE_STATE, QUERY consumed_energy)");
        }
    }

    /** Batsim's energy query: the joules the nodes drew from time 0 to now, in an ANSWER. */
    private void query(JsonNode data, JsonNode decision, SchedulingContext context) {
        JsonNode requests = data.get("requests");
        if (requests == null || !requests.isObject() || requests.isEmpty()) {
            throw malformed("data.requests must be an object of requests", decision);
        }
        requests.fieldNames().forEachRemaining(what -> {
            if (!what.equals("consumed_energy")) {
                throw invalid(decision, "hpcsim answers consumed_energy queries only, not '" + what + "'");
            }
        });
        if (context.energy() == null) {
            throw invalid(decision, "consumed_energy: node energy is not modelled (set energy.enabled = true or"
                    + " give a platform)");
        }
        ObjectNode answer = JSON.objectNode();
        answer.put("consumed_energy", context.energy().totalJoules(context.now()));
        event(context.now(), "ANSWER", answer, null);
        context.callAt(context.now());
    }

    private void kill(JsonNode data, JsonNode decision, SchedulingContext context) {
        JsonNode ids = data.get("job_ids");
        if (ids == null || !ids.isArray() || ids.isEmpty()) {
            throw invalid(decision, "data.job_ids must be a non-empty array of job ids");
        }
        List<String> list = new ArrayList<>();
        KillRequest request = new KillRequest(list);
        for (JsonNode node : ids) {
            String id = node.asText();
            list.add(id);
            Integer index = running.get(id);
            if (index != null) {
                if (killing.containsKey(id)) {
                    throw invalid(decision, "job " + id + " is being killed already");
                }
                context.kill(index, BatsimNames.KILLED_BY_SCHEDULER);
                killing.put(id, request);
                request.outstanding++;
            } else if (queued.containsKey(id)) {
                throw invalid(decision, "job " + id + " is queued, not running (REJECT_JOB removes a queued job)");
            } else if (!submitted.containsKey(id)) {
                throw invalid(decision, "no job " + id + " was submitted");
            }
        }
        if (request.outstanding == 0) {
            killed(request, context.now());
            context.callAt(context.now());
        }
    }

    /** Every job of a KILL_JOB has ended: JOB_KILLED acknowledges it, with the killed ones' progress. */
    private void killed(KillRequest request, long time) {
        ObjectNode data = JSON.objectNode();
        ArrayNode ids = data.putArray("job_ids");
        request.ids.forEach(ids::add);
        data.set("job_progress", request.progress);
        event(time, "JOB_KILLED", data, null);
    }

    private Job queuedJob(String id, JsonNode decision, SchedulingContext context) {
        Job job = queued.get(id);
        if (job == null) {
            throw invalid(decision, running.containsKey(id) ? "job " + id + " is running already"
                    : submitted.containsKey(id) ? "job " + id + " has ended or was rejected"
                    : "no job " + id + " was submitted");
        }
        return job;
    }

    private ObjectNode simulationBegins() {
        ObjectNode data = JSON.objectNode();
        data.put("nb_resources", nodes);
        data.put("nb_compute_resources", nodes);
        data.put("nb_storage_resources", 0);
        data.put("allow_compute_sharing", false);
        data.put("allow_storage_sharing", true); // Batsim's default (--disable-storage-sharing turns it off)
        ObjectNode config = data.putObject("config");
        config.put("redis-enabled", false);
        config.put("redis-hostname", "127.0.0.1");
        config.put("redis-port", 6379);
        config.put("redis-prefix", "default");
        config.put("profiles-forwarded-on-submission", true);
        config.put("dynamic-jobs-enabled", false);
        config.put("dynamic-jobs-acknowledged", false);
        config.put("profile-reuse-enabled", false);
        config.put("sched-config", "");
        config.put("forward-unknown-events", false);
        ArrayNode compute = data.putArray("compute_resources");
        for (int i = 0; i < nodes; i++) {
            ObjectNode r = compute.addObject();
            r.put("id", i);
            r.put("name", platform == null ? "node_" + i : platform.hosts().get(i));
            r.put("state", "idle");
            ObjectNode properties = r.putObject("properties");
            if (platform != null) {
                platform.properties().get(i).forEach(properties::put);
            }
            // Batsim's machine set inserts an empty role into every host without one (src/machines.cpp).
            if (!properties.has("role")) {
                properties.put("role", "");
            }
            r.putObject("zone_properties");
        }
        data.putArray("storage_resources");
        data.putObject("workloads").put(BatsimNames.WORKLOAD, workload.toString());
        ObjectNode profiles = data.putObject("profiles").putObject(BatsimNames.WORKLOAD);
        if (descriptions != null) {
            descriptions.profiles().forEach((name, json) -> profiles.set(name, parse(json)));
        }
        ObjectNode begins = JSON.objectNode();
        begins.put("timestamp", 0.0);
        begins.put("type", "SIMULATION_BEGINS");
        begins.set("data", data);
        return begins;
    }

    private void notify(long time, String type, int[] changed) {
        ObjectNode data = JSON.objectNode();
        data.put("type", type);
        data.put("resources", IntervalSet.format(changed));
        event(time, "NOTIFY", data, null);
    }

    /**
     * Adds an event that happened at {@code time}, stamped when it reaches the scheduler (the decision
     * latency later), as Batsim stamps an event when its server handles it. {@code order}, when not
     * null, orders it among the events of its type and timestamp just before it; the noMoreJobs
     * notice is returned unqueued.
     */
    private ObjectNode event(long time, String type, ObjectNode data, Comparator<JsonNode> order) {
        ObjectNode e = JSON.objectNode();
        e.put("timestamp", seconds(time + latency));
        e.put("type", type);
        e.set("data", data);
        if (type.equals("NOTIFY") && data.get("type").asText().equals("no_more_static_job_to_submit")) {
            return e;
        }
        int at = events.size();
        while (order != null && at > 0) {
            JsonNode before = events.get(at - 1);
            if (!before.get("type").asText().equals(type) || !before.get("timestamp").equals(e.get("timestamp"))
                    || order.compare(before, e) <= 0) {
                break;
            }
            at--;
        }
        events.insert(at, e);
        return e;
    }

    /** A job's id in the protocol: {@code w0!NAME} with its Batsim name in a Batsim workload, else its id. */
    private String id(Job job) {
        return descriptions != null ? BatsimNames.WORKLOAD + "!" + descriptions.names().get(job.index())
                : BatsimNames.jobId(job);
    }

    /**
     * Two strings in the order of their UTF-8 bytes, which is C++'s std::string order (unsigned chars)
     * and code point order; String.compareTo orders UTF-16 units, which puts U+10000 and up before
     * U+E000 to U+FFFF.
     */
    private static int byBytes(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** Batsim's final job states for hpcsim's statuses of a started job. */
    private static String state(JobStatus status) {
        return switch (status) {
            case COMPLETED -> "COMPLETED_SUCCESSFULLY";
            case KILLED -> "COMPLETED_WALLTIME_REACHED";
            case FAILED -> "COMPLETED_FAILED";
            default -> throw new IllegalArgumentException("a started job does not end " + status.label());
        };
    }

    /** A description read (and checked) by the workload reader. */
    private static ObjectNode parse(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a description the workload reader read is not JSON: " + json, e);
        }
    }

    private static String text(JsonNode data, String field, JsonNode decision) {
        JsonNode v = data.get(field);
        if (v == null || !v.isTextual()) {
            throw malformed("data." + field + " must be a string", decision);
        }
        return v.asText();
    }

    /** Seconds (a JSON number) to microseconds, rounded to the nearest. */
    private static long micros(JsonNode seconds, String field, JsonNode where) {
        if (seconds == null || !seconds.isNumber() || !Double.isFinite(seconds.asDouble())) {
            throw malformed(field + " must be a number (seconds)", where);
        }
        return Math.round(seconds.asDouble() * 1e6);
    }

    private static double seconds(long micros) {
        return micros / 1e6;
    }

    private static SchedulingAbortedException malformed(String what, JsonNode where) {
        return new SchedulingAbortedException("malformed message from the external scheduler: " + what + ": "
                + BatsimConnection.excerpt(where.toString()));
    }

    private static SchedulingAbortedException invalid(JsonNode decision, String why) {
        return new SchedulingAbortedException("invalid decision from the external scheduler: "
                + decision.get("type").asText() + ": " + why);
    }
}
