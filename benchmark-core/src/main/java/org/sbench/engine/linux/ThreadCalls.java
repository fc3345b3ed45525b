package org.sbench.engine.linux;

/**
 * The calls that tune how the kernel wakes a thread: the calling thread's timer slack (prctl(2)
 * {@code PR_SET_TIMERSLACK}, Linux 2.6.28+), a thread's nice value (setpriority(2)). Like {@link Syscalls} they never throw: a failure
 * (another architecture, another kernel) comes back as a negative errno.
 */
public final class ThreadCalls {
    static final long SYS_PRCTL = LinuxArch.pick(157, 167);
    static final int PR_SET_TIMERSLACK = 29;
    static final int PR_GET_TIMERSLACK = 30;
    static final long SYS_SETPRIORITY = LinuxArch.pick(141, 140);
    /** With a thread id as who, setpriority(2) sets that one thread's nice value (Linux keeps it per thread). */
    static final int PRIO_PROCESS = 0;

    private ThreadCalls() {
    }

    /** The calling thread's timer slack in ns, or a negative errno. */
    public static long timerSlackNs() {
        return Syscalls.syscall(SYS_PRCTL, PR_GET_TIMERSLACK, 0, 0, 0, 0, 0);
    }

    /**
     * Sets the calling thread's timer slack to {@code ns} (at least 1: 0 would mean "back to the
     * default"): 0, or a negative errno.
     */
    public static long setTimerSlackNs(long ns) {
        if (ns < 1) {
            throw new IllegalArgumentException("timer slack must be at least 1 ns: " + ns);
        }
        return Syscalls.syscall(SYS_PRCTL, PR_SET_TIMERSLACK, ns, 0, 0, 0, 0);
    }

    /** Sets thread {@code tid}'s nice value (-20 to 19; below 0 needs root or CAP_SYS_NICE): 0, or a negative errno. */
    public static long setNice(int tid, int nice) {
        return Syscalls.syscall(SYS_SETPRIORITY, PRIO_PROCESS, tid, nice, 0, 0, 0);
    }
}
