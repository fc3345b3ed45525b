package org.sbench.trace;

/**
 * Hears how far a long task has come: a trace file read (bytes of the file read so far, of its
 * size) or a trace generated (IOs, of the IOs it will have). Called on the working thread, at most
 * once per buffer refill or per batch of IOs, never per record; implementations must return
 * quickly and must not block, and throw only to abandon the task (a stop asked before a replay's
 * first IO), which then closes what it holds as after any failure.
 */
@FunctionalInterface
public interface Progress {
    /** Hears nothing. */
    Progress NONE = (done, total) -> { };

    /**
     * @param done  units done so far (bytes read, IOs generated)
     * @param total units in all, or -1 when unknown
     */
    void at(long done, long total);
}
