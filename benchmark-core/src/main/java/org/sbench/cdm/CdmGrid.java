package org.sbench.cdm;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sbench.result.TargetWords;
import org.sbench.result.TextTable;
import org.sbench.replay.Equipment;
import org.sbench.target.NullTarget;
import org.sbench.trace.Op;

/**
 * The familiar grid of a synthetic suite run: a row per test, read and write MB/s (best pass),
 * and IOPS for the 4K tests; with two data patterns, a row per test and pattern (random, then
 * all-zero "0x00"), so the two sit one above the other. MB = 10^6 bytes; rates over busy time, as in every sbench result.
 */
public final class CdmGrid {
    private static final String NONE = "-";
    private static final long NS_PER_S = 1_000_000_000L;
    /** Decimal digits of a millisecond in nanoseconds. */
    private static final int MS_DIGITS = 6;

    private final CdmResults results;

    public CdmGrid(CdmResults results) {
        this.results = results;
    }

    /** In replay's words: "/dev/sdb (block device)", "stripe:64K:A,B (RAID 0 stripe, 8.39 MB usable: ...)", "null target (no device)". */
    private String target() {
        String kind = TargetWords.kind(results.targetKind());
        return NullTarget.NAME.equals(results.targetKind()) ? kind
                : results.targetPath() + " (" + kind + (results.targetGeometry() == null ? "" : ", " + results.targetGeometry()) + ")";
    }

    public void write(PrintWriter out) {
        CdmSettings s = results.settings();
        out.println("sbench cdm " + s.preset().word() + ": " + target() + ", test region " + mib(results.regionBytes())
                + ", engine " + results.engine());
        String passes = s.passes() + (s.passes() == 1 ? " pass" : " passes");
        int warmUp = s.preset().warmUpPasses();
        out.println(passes + (s.timed() ? " of " + duration(s.durationNs()) : " of one region sweep") + " per test and op"
                + (warmUp > 0 ? " after " + (warmUp == 1 ? "a warm-up pass" : warmUp + " warm-up passes") + " (not scored)" : "")
                + ", best reported; MB/s = 10^6 bytes/s over busy time");
        out.println("region filled by one sequential write pass (not measured) with each data pattern before its read tests");
        out.println();
        table().print(out, "");
        notes(out);
        if (!results.complete()) {
            out.println();
            out.println("INCOMPLETE: stopped (" + results.stopReason() + "); '" + NONE + "' marks tests that did not run");
        }
        out.flush();
    }

    /**
     * What a replay's result says of its run and the grid would not: why the engine is not the one asked for, and which
     * tests' buffers io_uring pinned at every IO (the engine's note after the pages in the mapping's bufferMemory), each
     * note once, with the tests it holds for (a refusal names the ring's size, which differs by queue depth).
     */
    private void notes(PrintWriter out) {
        Map<String, Set<String>> engine = new LinkedHashMap<>();
        Map<String, Set<String>> buffers = new LinkedHashMap<>();
        for (CdmResults.Entry e : results.entries()) {
            if (e.best() == null) {
                continue;
            }
            String test = e.test().label() + " " + e.op().name().toLowerCase(Locale.ROOT);
            if (e.best().settings().engineNote() != null) {
                engine.computeIfAbsent(e.best().settings().engineNote(), k -> new LinkedHashSet<>()).add(test);
            }
            String note = Equipment.bufferNote(e.best().mapping().bufferMemory());
            if (note != null) {
                buffers.computeIfAbsent(note, k -> new LinkedHashSet<>()).add(test);
            }
        }
        if (!engine.isEmpty() || !buffers.isEmpty()) {
            out.println();
        }
        engine.forEach((note, tests) -> out.println("engine   " + String.join(", ", tests) + ": " + note));
        buffers.forEach((note, tests) -> out.println("buffers  " + String.join(", ", tests) + ": " + note));
    }

    TextTable table() {
        List<String> data = results.settings().data();
        boolean both = data.size() > 1;
        boolean iops = results.settings().preset().tests().stream().anyMatch(CdmTest::showsIops);
        List<String> header = new ArrayList<>();
        header.add("");
        if (both) {
            header.add("data");
        }
        for (String metric : iops ? new String[] {"MB/s", "IOPS"} : new String[] {"MB/s"}) {
            header.add("Read " + metric);
            header.add("Write " + metric);
        }
        TextTable t = new TextTable(header.toArray(new String[0]));
        for (CdmTest test : results.settings().preset().tests()) {
            for (String d : data) {
                List<String> row = new ArrayList<>();
                row.add(d.equals(data.get(0)) ? test.label() : "");
                if (both) {
                    row.add(label(d));
                }
                for (boolean iopsColumn : iops ? new boolean[] {false, true} : new boolean[] {false}) {
                    row.add(cell(test, results.entry(test, Op.READ, d), iopsColumn));
                    row.add(cell(test, results.entry(test, Op.WRITE, d), iopsColumn));
                }
                t.row(row.toArray());
            }
        }
        return t;
    }

    private static String cell(CdmTest test, CdmResults.Entry e, boolean iops) {
        if (iops && !test.showsIops()) {
            return "";
        }
        if (e == null || e.best().summary().ios() == 0) {
            // A test not run, or whose passes were too short for one IO to complete (--duration 1ns): nothing measured.
            return NONE;
        }
        return iops ? String.format(Locale.ROOT, "%.1f", e.best().summary().iops())
                : String.format(Locale.ROOT, "%.2f", e.best().summary().mbps());
    }

    /** The column word of a data pattern: {@code random} or {@code 0x00}. */
    public static String label(String data) {
        return data.equals("zero") ? "0x00" : data;
    }

    /** Whole seconds as {@code 5 s}, else milliseconds, exactly ({@code 1.5 ms}: rounded, a 1 ns limit read "0 ms"). */
    static String duration(long ns) {
        return ns % NS_PER_S == 0 ? ns / NS_PER_S + " s" : BigDecimal.valueOf(ns, MS_DIGITS).stripTrailingZeros().toPlainString() + " ms";
    }

    static String mib(long bytes) {
        return bytes % (1L << 30) == 0 ? bytes / (1L << 30) + " GiB" : bytes / (1L << 20) + " MiB";
    }
}
