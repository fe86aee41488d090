package org.hpcsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@link ChildCpu}: a child's CPU time as the parent sees it once the child is reaped. */
class ChildCpuTest {

    @Test
    void parseTakesCutimePlusCstimeAfterACommandNameHoldingSpacesAndParentheses() {
        // Fields 14-17 are utime 7, stime 8, cutime 250, cstime 31 (ticks of 1/100 s).
        String stat = "4242 (a) b (c)) S 1 4242 4242 0 -1 4194304 100 0 0 0 7 8 250 31 20 0 1 0 5 6 7";
        assertEquals(2.81, ChildCpu.parse(stat), 1e-9);
    }

    @Test
    void theDifferenceAroundAChildIsTheCpuTimeTheChildReportsForItself() throws IOException, InterruptedException {
        // The child burns CPU, then prints its own user and system time (bash's `times`, first line).
        String script = "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; times";
        double before = ChildCpu.seconds();
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        double measured = ChildCpu.seconds() - before;
        Matcher m = Pattern.compile("(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s").matcher(out.lines().findFirst().orElseThrow());
        assertTrue(m.matches(), out);
        double own = 60 * Integer.parseInt(m.group(1)) + Double.parseDouble(m.group(2))
                + 60 * Integer.parseInt(m.group(3)) + Double.parseDouble(m.group(4));
        assertTrue(own > 0.1, "the loop should take a measurable CPU time: " + out);
        // /proc counts in ticks of 10 ms (two fields, each rounded); bash exits after `times`.
        assertEquals(own, measured, 0.05, out);
    }
}
