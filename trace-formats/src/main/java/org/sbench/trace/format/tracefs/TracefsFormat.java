// Linux tracefs text with block request events: recognition and opening.
package org.sbench.trace.format.tracefs;

import java.util.List;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * The kernel's text trace ({@code trace}, {@code trace_pipe}) with {@code block_rq_issue} and
 * {@code block_rq_complete} events; the layout is described on {@link TracefsReader}. Stateless
 * and thread-safe.
 */
public final class TracefsFormat implements TraceFormat {
    static final String NAME = "tracefs";
    private static final int SNIFF_LINES = 20;
    private static final int MIN_EVENT_LINES = 3;
    /** Preamble lines of {@code trace-cmd report} looked past: one per CPU, as many as machines have. */
    private static final int PREAMBLE_LINES = 1024;
    private static final String EMPTY_CPU_PREFIX = "CPU ";
    private static final String EMPTY_CPU_SUFFIX = " is empty";
    private static final String CPU_COUNT_PREFIX = "cpus=";
    /**
     * The characters of the latency format's flags after the CPU number: irqs-off, need-resched,
     * hardirq/softirq, preempt depth, migrate-disable.
     */
    private static final String LATENCY_FLAGS = ".dDXNnpPBbHhZzs0123456789abcdef";
    /** Kernels print four flags, newer ones five. */
    private static final int MIN_LATENCY_FLAGS = 4;
    /** The flags column, when present, sits between the CPU and the timestamp. */
    private static final int MAX_FIELDS_CPU_TO_TIME = 2;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Yes when, after {@code #} header lines and the preamble {@code trace-cmd report} prints
     * ({@code CPU 3 is empty}, one line per CPU without events, and {@code cpus=16}), at least half
     * of the first lines, and at least three (or all, if fewer), are trace events
     * ({@code TASK-PID [CPU] [FLAGS] SECONDS: EVENT: …}, or in the latency format
     * {@code TASK-PID CPUFLAGS SECONDS: EVENT: …}) and one of them is a {@code block_} event.
     */
    @Override
    public boolean sniff(TraceHead head) {
        List<String> lines = head.dataLines(SNIFF_LINES + PREAMBLE_LINES, "#");
        lines.removeIf(TracefsFormat::isReportPreamble);
        lines = lines.subList(0, Math.min(SNIFF_LINES, lines.size()));
        int events = 0;
        boolean block = false;
        for (String line : lines) {
            String event = eventName(line);
            if (event != null) {
                events++;
                block |= event.startsWith("block_") || event.startsWith("block:block_");
            }
        }
        return block && events >= Math.min(MIN_EVENT_LINES, lines.size()) && 2 * events >= lines.size();
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new TracefsReader(input, options);
    }

    /**
     * A line {@code trace-cmd report} prints before the events: {@code CPU N is empty} for each CPU
     * that logged nothing (on a large machine tracing a few devices, most of them) and
     * {@code cpus=N}.
     */
    static boolean isReportPreamble(String line) {
        String s = line.strip();
        return s.startsWith(EMPTY_CPU_PREFIX) && s.endsWith(EMPTY_CPU_SUFFIX) || s.startsWith(CPU_COUNT_PREFIX);
    }

    /** The event name of a trace line, or null if the line is not one. */
    static String eventName(String line) {
        String[] f = line.strip().split("[ \t]+");
        for (int cpu = 1; cpu < f.length; cpu++) {
            if (!isCpu(f[cpu])) {
                continue;
            }
            for (int t = cpu + 1; t <= cpu + MAX_FIELDS_CPU_TO_TIME && t + 1 < f.length; t++) {
                if (isTimestamp(f[t]) && isEvent(f[t + 1])) {
                    return f[t + 1].substring(0, f[t + 1].length() - 1);
                }
            }
            return null;
        }
        return null;
    }

    /**
     * {@code [003]}, or in the latency format ({@code trace-cmd report -l}, the {@code latency-format}
     * trace option) the CPU number with the irq and preempt flags written after it: {@code 2d..1.}.
     */
    private static boolean isCpu(String s) {
        if (s.length() > 2 && s.charAt(0) == '[' && s.charAt(s.length() - 1) == ']') {
            return s.substring(1, s.length() - 1).chars().allMatch(c -> c >= '0' && c <= '9');
        }
        int digits = 0;
        while (digits < s.length() && s.charAt(digits) >= '0' && s.charAt(digits) <= '9') {
            digits++;
        }
        return digits > 0 && s.length() - digits >= MIN_LATENCY_FLAGS
                && s.substring(digits).chars().allMatch(c -> LATENCY_FLAGS.indexOf(c) >= 0);
    }

    /**
     * {@code SECONDS.FRACTION:}, or whole digits alone as a trace_clock that counts prints them
     * (the reader refuses those in a line naming the clock).
     */
    private static boolean isTimestamp(String s) {
        int dot = s.indexOf('.');
        return s.endsWith(":") && s.length() > 1 && (dot < 0 || dot > 0 && dot < s.length() - 2)
                && s.substring(0, s.length() - 1).chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'))
                && s.indexOf('.', dot + 1) < 0;
    }

    private static boolean isEvent(String s) {
        return s.length() > 1 && s.endsWith(":")
                && s.chars().allMatch(c -> c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));
    }
}
