// The live status line of sbench record: rates over the last interval, in place on a terminal, sparse elsewhere.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.record.RecordStatus;

class RecordStatusLineTest {
    private static final long S = 1_000_000_000L;

    @Test
    void ratesAreOverTheIntervalSinceTheLastLine() {
        RecordStatus before = new RecordStatus(3_600 * S, 1_000, 10_000_000, 0, 0, 0);
        RecordStatus now = new RecordStatus(3_602 * S + 61 * 60 * S, 5_000, 10_000_000 + 4_000_000L * 3_662, 2_000_000L * 3_662, 12, 2);
        assertEquals("2:01:02  5,000 IOs  read 4.0 MB/s  write 2.0 MB/s  events lost 12  marks 2", RecordStatusLine.format(now, before).text());
    }

    @Test
    void lossThatCouldNotBeReadIsUnknown() {
        RecordStatus now = new RecordStatus(S, 1, 0, 0, RecordStatus.UNKNOWN, 0);
        assertEquals("0:00:01  1 IOs  read 0.0 MB/s  write 0.0 MB/s  events lost unknown",
                RecordStatusLine.format(now, new RecordStatus(0, 0, 0, 0, 0, 0)).text());
    }

    @Test
    void terminalRewritesOneLineAndPlainOutputIsDueEveryTenSeconds() {
        long[] elapsed = {0};
        StringWriter terminal = new StringWriter();
        RecordStatusLine t = new RecordStatusLine(new ProgressLine(new PrintWriter(terminal), ProgressLine.Mode.LIVE, () -> 0, () -> elapsed[0]));
        elapsed[0] = S;
        assertTrue(t.due());
        t.show(new RecordStatus(S, 10, 0, 0, 0, 0));
        elapsed[0] = 2 * S;
        assertTrue(t.due());
        t.show(new RecordStatus(2 * S, 20, 0, 0, 0, 0));
        t.end();
        assertEquals("\r0:00:01  10 IOs  read 0.0 MB/s  write 0.0 MB/s  events lost 0"
                + "\r0:00:02  20 IOs  read 0.0 MB/s  write 0.0 MB/s  events lost 0" + System.lineSeparator(), terminal.toString());
        StringWriter log = new StringWriter();
        long[] now = {0};
        RecordStatusLine plain = new RecordStatusLine(new ProgressLine(new PrintWriter(log), ProgressLine.Mode.LINES, () -> 0, () -> now[0]));
        List<Integer> shownAt = new ArrayList<>();
        for (int i = 1; i <= 25; i++) {
            now[0] = i * S;
            if (plain.due()) {
                shownAt.add(i);
                plain.show(new RecordStatus(i * S, i, 0, 0, 0, 0));
            }
        }
        plain.end();
        assertEquals(List.of(10, 20), shownAt);
        assertEquals(2, log.toString().lines().count(), log.toString());
    }

    /** What sbench record's main thread sleeps between lines: a second on a terminal, 10 s elsewhere, for ever without. */
    @Test
    void theWaitForTheNextLineIsASecondOnATerminal() {
        long[] elapsed = {0};
        RecordStatusLine t = new RecordStatusLine(new ProgressLine(new PrintWriter(new StringWriter()), ProgressLine.Mode.LIVE, () -> 0,
                () -> elapsed[0]));
        elapsed[0] = 400_000_000L;
        assertEquals(600_000_000L, t.untilDueNs());
        elapsed[0] = S;
        t.show(new RecordStatus(S, 10, 0, 0, 0, 0));
        elapsed[0] = S + 100_000_000L;
        assertEquals(900_000_000L, t.untilDueNs(), "not the terminal's 250 ms");
        long[] now = {0};
        RecordStatusLine plain = new RecordStatusLine(new ProgressLine(new PrintWriter(new StringWriter()), ProgressLine.Mode.LINES, () -> 0,
                () -> now[0]));
        now[0] = S;
        assertEquals(9 * S, plain.untilDueNs());
        RecordStatusLine none = new RecordStatusLine(new ProgressLine(new PrintWriter(new StringWriter()), ProgressLine.Mode.NONE, () -> 0,
                () -> now[0]));
        assertEquals(Long.MAX_VALUE, none.untilDueNs());
    }
}
