package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batsim workloads and Batsim's jobs file from the command line. */
class BatsimCommandsTest {
    private static final String EXAMPLE = SharedData.repoRoot().resolve("traces/batsim-example.json").toString();

    @TempDir
    Path dir;

    @Test
    void runWithBatsimOutputWritesTheJobsFileBesideJobsCsvAndRecordsTheKey() throws IOException {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--trace", EXAMPLE, "--batsim-output", "-q", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = Files.readAllLines(out.resolve(BatsimJobsCsv.FILE));
        assertEquals(BatsimJobsCsv.HEADER, lines.get(0));
        assertEquals(7, lines.size(), "a row for each of the 6 jobs, the rejected one included");
        assertTrue(Files.readString(out.resolve("config-used.conf")).matches("(?s).*\\sbatsim\\s*=\\s*\"?true\"?\\s.*"),
                "config-used.conf has output.batsim = true");

        Path plain = dir.resolve("plain");
        assertEquals(0, Cli.run("run", "--trace", EXAMPLE, "-q", "-o", plain.toString()).status());
        assertFalse(Files.exists(plain.resolve(BatsimJobsCsv.FILE)), "off by default");
    }

    @Test
    void aMalformedPlatformIsOneErrorLineNamingFileLineAndFieldWithExitStatus2AndNoOutput() throws IOException {
        Path bad = dir.resolve("bad.xml");
        Files.writeString(bad, "<platform version=\"4.1\">\n  <host id=\"a\" speed=\"100Mf\">\n"
                + "    <prop id=\"wattage_per_state\" value=\"30:x\"/>\n  </host>\n</platform>\n");
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--trace", EXAMPLE, "--platform", bad.toString(), "-q", "-o", out.toString());
        assertEquals(2, r.status());
        assertEquals("hpcsim: error: " + bad + ":3: wattage_per_state: host a: expected watts >= 0, found 'x'\n",
                r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void theFlagAndAKeyThatDisagreeAreAnError() {
        Cli.Result r = Cli.run("run", "--trace", EXAMPLE, "--batsim-output", "-Doutput.batsim=false", "-q",
                "-o", dir.resolve("x").toString());
        assertEquals(2, r.status());
        assertEquals("hpcsim: error: command line: output.batsim: --batsim-output and -Doutput.batsim=false set"
                + " different values; give one of them\n", r.err());
    }

    @Test
    void aMalformedWorkloadIsOneErrorLineNamingFileLineJobAndFieldWithExitStatus2AndNoOutput() throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"nb_res\": 4,\n \"jobs\": [\n  {\"id\": 1, \"subtime\": 0, \"walltime\": \"1h\","
                + " \"res\": 1, \"profile\": \"p\"}\n ],\n \"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 5}}}\n");
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--trace", bad.toString(), "--batsim-output", "-q", "-o", out.toString());
        assertEquals(2, r.status());
        assertEquals("hpcsim: error: " + bad + ":3: jobs[0].walltime: job 1: expected -1 (no walltime) or a number of"
                + " seconds > 0, found \"1h\"\n", r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void transformReadsABatsimWorkloadIntoAnotherFormatButDoesNotWriteOne() throws IOException {
        Path swf = dir.resolve("example.swf");
        Cli.Result r = Cli.run("trace", "transform", EXAMPLE, "-o", swf.toString());
        assertEquals(0, r.status(), r.err());
        List<String> jobs = Files.readAllLines(swf).stream().filter(l -> !l.startsWith(";")).toList();
        assertEquals(6, jobs.size(), "the rejected parallel task is copied as read");
        assertTrue(jobs.get(3).startsWith("4 15 -1 45.5 -1 -1 -1 3 45.5 "), jobs.get(3));

        Cli.Result json = Cli.run("trace", "transform", swf.toString(), "--format", "batsim", "-o",
                dir.resolve("back.json").toString());
        assertEquals(2, json.status());
        assertEquals("hpcsim: error: --format: hpcsim reads batsim traces but does not write them (it writes swf, sim,"
                + " four-column)\n", json.err());
        Cli.Result unnamed = Cli.run("trace", "transform", EXAMPLE, "-o", dir.resolve("copy").toString());
        assertEquals(2, unnamed.status());
        assertTrue(unnamed.err().contains("give --format swf or sim or four-column"), unnamed.err());
    }
}
