package org.sbench.replay;

/** A monotonic clock in ns, injected so schedulers can run against a manual clock in tests. */
@FunctionalInterface
public interface NanoClock {
    /** The system's monotonic clock ({@link System#nanoTime()}). */
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
