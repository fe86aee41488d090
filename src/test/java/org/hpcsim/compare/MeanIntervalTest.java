package org.hpcsim.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeanIntervalTest {

    @Test
    void theQuantileIsStudentsTAsPrintedInEveryTable() {
        // Two-sided 95 %: t(0.975, df) for df = 1, 2, 4, 9, 29.
        double[] table = {12.706, 4.303, 2.776, 2.262, 2.045};
        int[] df = {1, 2, 4, 9, 29};
        for (int i = 0; i < df.length; i++) {
            assertEquals(table[i], MeanInterval.tQuantile(df[i]), 5e-4, "df " + df[i]);
        }
    }

    @Test
    void theHalfWidthIsTTimesTheStandardErrorAndOneRunHasNone() {
        MeanInterval ci = MeanInterval.of(List.of(new BigDecimal("2"), new BigDecimal("4"), new BigDecimal("9")));
        assertEquals(5, ci.mean(), 1e-12);
        // s = sqrt(((2-5)^2 + (4-5)^2 + (9-5)^2) / 2) = sqrt(13); t(0.975, 2) = 4.302653.
        assertEquals(4.302653 * Math.sqrt(13) / Math.sqrt(3), ci.halfWidth(), 1e-5);
        assertEquals("5 ± 8.957", ci.text());
        assertEquals(new MeanInterval(1, 7, 0), MeanInterval.of(List.of(new BigDecimal("7"))));
    }
}
