package org.sbench.cdm;

import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.trace.Op;

/**
 * Hears how a synthetic suite run goes (the CLI prints it). Called on the thread running the
 * suite, between passes; the default methods ignore everything.
 */
public interface CdmListener {
    CdmListener NONE = new CdmListener() {
    };

    /** The test region is about to be filled with {@code data} by a sequential write pass (not measured). */
    default void filling(String data, long regionBytes) {
    }

    /** The fill with {@code data} ended with {@code result} (its writes count for the drive's state log). */
    default void filled(String data, ReplayResult result) {
    }

    /** Where the fill pass of {@code data} reports how its replay goes; asked as it starts, after {@link #filling}. */
    default ReplayListener fillProgress(String data) {
        return ReplayListener.NONE;
    }

    /**
     * Where pass {@code pass} of {@code passes} of one test, op and data pattern reports how its
     * replay goes; asked as it starts. Scored passes count from 1; a warm-up pass, not scored, is 0
     * or below ({@link CdmPreset#warmUpPasses}).
     */
    default ReplayListener passProgress(CdmTest test, Op op, String data, int pass, int passes) {
        return ReplayListener.NONE;
    }

    /** Pass {@code pass} (a warm-up pass: 0 or below) of {@code passes} of one test, op and data pattern ended with {@code result}. */
    default void passDone(CdmTest test, Op op, String data, int pass, int passes, ReplayResult result) {
    }
}
