// Generated multi-volume traces for the tests: interleaved volumes, sequential runs, late lines.
package org.sbench.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Deterministic MSR Cambridge and Alibaba traces of several volumes, with each volume alone beside them. */
public final class MultiVolumeTraces {
    private static final long FILETIME_2007 = 128_166_372_000_000_000L;
    private static final long ALIBABA_2020_US = 1_577_808_000_000_000L;

    private MultiVolumeTraces() {
    }

    /** One generated line and the volume it belongs to. */
    public record Line(int volume, String text) {
    }

    /**
     * {@code count} IOs over {@code volumes} volumes: sequential runs and random IOs of 512 B to
     * 256 KiB, reads and writes, with completion times that overlap so queue depths build, and
     * about one line in twenty moved a few places later (the file is not in time order).
     */
    public static List<Line> msr(long seed, int count, int volumes) {
        return generate(seed, count, volumes, 2000, (rnd, v, t, write, offset, size) ->
                t + ",hm," + v + "," + (write ? "Write" : "Read") + "," + offset + "," + size + "," + (1 + rnd.nextInt(20000)));
    }

    /** As {@link #msr} without completion times, in Alibaba's layout ({@code device_id,opcode,offset,length,timestamp}). */
    public static List<Line> alibaba(long seed, int count, int volumes) {
        return generate(seed, count, volumes, 3, (rnd, v, t, write, offset, size) ->
                v + "," + (write ? "W" : "R") + "," + offset + "," + size + "," + t);
    }

    /** One IO as a line of some format; {@code t} in the format's own clock units. */
    private interface Layout {
        String line(Random rnd, int volume, long t, boolean write, long offset, long size);
    }

    private static List<Line> generate(long seed, int count, int volumes, int maxGap, Layout layout) {
        Random rnd = new Random(seed);
        List<Line> lines = new ArrayList<>();
        long[] next = new long[volumes];
        long t = maxGap > 100 ? FILETIME_2007 : ALIBABA_2020_US;
        for (int i = 0; i < count; i++) {
            int v = rnd.nextInt(volumes);
            t += rnd.nextInt(maxGap);
            long size = 512L << rnd.nextInt(10);
            long offset = rnd.nextInt(4) == 0 ? next[v] : (long) rnd.nextInt(1 << 20) * 4096;
            next[v] = offset + size;
            lines.add(new Line(v, layout.line(rnd, v, t, rnd.nextInt(3) == 0, offset, size)));
        }
        return shuffleLocally(lines, rnd);
    }

    private static List<Line> shuffleLocally(List<Line> lines, Random rnd) {
        for (int i = 0; i + 5 < lines.size(); i++) {
            if (rnd.nextInt(20) == 0) {
                Line moved = lines.remove(i);
                lines.add(i + 1 + rnd.nextInt(4), moved);
            }
        }
        return lines;
    }

    public static Path write(Path file, List<Line> lines) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Line l : lines) {
            b.append(l.text()).append('\n');
        }
        return Files.writeString(file, b);
    }

    /** The lines of one volume, in file order: that volume alone. */
    public static List<Line> volume(List<Line> lines, int volume) {
        List<Line> out = new ArrayList<>();
        for (Line l : lines) {
            if (l.volume() == volume) {
                out.add(l);
            }
        }
        return out;
    }
}
