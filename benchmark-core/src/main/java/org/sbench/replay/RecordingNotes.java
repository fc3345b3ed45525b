package org.sbench.replay;

import java.util.ArrayList;
import java.util.List;
import org.sbench.trace.IncompleteRecording;
import org.sbench.trace.RequestAccounts;

/**
 * What a replay says of a trace recorded from block request events that held more than its IOs
 * show: a recording sbench record marked incomplete, requests of other kinds left out when it was
 * recorded (not replayed), IOs that failed at the device then (replayed as any other). The trace's
 * own summaries (record, convert, inspect) said so; a replay of it said nothing.
 */
final class RecordingNotes {
    private RecordingNotes() {
    }

    /** The warnings for {@code plan}'s trace, each led by its path; none for a trace with nothing to say. */
    static List<String> of(TracePlan plan) {
        List<String> notes = new ArrayList<>();
        String incomplete = IncompleteRecording.describe(plan.info().metadata());
        if (incomplete != null) {
            notes.add(plan.path() + ": " + incomplete);
        }
        RequestAccounts.Counts requests = plan.stats().requests();
        if (requests != null && requests.otherRequests() > 0) {
            notes.add(plan.path() + ": " + requests.otherRequests() + " requests of other kinds (write-zeroes, passthrough or zone"
                    + " commands; " + requests.otherRequestBytes() + " bytes) were left out when it was recorded: not replayed");
        }
        if (requests != null && requests.failedIos() > 0) {
            notes.add(plan.path() + ": " + requests.failedIos() + " of its IOs failed at the device when it was recorded ("
                    + requests.byError() + "): replayed as any other, their recorded times are the failures'");
        }
        return notes;
    }
}
