package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Every format's sample, damaged at random (bytes changed, inserted or deleted, numbers made
 * huge, lines repeated, shuffled, the file cut), read as inspect and replay read it, with a skip
 * allowance: either the trace reads, and then every record delivered is sound and in issue order
 * from 0 and inspect's figures add up; or it is refused as bad input. Nothing else may come out of
 * it: no other exception, no record the checks refuse, no negative time. (A damaged MSR timestamp
 * more than 292 years from the others once had convert drop the later records silently.)
 */
class DamagedTracesTest {
    private static final String[][] SAMPLES = {
        {"msr", "msr/hm_1.csv"}, {"alibaba", "alibaba/io_traces-sample.csv"}, {"tencent", "tencent/cbs-sample.csv"},
        {"blkparse", "blkparse/two-disks.txt"}, {"etw", "etw/dump.txt"}, {"fio", "fioiolog/v3.iolog"},
        {"fio", "fioiolog/v2.iolog"}, {"fiu", "fiu/homes-sample.txt"}, {"spc", "spc/Financial-sample.spc"},
        {"systor", "systor/2016022310-LUN3.csv"}, {"tracefs", "tracefs/trace.txt"}, {"trace-cmd", "tracecmd/v7zstd.dat"},
    };
    private static final int SAMPLES_LAST = 11;
    private static final byte[][] INSERTS = {
        {'0'}, {'9'}, {','}, {' '}, {'\t'}, {'\r'}, {'\n'}, {'-'}, {'+'}, {'.'}, {'x'}, {'R'}, {'W'}, {'#'}, {'"'}, {':'},
        {(byte) 0xc3, (byte) 0xa9}, {(byte) 0xff}, {0}, "99999999999999999999".getBytes(StandardCharsets.US_ASCII), "0000".getBytes(StandardCharsets.US_ASCII),
    };

    private final TraceFormats formats = TraceFormats.standard();

    @Property(tries = 400)
    void aDamagedTraceReadsSoundlyOrIsRefusedAsBadInput(@ForAll @IntRange(min = 0, max = SAMPLES_LAST) int sample,
            @ForAll long seed) throws Exception {
        String format = SAMPLES[sample][0];
        byte[] damaged = damage(Files.readAllBytes(FormatSamples.fixture(SAMPLES[sample][1])), new SplittableRandom(seed));
        Path file = Files.createTempFile("damaged-", "." + format);
        try {
            Files.write(file, damaged);
            readSoundlyOrRefused(file, format);
        } finally {
            Files.delete(file);
        }
    }

    private void readSoundlyOrRefused(Path file, String format) {
        List<IoRecord> records = new ArrayList<>();
        TraceStatistics stats;
        try (TraceReader reader = formats.open(file, format, ReadOptions.DEFAULTS.withSkipBad(1000))) {
            stats = TraceInspector.inspect(new Collecting(reader, records), SequentialWindow.DEFAULT_WINDOW);
        } catch (SbenchException e) {
            assertEquals(ErrorKind.BAD_INPUT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains(file.getFileName().toString()), "the error names the file: " + e.getMessage());
            return;
        }
        long last = 0;
        for (IoRecord r : records) {
            assertNull(RecordChecks.STANDARD.problem(r), r.toString());
            assertTrue(r.issueNs >= last, "in issue order from 0: " + r);
            last = r.issueNs;
        }
        assertEquals(records.size(), stats.records());
        assertEquals(stats.records(), stats.reads() + stats.writes() + stats.trims() + stats.flushes());
        assertTrue(stats.durationNs() >= 0, "duration " + stats.durationNs());
    }

    /** Up to four random changes to {@code data}. */
    private static byte[] damage(byte[] data, SplittableRandom random) {
        byte[] b = data;
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            int at = b.length == 0 ? 0 : random.nextInt(b.length + 1);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            switch (random.nextInt(5)) {
                case 0 -> { // a byte changed
                    out.write(b, 0, b.length);
                    byte[] c = out.toByteArray();
                    if (c.length > 0) {
                        c[Math.min(at, c.length - 1)] = (byte) random.nextInt(256);
                    }
                    b = c;
                    continue;
                }
                case 1 -> { // something a damaged text holds inserted
                    byte[] insert = INSERTS[random.nextInt(INSERTS.length)];
                    out.write(b, 0, at);
                    out.write(insert, 0, insert.length);
                    out.write(b, at, b.length - at);
                }
                case 2 -> { // a few bytes deleted
                    int to = Math.min(b.length, at + 1 + random.nextInt(4));
                    out.write(b, 0, at);
                    out.write(b, to, b.length - to);
                }
                case 3 -> out.write(b, 0, at); // the file cut
                default -> { // a line repeated elsewhere
                    String[] lines = new String(b, StandardCharsets.ISO_8859_1).split("\n", -1);
                    List<String> l = new ArrayList<>(List.of(lines));
                    l.add(random.nextInt(l.size() + 1), lines[random.nextInt(lines.length)]);
                    byte[] joined = String.join("\n", l).getBytes(StandardCharsets.ISO_8859_1);
                    out.write(joined, 0, joined.length);
                }
            }
            b = out.toByteArray();
        }
        return b;
    }

    /** The records a reader delivers, kept as they pass. */
    private static final class Collecting extends ForwardingTraceReader {
        private final List<IoRecord> records;

        Collecting(TraceReader in, List<IoRecord> records) {
            super(in);
            this.records = records;
        }

        @Override
        public boolean next(IoRecord into) {
            if (!super.next(into)) {
                return false;
            }
            records.add(new IoRecord().copyFrom(into));
            return true;
        }
    }
}
