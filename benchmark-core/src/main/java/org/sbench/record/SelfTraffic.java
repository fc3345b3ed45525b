// How the recorder keeps its own output out of the trace it records.
package org.sbench.record;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.sbench.target.BackingDisks;

/**
 * Whether writing the trace file causes IO on a recorded disk, and so what the recorder does about
 * it. When the output is on another device (or on none: tmpfs), nothing needs filtering. When it
 * is on a recorded disk, the requests issued by the recorder's writer thread are filtered out in
 * the kernel ({@code common_pid != TID} on {@code block_rq_issue}); the page cache's writeback and
 * a filesystem journal issue from kernel threads and cannot be told apart from other processes'
 * writeback, so they stay in the trace, and the description says so.
 *
 * @param outputDisks          the disks the output's filesystem is on
 * @param recordedOutputDisks  those of them being recorded
 */
record SelfTraffic(Set<String> outputDisks, Set<String> recordedOutputDisks) {

    static SelfTraffic of(Path out, DeviceSelection devices, BackingDisks disks) {
        Set<String> outputDisks = disks.ofPath(out);
        Set<String> recorded = new TreeSet<>(outputDisks);
        recorded.retainAll(devices.diskNames());
        return new SelfTraffic(outputDisks, recorded);
    }

    /** True when the writer thread's requests must be filtered out. */
    boolean filterWriterThread() {
        return !recordedOutputDisks.isEmpty();
    }

    /** One line for the user and the trace's metadata; {@code writerTid} is the filtered thread. */
    String describe(int writerTid) {
        if (outputDisks.isEmpty()) {
            return "output not on a block device: nothing to filter";
        }
        if (!filterWriterThread()) {
            return "output on " + String.join(", ", outputDisks) + ", not recorded: nothing to filter";
        }
        return "output on recorded disk " + String.join(", ", recordedOutputDisks) + ": requests issued by the"
                + " recorder's writer thread (tid " + writerTid + ") are filtered out; writeback and journal IO of the"
                + " output by kernel threads is recorded; write --out to another device to avoid it";
    }
}
