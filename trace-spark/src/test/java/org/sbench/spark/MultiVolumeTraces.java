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
     * 256 KiB, reads and writes, with completion times (MSR) that overlap so queue depths build, and
     * about one line in twenty moved a few places later (the files are not in time order).
     */
    public static List<Line> msr(long seed, int count, int volumes) {
        Random rnd = new Random(seed);
        List<Line> lines = new ArrayList<>();
        long[] next = new long[volumes];
        long t = FILETIME_2007;
        for (int i = 0; i < count; i++) {
            int v = rnd.nextInt(volumes);
            t += rnd.nextInt(2000);
            long size = 512L << rnd.nextInt(10);
            long offset = rnd.nextInt(4) == 0 ? next[v] : (long) rnd.nextInt(1 << 20) * 4096;
            next[v] = offset + size;
            String op = rnd.nextInt(3) == 0 ? "Write" : "Read";
            lines.add(new Line(v, t + ",hm," + v + "," + op + "," + offset + "," + size + "," + (1 + rnd.nextInt(20000))));
        }
        return shuffleLocally(lines, rnd);
    }

    /** As {@link #msr} without completion times, in Alibaba's layout ({@code device_id,opcode,offset,length,timestamp}). */
    public static List<Line> alibaba(long seed, int count, int volumes) {
        Random rnd = new Random(seed);
        List<Line> lines = new ArrayList<>();
        long[] next = new long[volumes];
        long t = ALIBABA_2020_US;
        for (int i = 0; i < count; i++) {
            int v = rnd.nextInt(volumes);
            t += rnd.nextInt(3);
            long size = 4096L << rnd.nextInt(6);
            long offset = rnd.nextInt(3) == 0 ? next[v] : (long) rnd.nextInt(1 << 18) * 4096;
            next[v] = offset + size;
            lines.add(new Line(v, v + "," + (rnd.nextBoolean() ? "R" : "W") + "," + offset + "," + size + "," + t));
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
