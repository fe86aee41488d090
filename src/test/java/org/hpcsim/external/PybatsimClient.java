package org.hpcsim.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.batsim.IntervalSet;
import org.hpcsim.testing.ZmqEnds;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * A Batsim scheduler process as pybatsim 3.x runs one, written from its {@code batsim/batsim.py} and
 * Batsim's {@code docs/protocol.rst}, message for message: a REP socket bound to the endpoint; each
 * request's {@code now} becomes the current time; its events are dispatched in order to the
 * scheduler's callbacks ({@code onSimulationBegins}, {@code onJobSubmission}, {@code onJobCompletion},
 * {@code onJobsKilled}, {@code onRequestedCall}, the NOTIFY callbacks), then {@code onNoMoreEvents};
 * the decisions made meanwhile, stamped with the current time and sorted by timestamp, are the
 * reply, whose {@code now} is the current time; after SIMULATION_ENDS the socket is closed.
 * It reads the same fields pybatsim reads, so a message pybatsim would choke on fails here too.
 */
public final class PybatsimClient implements BatsimApi, AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A job as pybatsim's {@code Job} holds it. */
    public static final class Job {
        public final String id;
        public final double submitTime;
        public final double requestedTime;
        public final int requestedResources;
        public final String profile;
        public final JsonNode profileDict;
        public String state = "SUBMITTED";
        public double finishTime = -1;
        public int[] allocation;

        Job(JsonNode json, JsonNode profileDict) {
            this.id = json.get("id").asText();
            this.submitTime = json.get("subtime").asDouble();
            this.requestedTime = json.has("walltime") ? json.get("walltime").asDouble() : -1;
            this.requestedResources = json.get("res").asInt();
            this.profile = json.get("profile").asText();
            this.profileDict = profileDict;
        }
    }

    /** pybatsim's {@code BatsimScheduler} callbacks that these tests use; {@link #bs} is pybatsim's {@code self.bs}. */
    public abstract static class Scheduler {
        protected BatsimApi bs;

        public void onSimulationBegins() {
        }

        public void onSimulationEnds() {
        }

        public void onJobSubmission(Job job) {
        }

        public void onJobCompletion(Job job) {
        }

        public void onJobsKilled(List<Job> jobs) {
        }

        public void onRequestedCall() {
        }

        public void onNoMoreJobsInWorkloads() {
        }

        public void onNotifyEventMachineUnavailable(int[] machines) {
        }

        public void onNotifyEventMachineAvailable(int[] machines) {
        }

        public void onMachinePStateChanged(int[] machines, String state) {
        }

        /** pybatsim's {@code onReportEnergyConsumed}: the ANSWER to a consumed_energy QUERY. */
        public void onReportEnergyConsumed(double joules) {
        }

        public void onNoMoreEvents() {
        }
    }

    private final ZContext zmq = new ZContext();
    /** Set by {@link #close}: the loop stops at its next receive timeout and closes the socket on its own thread. */
    private volatile boolean stopping;
    /** Set before the socket closes (see {@link ZmqEnds#printFailuresUntil}). */
    private volatile boolean socketClosing;
    private Thread loop;
    private final ZMQ.Socket socket;
    private final String endpoint;
    private final Scheduler scheduler;
    /** Jobs by id, as pybatsim's {@code self.jobs}. */
    public final Map<String, Job> jobs = new LinkedHashMap<>();
    /** Every message received, as text, in order (for tests of the protocol itself). */
    public final List<String> received = Collections.synchronizedList(new ArrayList<>());
    public int nbResources;
    public JsonNode config;
    private double now;
    private ArrayNode toSend;
    private Map<String, Map<String, JsonNode>> profiles = new LinkedHashMap<>();

    /** Binds a REP socket on a free loopback port. */
    public PybatsimClient(Scheduler scheduler) {
        this.scheduler = scheduler;
        scheduler.bs = this;
        zmq.setLinger(0);
        ZmqEnds.printFailuresUntil(zmq, () -> socketClosing);
        socket = zmq.createSocket(SocketType.REP);
        socket.setLinger(0);
        socket.setReceiveTimeOut(100);
        int port = socket.bindToRandomPort("tcp://127.0.0.1");
        endpoint = "tcp://127.0.0.1:" + port;
    }

    /** Where hpcsim must connect ({@code --external-socket}). */
    public String endpoint() {
        return endpoint;
    }

    /** Runs pybatsim's {@code start()} loop on a thread of its own; completes when the simulation ends. */
    public CompletableFuture<Void> start() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                boolean more = true;
                while (more && !stopping) {
                    more = readBatMsg();
                }
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            } finally {
                socketClosing = true;
                socket.close();
            }
        }, "pybatsim-client");
        t.setDaemon(true);
        loop = t;
        t.start();
        return done;
    }

    @Override
    public double time() {
        return now;
    }

    @Override
    public int nbResources() {
        return nbResources;
    }

    @Override
    public void executeJob(Job job, int[] allocation) {
        job.allocation = allocation;
        job.state = "RUNNING";
        ObjectNode data = event("EXECUTE_JOB");
        data.put("job_id", job.id);
        data.put("alloc", IntervalSet.format(allocation));
    }

    @Override
    public void rejectJob(Job job) {
        job.state = "REJECTED";
        event("REJECT_JOB").put("job_id", job.id);
    }

    @Override
    public void killJobs(List<Job> killed) {
        ArrayNode ids = event("KILL_JOB").putArray("job_ids");
        for (Job j : killed) {
            j.state = "IN_KILLING";
            ids.add(j.id);
        }
    }

    @Override
    public void wakeMeUpAt(double time) {
        event("CALL_ME_LATER").put("timestamp", time);
    }

    @Override
    public void setResourceState(int[] resources, String state) {
        ObjectNode data = event("SET_RESOURCE_STATE");
        data.put("resources", IntervalSet.format(resources));
        data.put("state", state);
    }

    @Override
    public void requestConsumedEnergy() {
        event("QUERY").putObject("requests").putObject("consumed_energy");
    }

    private ObjectNode event(String type) {
        ObjectNode e = toSend.addObject();
        e.put("timestamp", now);
        e.put("type", type);
        return e.putObject("data");
    }

    private boolean readBatMsg() throws Exception {
        byte[] raw = socket.recv(0);
        if (raw == null) {
            return true; // a receive timeout: look whether to stop, then wait on
        }
        String text = new String(raw, StandardCharsets.UTF_8);
        received.add(text);
        JsonNode msg = JSON.readTree(text);
        now = msg.get("now").asDouble();
        toSend = JSON.createArrayNode();
        boolean finished = false;
        for (JsonNode event : msg.get("events")) {
            String type = event.get("type").asText();
            JsonNode data = event.has("data") ? event.get("data") : JSON.createObjectNode();
            switch (type) {
                case "SIMULATION_BEGINS" -> {
                    nbResources = data.get("nb_resources").asInt();
                    data.get("nb_compute_resources").asInt();
                    data.get("nb_storage_resources").asInt();
                    config = data.get("config");
                    require(data, "allow_compute_sharing");
                    require(data, "allow_storage_sharing");
                    for (String key : List.of("profiles-forwarded-on-submission", "dynamic-jobs-enabled",
                            "dynamic-jobs-acknowledged", "forward-unknown-events", "redis-enabled", "redis-hostname",
                            "redis-port", "redis-prefix")) {
                        require(config, key);
                    }
                    for (JsonNode r : data.get("compute_resources")) {
                        r.get("id").asInt();
                    }
                    require(data, "storage_resources");
                    require(data, "workloads");
                    profiles = new LinkedHashMap<>();
                    data.get("profiles").fields().forEachRemaining(w -> {
                        Map<String, JsonNode> byName = new LinkedHashMap<>();
                        w.getValue().fields().forEachRemaining(p -> byName.put(p.getKey(), p.getValue()));
                        profiles.put(w.getKey(), byName);
                    });
                    scheduler.onSimulationBegins();
                }
                case "SIMULATION_ENDS" -> {
                    finished = true;
                    scheduler.onSimulationEnds();
                }
                case "JOB_SUBMITTED" -> {
                    JsonNode description = data.get("job");
                    String workload = description.get("id").asText().split("!")[0];
                    Map<String, JsonNode> known = profiles.computeIfAbsent(workload, w -> new LinkedHashMap<>());
                    String profileName = description.get("profile").asText();
                    if (data.has("profile")) {
                        known.putIfAbsent(profileName, data.get("profile"));
                    }
                    if (!known.containsKey(profileName)) {
                        throw new IllegalStateException("pybatsim asserts job.profile in profiles: " + profileName);
                    }
                    Job job = new Job(description, known.get(profileName));
                    jobs.put(data.get("job_id").asText(), job);
                    scheduler.onJobSubmission(job);
                }
                case "JOB_KILLED" -> {
                    List<Job> killed = new ArrayList<>();
                    JsonNode progress = data.get("job_progress");
                    for (JsonNode id : data.get("job_ids")) {
                        Job j = jobs.get(id.asText());
                        if (!progress.isEmpty()) {
                            progress.get(id.asText()).get("progress").asDouble();
                            killed.add(j);
                        }
                    }
                    if (!killed.isEmpty()) {
                        scheduler.onJobsKilled(killed);
                    }
                }
                case "JOB_COMPLETED" -> {
                    Job j = jobs.get(data.get("job_id").asText());
                    j.finishTime = event.get("timestamp").asDouble();
                    j.state = data.get("job_state").asText();
                    data.get("return_code").asInt();
                    scheduler.onJobCompletion(j);
                }
                case "RESOURCE_STATE_CHANGED" -> scheduler.onMachinePStateChanged(
                        IntervalSet.parse(data.get("resources").asText()), data.get("state").asText());
                case "REQUESTED_CALL" -> scheduler.onRequestedCall();
                case "ANSWER" -> scheduler.onReportEnergyConsumed(data.get("consumed_energy").asDouble());
                case "NOTIFY" -> {
                    String what = data.get("type").asText();
                    switch (what) {
                        case "no_more_static_job_to_submit" -> scheduler.onNoMoreJobsInWorkloads();
                        case "event_machine_unavailable" -> scheduler.onNotifyEventMachineUnavailable(
                                IntervalSet.parse(data.get("resources").asText()));
                        case "event_machine_available" -> scheduler.onNotifyEventMachineAvailable(
                                IntervalSet.parse(data.get("resources").asText()));
                        default -> throw new IllegalStateException("Unknown NOTIFY type " + what);
                    }
                }
                default -> throw new IllegalStateException("Unknown event type " + type);
            }
        }
        scheduler.onNoMoreEvents();
        List<JsonNode> sorted = new ArrayList<>();
        toSend.forEach(sorted::add);
        sorted.sort(Comparator.comparingDouble(e -> e.get("timestamp").asDouble()));
        ObjectNode reply = JSON.createObjectNode();
        reply.put("now", now);
        ArrayNode events = reply.putArray("events");
        sorted.forEach(events::add);
        socket.send(JSON.writeValueAsString(reply));
        return !finished;
    }

    private static void require(JsonNode node, String key) {
        if (node == null || !node.has(key)) {
            throw new IllegalStateException("pybatsim reads '" + key + "', which is missing");
        }
    }

    /** Stops the loop (a socket belongs to one thread at a time), then the context. */
    @Override
    public void close() {
        stopping = true;
        socketClosing = true;
        if (loop != null && loop != Thread.currentThread()) {
            try {
                loop.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        zmq.close();
    }
}
