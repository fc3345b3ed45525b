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

    /**
     * The warnings for {@code plan}'s trace replayed as {@code settings} say, each led by its path;
     * none for a trace with nothing to say. Counts of more than the IOs replayed (those of the trace
     * it was cut from, or of all its streams when one is replayed) are said to be so.
     */
    static List<String> of(TracePlan plan, ReplaySettings settings) {
        List<String> notes = new ArrayList<>();
        String incomplete = IncompleteRecording.describe(plan.info().metadata());
        if (incomplete != null) {
            notes.add(plan.path() + ": " + incomplete);
        }
        RequestAccounts.Counts requests = plan.stats().requests();
        if (requests == null) {
            return notes;
        }
        boolean ofSource = RequestAccounts.ofSource(plan.info().metadata());
        boolean oneOfSeveral = settings.stream() >= 0 && plan.severalStreams();
        String whole = ofSource ? "the trace it was cut from" : "it";
        String scope = ofSource ? " (not known for this part of it)" : oneOfSeveral ? " (of all its streams, not only the one replayed)"
                : "";
        if (requests.otherRequests() > 0) {
            notes.add(plan.path() + ": " + requests.otherRequests() + " requests of other kinds (write-zeroes, passthrough or zone"
                    + " commands, or reads and writes of 0 bytes; " + requests.otherRequestBytes() + " bytes) were left out when " + whole
                    + " was recorded" + scope
                    + ": not replayed");
        }
        if (requests.failedIos() > 0) {
            notes.add(plan.path() + ": " + requests.failedIos() + " of " + (ofSource ? "the IOs of " + whole : "its IOs")
                    + " failed at the device when " + whole + " was recorded (" + requests.byError() + ")" + scope
                    + ": replayed as any other, their recorded times are the failures'");
        }
        return notes;
    }
}
