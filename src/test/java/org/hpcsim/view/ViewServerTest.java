package org.hpcsim.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A served run driven over its socket and API as a page and a script would: its outputs equal the
 * scripted run's, and bad messages are refused with a reason without touching the run.
 */
@Timeout(120)
class ViewServerTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRACE = SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString();
    private final HttpClient http = HttpClient.newHttpClient();

    /** A modelled room of 40 nodes and two CRAC units, jobs requeued when their node fails. */
    private Simulation room(String out, String... extra) {
        List<String> kv = new ArrayList<>(List.of("trace", TRACE, "machine", "mesh:4x5x2", "workload.cores-per-node", "4",
                "thermal.enabled", "true", "cooling.units", "[\"0-19\",\"20-39\"]", "failures.on-job-failure", "requeue",
                "output.dir", dir.resolve(out).toString()));
        kv.addAll(List.of(extra));
        return Simulation.prepare(Runs.scenario(kv.toArray(String[]::new)), StandardPolicies.registry());
    }

    /** A served run going on in a thread of its own; {@code result} completes at its end. */
    private record Served(LiveView view, CompletableFuture<Simulation.Result> result) {
        String ws(String query) {
            return view.url().replaceFirst("^http", "ws").replaceFirst("/(\\?.*)?$", "/ws" + query);
        }
    }

    private Served serve(Simulation sim, String host) {
        LiveView view = LiveView.serve(sim, TestRuntime::get, new ViewServer.Endpoint(host, 0), false);
        CompletableFuture<Simulation.Result> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(view.run());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "served-run");
        t.setDaemon(true);
        t.start();
        return new Served(view, result);
    }

    /** A page's socket: every message it got, and how it closed. */
    private final class Page implements WebSocket.Listener {
        final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final List<JsonNode> backlog = new ArrayList<>();
        private final StringBuilder part = new StringBuilder();
        WebSocket socket;
        int nextId = 1;

        Page open(String uri) {
            socket = http.newWebSocketBuilder().buildAsync(URI.create(uri), this).join();
            return this;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            part.append(data);
            if (last) {
                try {
                    messages.add(JSON.readTree(part.toString()));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                part.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            closed.complete(status);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            closed.complete(-1);
        }

        /** Sends raw text. */
        void sendRaw(String text) {
            socket.sendText(text, true).join();
        }

        /** Sends a control and returns its reply. */
        JsonNode control(String json) throws InterruptedException {
            int id = nextId++;
            sendRaw(json.replaceFirst("\\}$", ",\"id\":" + id + "}"));
            return await(m -> m.path("type").asText().equals("reply") && m.path("id").asInt() == id);
        }

        JsonNode await(Predicate<JsonNode> wanted) throws InterruptedException {
            // Messages passed over wait in the backlog: a frame may come before the reply awaited first.
            for (int i = 0; i < backlog.size(); i++) {
                if (wanted.test(backlog.get(i))) {
                    return backlog.remove(i);
                }
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < end) {
                JsonNode m = messages.poll(1, TimeUnit.SECONDS);
                if (m != null && wanted.test(m)) {
                    return m;
                }
                if (m != null) {
                    backlog.add(m);
                }
            }
            throw new AssertionError("no such message within 60 s; the last ones: "
                    + backlog.subList(Math.max(0, backlog.size() - 5), backlog.size()));
        }

        JsonNode pausedAt(double seconds) throws InterruptedException {
            return await(m -> m.path("type").asText().equals("frame") && m.path("state").asText().equals("paused")
                    && m.path("t").asDouble() == seconds);
        }
    }

    private static JsonNode ok(JsonNode reply) {
        assertTrue(reply.path("ok").asBoolean(), reply.toString());
        return reply;
    }

    private static String refused(JsonNode reply) {
        assertFalse(reply.path("ok").asBoolean(), reply.toString());
        return reply.path("reason").asText();
    }

    /** Every output file of a run but summary.json and config-used.conf (wall times, the command line). */
    private static List<String> outputs(Path run) throws IOException {
        try (Stream<Path> files = Files.list(run)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
                    .filter(n -> !n.equals("summary.json") && !n.equals("config-used.conf")).sorted().toList();
        }
    }

    private static void assertSameOutputs(Path expected, Path actual) throws IOException {
        List<String> names = outputs(expected);
        assertEquals(names, outputs(actual));
        for (String n : names) {
            assertEquals(Files.readString(expected.resolve(n)), Files.readString(actual.resolve(n)), n);
        }
    }

    @Test
    void aRunDrivenFromAPageWritesTheEventsItGotAndEqualsTheScriptedRun() throws Exception {
        drivenFromAPageEqualsScripted();
    }

    @Test
    void underThePekkoExecutorTooWhereFramesAreMadeOnTheCoordinatorsThread() throws Exception {
        drivenFromAPageEqualsScripted("kernel.executor", "pekko", "kernel.threads", "2");
    }

    @Test
    void underTheLinksModelTheFramesCarryEveryLinksLoad() throws Exception {
        Served s = serve(Simulation.prepare(Runs.scenario("trace", TRACE, "machine", "mesh:16x8", "network.model", "links",
                "scheduler.missing-estimate", "2", "output.dir", dir.resolve("links").toString()),
                StandardPolicies.registry()), "127.0.0.1");
        try (LiveView view = s.view()) {
            Page page = new Page().open(s.ws(""));
            JsonNode hello = page.await(m -> m.path("type").asText().equals("hello"));
            int links = hello.path("layout").path("linkFrom").size();
            assertEquals(15 * 8 + 16 * 7, links, "a 16x8 mesh's links");
            ok(page.control("{\"type\":\"until\",\"time\":\"1d\"}"));
            JsonNode frame = page.pausedAt(86400);
            assertEquals(links, frame.path("links").size());
            long loaded = 0;
            for (JsonNode l : frame.path("links")) {
                loaded += l.asLong() > 0 ? 1 : 0;
            }
            assertTrue(loaded > 0, "some link carries load at 1 d");
            ok(page.control("{\"type\":\"stop\"}"));
            s.result().get(60, TimeUnit.SECONDS);
        }
    }

    private void drivenFromAPageEqualsScripted(String... kernel) throws Exception {
        Served s = serve(room("served", kernel), "127.0.0.1");
        try (LiveView view = s.view()) {
            Page page = new Page().open(s.ws(""));
            JsonNode hello = page.await(m -> m.path("type").asText().equals("hello"));
            assertEquals(40, hello.path("layout").path("nodes").asInt());
            assertEquals(40, hello.path("layout").path("roomX").size(), "the room's layout");
            page.pausedAt(0);
            ok(page.control("{\"type\":\"until\",\"time\":\"3600s\"}"));
            page.pausedAt(3600);
            ok(page.control("{\"type\":\"inject\",\"event\":\"at 3600s fail node 3\"}"));
            ok(page.control("{\"type\":\"inject\",\"event\":\"at 3600s crac 0 fail\"}"));
            ok(page.control("{\"type\":\"until\",\"time\":\"2h\"}"));
            JsonNode frame = page.pausedAt(7200);
            assertEquals(2, frame.path("nodes").get(3).asInt(), "node 3 is down on the map");
            assertEquals(0, frame.path("room").path("unitsDown").get(0).asInt(), "CRAC unit 0 is down");
            ok(page.control("{\"type\":\"stop\"}"));
            s.result().get(60, TimeUnit.SECONDS);
        }
        String events = Files.readString(dir.resolve("served/events.csv"));
        assertTrue(events.contains("fail,node 3,") && events.contains("crac 0"), events);

        Path file = dir.resolve("scenario.events");
        Files.writeString(file, "at 3600s fail node 3\nat 3600s crac 0 fail\n");
        List<String> scripted = new ArrayList<>(List.of("events-file", file.toString(), "until", "7200s"));
        scripted.addAll(List.of(kernel));
        room("scripted", scripted.toArray(String[]::new)).run(TestRuntime.get());
        assertSameOutputs(dir.resolve("scripted"), dir.resolve("served"));
    }

    @Test
    void aStepSimulatesTheNextInstantAndASpeedKeepsSimulatedTimeToWallTime() throws Exception {
        Served s = serve(room("served"), "127.0.0.1");
        try (LiveView view = s.view()) {
            Page page = new Page().open(s.ws(""));
            ok(page.control("{\"type\":\"until\",\"time\":\"3600s\"}"));
            double next = page.pausedAt(3600).path("next").asDouble();
            assertTrue(next >= 3600, "next " + next);
            ok(page.control("{\"type\":\"step\"}"));
            page.pausedAt(next);
            // 10 simulated hours per second: about a day and a half in 3.5 s, far from the trace's end (818,532 s).
            ok(page.control("{\"type\":\"speed\",\"speed\":36000}"));
            Page later = new Page().open(s.ws(""));
            assertEquals("36000", later.await(m -> m.path("type").asText().equals("controls")).path("speed").asText(),
                    "a page opened later is told the speed");
            ok(page.control("{\"type\":\"resume\"}"));
            Thread.sleep(3500);
            ok(page.control("{\"type\":\"pause\"}"));
            JsonNode paused = page.await(m -> m.path("type").asText().equals("frame")
                    && m.path("state").asText().equals("paused") && m.path("t").asDouble() > next);
            double t = paused.path("t").asDouble();
            assertTrue(t > next + 36000 && t < next + 36000 * 8, "simulated " + (t - next) + " s in 3.5 s at 36000 s/s");
            ok(page.control("{\"type\":\"speed\",\"speed\":\"max\"}"));
            ok(page.control("{\"type\":\"resume\"}"));
            page.await(m -> m.path("type").asText().equals("frame") && m.path("state").asText().equals("ended"));
            assertTrue(refused(page.control("{\"type\":\"pause\"}")).equals("the run is over"));
            s.result().get(60, TimeUnit.SECONDS);
        }
        assertEquals(2001, Files.readAllLines(dir.resolve("served/jobs.csv")).size(), "every job ran to its end");
    }

    @Test
    void badMessagesAreRefusedWithAReasonAndTheRunGoesOnUnaffected() throws Exception {
        Served s = serve(room("served"), "127.0.0.1");
        try (LiveView view = s.view()) {
            Page malformed = new Page().open(s.ws(""));
            malformed.await(m -> m.path("type").asText().equals("hello"));
            malformed.sendRaw("{\"type\": \"inject\", ");
            JsonNode error = malformed.await(m -> m.path("type").asText().equals("error"));
            assertTrue(error.path("reason").asText().startsWith("not JSON"), error.toString());
            assertEquals(1000, malformed.closed.get(10, TimeUnit.SECONDS), "closed");

            Page hostile = new Page().open(s.ws(""));
            hostile.sendRaw("{\"type\":\"shutdown\",\"id\":1}");
            assertTrue(hostile.await(m -> m.path("type").asText().equals("error")).path("reason").asText()
                    .startsWith("unknown type 'shutdown'"));
            hostile.closed.get(10, TimeUnit.SECONDS);

            Page page = new Page().open(s.ws(""));
            assertTrue(refused(page.control("{\"type\":\"inject\",\"event\":\"at 3600s fail node 400\"}"))
                    .startsWith("no node 400"));
            ok(page.control("{\"type\":\"until\",\"time\":\"3600s\"}"));
            page.pausedAt(3600);
            assertTrue(refused(page.control("{\"type\":\"inject\",\"event\":\"at 100s fail node 3\"}"))
                    .contains("is before the current time"));
            assertTrue(refused(page.control("{\"type\":\"until\",\"time\":\"60s\"}")).contains("before the current time"));
            assertTrue(refused(page.control("{\"type\":\"speed\",\"speed\":\"-3\"}")).startsWith("speed must be above 0"));
            assertFalse(page.closed.isDone(), "a refused control keeps the page connected");
            ok(page.control("{\"type\":\"stop\"}"));
            s.result().get(60, TimeUnit.SECONDS);
        }
        room("plain", "until", "3600s").run(TestRuntime.get());
        for (String n : outputs(dir.resolve("plain"))) {
            assertEquals(Files.readString(dir.resolve("plain").resolve(n)), Files.readString(dir.resolve("served").resolve(n)), n);
        }
        assertEquals(1, Files.readAllLines(dir.resolve("served/events.csv")).size(), "no event reached the run");
    }

    @Test
    void boundBeyondLoopbackControlsNeedTheTokenAndOtherOriginsAreRefused() throws Exception {
        Served s = serve(room("served"), "0.0.0.0");
        try (LiveView view = s.view()) {
            String token = view.token();
            assertNotNull(token);
            assertTrue(view.url().endsWith("/?token=" + token), view.url());
            String local = view.url().replace("0.0.0.0", "127.0.0.1");
            String ws = local.replaceFirst("^http", "ws").replaceFirst("/\\?.*$", "/ws");

            Page viewer = new Page().open(ws);
            viewer.await(m -> m.path("type").asText().equals("hello") && !m.path("controls").asBoolean());
            viewer.sendRaw("{\"type\":\"resume\"}");
            assertTrue(viewer.await(m -> m.path("type").asText().equals("error")).path("reason").asText()
                    .startsWith("controls need the token"));
            viewer.closed.get(10, TimeUnit.SECONDS);

            String api = local.replaceFirst("/\\?.*$", "/api/");
            HttpResponse<String> denied = http.send(HttpRequest.newBuilder(URI.create(api + "pause"))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, denied.statusCode(), denied.body());
            HttpResponse<String> foreign = http.send(HttpRequest.newBuilder(URI.create(api + "pause"))
                    .header("Authorization", "Bearer " + token).header("Origin", "http://example.org")
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, foreign.statusCode(), foreign.body());

            Page driver = new Page().open(ws + "?token=" + token);
            driver.await(m -> m.path("type").asText().equals("hello") && m.path("controls").asBoolean());
            ok(driver.control("{\"type\":\"until\",\"time\":\"1h\"}"));
            driver.pausedAt(3600);
            HttpResponse<String> inject = http.send(HttpRequest.newBuilder(URI.create(api + "inject"))
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString("at 3600s fail node 5")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, inject.statusCode(), inject.body());
            HttpResponse<String> state = http.send(HttpRequest.newBuilder(URI.create(api + "state")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(3600.0, JSON.readTree(state.body()).path("t").asDouble(), state.body());
            HttpResponse<String> until = http.send(HttpRequest.newBuilder(URI.create(api + "until"))
                    .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString("2h")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, until.statusCode(), until.body());
            driver.pausedAt(7200);
            HttpResponse<String> stop = http.send(HttpRequest.newBuilder(URI.create(api + "stop"))
                    .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, stop.statusCode(), stop.body());
            s.result().get(60, TimeUnit.SECONDS);
        }
        assertTrue(Files.readString(dir.resolve("served/events.csv")).contains("node 5"));
    }
}
