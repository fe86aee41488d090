package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.hpcsim.external.PybatsimClient;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.ZmqEnds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * An external scheduler that decides something impossible, dies or talks nonsense ends the run at
 * once with a one-line error and exit status 2, never a hang; the outputs up to then are written and
 * marked incomplete (summary.json: stopped_by scheduler-failure), every job with a status.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard only
class ExternalSchedulerCliTest {

    @TempDir
    Path dir;

    private Path trace() throws IOException {
        return Files.writeString(dir.resolve("jobs.4col"), "0 2 1000 2000\n10 2 1000 2000\n5000 1 10 20\n");
    }

    private Cli.Result run(String endpoint, String... more) throws IOException {
        String[] base = {"run", "--trace", trace().toString(), "--machine", "simple:4", "--scheduler", "external",
                "--external-socket", endpoint, "--out", dir.resolve("out").toString(), "-Doutput.progress=off"};
        String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Cli.run(args);
    }

    private void assertOneLineErrorWithIncompleteOutputs(Cli.Result r, String... fragments) {
        assertEquals(2, r.status(), r.err());
        String[] lines = r.err().strip().split("\n");
        assertEquals(1, lines.length, r.err());
        assertTrue(lines[0].startsWith("hpcsim: error: "), r.err());
        for (String f : fragments) {
            assertTrue(lines[0].contains(f), "'" + f + "' in " + lines[0]);
        }
        String summary = Runs.read(dir.resolve("out").resolve("summary.json"));
        assertTrue(summary.contains("\"stopped_early\": true"), summary);
        assertTrue(summary.contains("\"stopped_by\": \"scheduler-failure\""), summary);
        // Every job of the trace has its row.
        assertEquals(4, Runs.read(dir.resolve("out").resolve("jobs.csv")).lines().count());
    }

    @Test
    void anAllocationOnABusyNodeStopsTheRunNamingTheJobAndTheNode() throws Exception {
        PybatsimClient.Scheduler onNodeZero = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                bs.executeJob(job, new int[] {0, 1});
            }
        };
        try (PybatsimClient client = new PybatsimClient(onNodeZero)) {
            client.start();
            Cli.Result r = run(client.endpoint());
            // The decision reached hpcsim the default decision latency (1 µs) after the submission at 10 s.
            assertOneLineErrorWithIncompleteOutputs(r, "at t=10.000001 s", "invalid decision from the external scheduler",
                    "EXECUTE_JOB", "job w0!2", "node 0 is busy (running job 1)");
            String jobs = Runs.read(dir.resolve("out").resolve("jobs.csv"));
            assertTrue(jobs.contains("unfinished") && jobs.contains("not-submitted"), jobs);
        }
    }

    @Test
    void anAllocationOutsideTheMachineIsAnInvalidDecision() throws Exception {
        PybatsimClient.Scheduler outside = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                bs.executeJob(job, new int[] {3, 4});
            }
        };
        try (PybatsimClient client = new PybatsimClient(outside)) {
            client.start();
            assertOneLineErrorWithIncompleteOutputs(run(client.endpoint()), "node 4 does not exist (nodes are 0 to 3)");
        }
    }

    @Test
    void aSchedulerThatDiesEndsTheRunAtOnce() throws Exception {
        // Answers SIMULATION_BEGINS, then its process goes away.
        try (Rep rep = new Rep(request -> "{\"now\": 0, \"events\": []}", 1)) {
            assertOneLineErrorWithIncompleteOutputs(run(rep.endpoint),
                    "the external scheduler at " + rep.endpoint + " disconnected");
        }
    }

    @Test
    void noSchedulerAtTheEndpointFailsAfterTheTimeout() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String endpoint = "tcp://127.0.0.1:" + port;
        Cli.Result r = run(endpoint, "-Dscheduler.external.timeout=1s");
        assertOneLineErrorWithIncompleteOutputs(r, "no external scheduler answered at " + endpoint + " within 1 s");
    }

    @Test
    void aMalformedMessageEndsTheRunQuotingIt() throws Exception {
        try (Rep rep = new Rep(request -> "{\"now\": 0, \"events\": [", 1)) {
            assertOneLineErrorWithIncompleteOutputs(run(rep.endpoint), "malformed message from the external scheduler",
                    "not JSON");
        }
        Files.walk(dir.resolve("out")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        try (Rep rep = new Rep(request -> "{\"now\": 0, \"events\": [{\"timestamp\": 0, \"type\": \"EXECUTE_JOB\"}]}", 1)) {
            assertOneLineErrorWithIncompleteOutputs(run(rep.endpoint), "malformed message from the external scheduler",
                    "an event is not an object with timestamp, type and data");
        }
    }

    @Test
    void aBadSocketSettingIsAnInputErrorBeforeAnythingRuns() throws Exception {
        Cli.Result r = run("localhost:28000");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("scheduler.external.socket") && r.err().contains("tcp://127.0.0.1:28000"), r.err());
        assertTrue(Files.notExists(dir.resolve("out").resolve("jobs.csv")));
    }

    /** A raw REP socket that answers {@code replies} requests with {@code answer}, then closes. */
    private static final class Rep implements AutoCloseable {
        final ZContext zmq = new ZContext();
        final String endpoint;
        /** Set before the socket closes (see {@link ZmqEnds#printFailuresUntil}). */
        volatile boolean closing;

        Rep(UnaryOperator<String> answer, int replies) {
            zmq.setLinger(0);
            ZmqEnds.printFailuresUntil(zmq, () -> closing);
            ZMQ.Socket socket = zmq.createSocket(SocketType.REP);
            socket.setLinger(0);
            endpoint = "tcp://127.0.0.1:" + socket.bindToRandomPort("tcp://127.0.0.1");
            Thread t = new Thread(() -> {
                for (int i = 0; i < replies; i++) {
                    byte[] request = socket.recv(0);
                    socket.send(answer.apply(new String(request, StandardCharsets.UTF_8)));
                }
                // Let the reply go out before the process "dies".
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                closing = true;
                socket.close();
            }, "raw-rep");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() {
            closing = true;
            zmq.close();
        }
    }
}
