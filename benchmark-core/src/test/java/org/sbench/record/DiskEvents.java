package org.sbench.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

/**
 * Test fixture: block events of some whole disks in a private tracefs instance of their own, on the
 * {@code mono} clock where the kernel offers it; {@link #stop} turns tracing off and gives the text
 * trace, {@link #close} removes the instance whatever happened.
 */
final class DiskEvents implements AutoCloseable {
    private static final int BUFFER_KB = 16 * 1024;

    private final Tracefs tracefs;
    private final TracefsInstance instance;
    private final String clock;

    private DiskEvents(Tracefs tracefs, TracefsInstance instance, String clock) {
        this.tracefs = tracefs;
        this.instance = instance;
        this.clock = clock;
    }

    /** Starts the instance {@code name}-PID capturing {@code events} ({@code block/block_rq_issue}) of disks {@code diskNames} ({@code loop3}). */
    static DiskEvents start(String name, List<String> diskNames, String... events) {
        Tracefs tracefs = Tracefs.open();
        TracefsInstance instance = TracefsInstance.create(tracefs.root(), name + "-" + ProcessHandle.current().pid());
        try {
            String clock = instance.useClock(TracefsInstance.MONO_CLOCK);
            StringBuilder filter = new StringBuilder();
            for (String disk : diskNames) {
                String[] majorMinor = BioQueueCapture.majorMinor(disk).split(":");
                int dev = (Integer.parseInt(majorMinor[0]) << 20) | Integer.parseInt(majorMinor[1]);
                filter.append(filter.length() == 0 ? "" : " || ").append("dev == ").append(dev);
            }
            instance.setBufferKb(BUFFER_KB);
            for (String event : events) {
                instance.setFilter(event, filter.toString());
                instance.enable(event, true);
            }
            Files.writeString(instance.dir().resolve("tracing_on"), "1");
            return new DiskEvents(tracefs, instance, clock);
        } catch (IOException | RuntimeException e) {
            instance.remove();
            tracefs.release();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** The trace clock in use. */
    String clock() {
        return clock;
    }

    /** Stops capturing and returns the trace's lines. */
    List<String> stop() {
        try {
            Files.writeString(instance.dir().resolve("tracing_on"), "0");
            return Files.readAllLines(instance.dir().resolve("trace"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            instance.remove();
        } finally {
            tracefs.release();
        }
    }
}
