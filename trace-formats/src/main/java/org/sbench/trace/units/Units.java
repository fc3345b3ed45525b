package org.sbench.trace.units;

import java.util.Locale;

/** Numbers as the tables print them: decimal MB/GB (10^6, 10^9 bytes), durations, counts. */
public final class Units {
    private static final double KB = 1e3;
    private static final double MB = 1e6;
    private static final double GB = 1e9;
    private static final double TB = 1e12;
    private static final double NS_PER_S = 1e9;
    private static final long NS_PER_MS = 1_000_000L;
    private static final int SECONDS_PER_MINUTE = 60;
    private static final int MINUTES_PER_HOUR = 60;

    private Units() {
    }

    public static String bytes(long b) {
        if (b >= TB) {
            return String.format(Locale.ROOT, "%.2f TB", b / TB);
        }
        if (b >= GB) {
            return String.format(Locale.ROOT, "%.2f GB", b / GB);
        }
        if (b >= MB) {
            return String.format(Locale.ROOT, "%.2f MB", b / MB);
        }
        if (b >= KB) {
            return String.format(Locale.ROOT, "%.1f kB", b / KB);
        }
        return b + " B";
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    public static String pct(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }

    public static String duration(long ns) {
        if (ns < NS_PER_MS) {
            return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
        }
        double s = ns / NS_PER_S;
        if (s < 60) {
            return String.format(Locale.ROOT, "%.3f s", s);
        }
        long minutes = (long) s / SECONDS_PER_MINUTE;
        double seconds = s - minutes * SECONDS_PER_MINUTE;
        if (minutes < MINUTES_PER_HOUR) {
            return String.format(Locale.ROOT, "%dm %06.3fs (%.1f s)", minutes, seconds, s);
        }
        // A week of MSR Cambridge read "10080m 00.000s".
        return String.format(Locale.ROOT, "%,dh %02dm %06.3fs (%.1f s)", minutes / MINUTES_PER_HOUR, minutes % MINUTES_PER_HOUR, seconds,
                s);
    }
}
