// How a run went, as rows of a small table: fidelity, mapping, errors (the HTML report's last sections).
package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sbench.engine.IoUringEngine;

/**
 * What a result says about how faithfully it replayed the trace, how the trace was mapped onto the
 * target, and which IOs failed, as (what, value) rows in words. The terminal says the same on one
 * line each ({@link TableResultWriter#fidelity}, {@link TableResultWriter#mapping}).
 */
final class RunFacts {
    private RunFacts() {
    }

    static List<String[]> fidelity(ReplayResult r) {
        ReplayResult.Fidelity f = r.fidelity();
        List<String[]> rows = new ArrayList<>();
        rows.add(row("IOs issued", f.planned() == null ? f.issuedOfPlanned(TableResultWriter::count) + " in the trace"
                : f.issuedOfPlanned(TableResultWriter::count) + " to issue; " + TableResultWriter.count(f.inTrace()) + " in the trace"));
        if (f.skippedRecords() > 0) {
            rows.add(row("bad records of the trace file skipped (--skip-bad), not replayed", TableResultWriter.count(f.skippedRecords())));
        }
        rows.add(row("submitted out of trace order", TableResultWriter.count(f.outOfOrder())));
        rows.add(row("queue depth at issue, recorded average", f.qdRecorded() == null ? "not recorded (no completion times)"
                : TableResultWriter.f2(f.qdRecorded().avg()) + TableResultWriter.recordedCoverage(r)));
        rows.add(row("queue depth at issue, replayed average", TableResultWriter.f2(f.qdReplayed().avg())));
        if (f.qdTvd() != null) {
            rows.add(row("distance of the two distributions", TableResultWriter.f3(f.qdTvd())
                    + " (total variation: 0 the same, 1 nothing in common)"));
        }
        if (f.latenessUs() != null) {
            rows.add(row("submit lateness (timed)", TableResultWriter.lateness(f.latenessUs())));
        }
        if (f.inFlightCap() > 0) {
            rows.add(row("most IOs in flight", TableResultWriter.count(f.inFlightCap()) + inFlightNote(r)));
        }
        String held = heldBack(r);
        if (held != null) {
            rows.add(row("IOs held back", held));
        }
        String order = syncOrder(r);
        if (order != null) {
            rows.add(row("order at the device", order));
        }
        return rows;
    }

    /** "N IOs held back ..." where the in-flight cap or a stripe member's queue held IOs back; null where none were. */
    static String heldBack(ReplayResult r) {
        long held = r.fidelity().heldAtCapOrZero();
        if (held == 0) {
            return null;
        }
        String ios = TableResultWriter.count(held) + (held == 1 ? " IO" : " IOs") + " held back ";
        if (r.stripe() != null) {
            return ios + "while a member's queue was full (members take " + StripeTables.caps(r) + " IOs at once)";
        }
        return ios + "at the cap of " + TableResultWriter.count(r.fidelity().inFlightCap()) + " in flight" + inFlightNote(r)
                + ": the trace asks for more";
    }

    /** What the sync engine does to the order of IOs in flight together; null for other engines or one in flight. */
    static String syncOrder(ReplayResult r) {
        return "sync".equals(r.settings().engine()) && r.fidelity().inFlightCap() > 1
                ? "engine sync: IOs in flight together reach the device in any order" : null;
    }

    /**
     * " (the device queue holds N requests)", and why the cap is one below that with io_uring
     * (docs/replay.md); empty for a target without a device queue.
     */
    static String inFlightNote(ReplayResult r) {
        String requests = r.target().device() == null ? null : r.target().device().get("nrRequests");
        if (requests == null) {
            return "";
        }
        boolean spare = IoUringEngine.NAME.equals(r.settings().engine()) && r.fidelity().inFlightCap() + 1 == Long.parseLong(requests);
        return " (the device queue holds " + requests + " requests" + (spare ? "; io_uring leaves one free" : "") + ")";
    }

    static List<String[]> mapping(ReplayResult r) {
        ReplayResult.Mapping m = r.mapping();
        List<String[]> rows = new ArrayList<>();
        if (m == null) {
            rows.add(row("mapping", "not recorded"));
            return rows;
        }
        rows.add(row("IOs widened to the logical block size", TableResultWriter.count(m.widened())));
        rows.add(row("IOs moved by --fit " + r.settings().fit(), TableResultWriter.count(m.refitted())));
        rows.add(row("records of other streams, not replayed", TableResultWriter.count(m.otherStreams())));
        rows.add(row("writes and trims skipped (read-only)", TableResultWriter.count(m.skippedWrites())));
        rows.add(row("IOs longer than the device takes whole", TableResultWriter.count(m.wouldSplit())
                + (m.splitThresholdBytes() > 0 ? " (longer than " + TableResultWriter.count(m.splitThresholdBytes()) + " bytes)" : "")));
        if (m.splitIos() > 0) {
            rows.add(row("split by sbench, in trace order", TableResultWriter.split(r)));
        }
        if (m.streamLayout() != null) {
            rows.add(row("where each stream went (stream@offset)", m.streamLayout()));
        }
        if (m.bufferMemory() != null) {
            rows.add(row("IO buffers", m.bufferMemory()));
        }
        return rows;
    }

    static List<String[]> errors(ReplayResult r) {
        List<String[]> rows = new ArrayList<>();
        if (r.summary().errors() == 0) {
            rows.add(row("IO errors", "none"));
            return rows;
        }
        for (Map.Entry<String, Map<String, Long>> op : r.errors().entrySet()) {
            for (Map.Entry<String, Long> e : op.getValue().entrySet()) {
                rows.add(row(op.getKey() + ", " + e.getKey(), TableResultWriter.count(e.getValue())));
            }
        }
        ReplayResult.FirstError first = r.firstError();
        if (first != null) {
            rows.add(row("first failed IO", first.op() + " of " + TableResultWriter.count(first.lengthBytes()) + " bytes at offset "
                    + TableResultWriter.count(first.offsetBytes()) + ", " + first.error()));
        }
        return rows;
    }

    private static String[] row(String what, String value) {
        return new String[] {what, value};
    }
}
