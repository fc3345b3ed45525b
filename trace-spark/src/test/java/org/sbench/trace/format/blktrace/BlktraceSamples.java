package org.sbench.trace.format.blktrace;

import java.nio.ByteOrder;
import java.nio.file.Path;

/** A two-CPU blktrace trace of two disks for trace-spark's tests, made with trace-formats' test builder. */
public final class BlktraceSamples {
    private static final long T0 = 1_000_000_000L;
    private static final int SDA = BlktraceBuilder.device(8, 0);
    private static final int SDB = BlktraceBuilder.device(8, 16);

    private BlktraceSamples() {
    }

    /** Writes {@code NAME.blktrace.0} and {@code .1} into {@code dir}; returns the first. */
    public static Path twoCpus(Path dir, String name) throws java.io.IOException {
        ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        Path cpu0 = new BlktraceBuilder(le, 7).process(T0, 100, "fio", null, SDA)
                .io(T0 + 100, BlktraceBuilder.ISSUE, BlktraceBuilder.TC_READ, 8, 4096, 100, SDA)
                .io(T0 + 300, BlktraceBuilder.ISSUE, BlktraceBuilder.TC_WRITE, 16, 8192, 100, SDB)
                .io(T0 + 900, BlktraceBuilder.COMPLETE, BlktraceBuilder.TC_READ, 8, 4096, 0, SDA)
                .io(T0 + 1000, BlktraceBuilder.ISSUE, BlktraceBuilder.TC_READ, 16, 4096, 100, SDA)
                .writeTo(dir.resolve(name + ".blktrace.0"));
        new BlktraceBuilder(le, 7)
                .io(T0 + 200, BlktraceBuilder.ISSUE, BlktraceBuilder.TC_READ, 24, 4096, 100, SDA)
                .io(T0 + 700, BlktraceBuilder.COMPLETE, BlktraceBuilder.TC_WRITE, 16, 8192, 0, SDB)
                .io(T0 + 1100, BlktraceBuilder.COMPLETE, BlktraceBuilder.TC_READ, 24, 4096, 0, SDA)
                .io(T0 + 1500, BlktraceBuilder.COMPLETE, BlktraceBuilder.TC_READ, 16, 4096, 0, SDA)
                .writeTo(dir.resolve(name + ".blktrace.1"));
        return cpu0;
    }
}
