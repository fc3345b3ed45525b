// How a recording that the full disk (or disk quota) of its trace ended was cut short.
package org.sbench.record;

import java.util.List;

/**
 * A recording ended by a full disk: the trace holds its IOs up to the last that fit.
 *
 * @param keptNs    the trace's last IO's issue time from its first's
 * @param lostIos   IOs read after the disk filled up, until the recording stopped: not in the trace
 * @param quota     the user's disk quota ran out (EDQUOT), not the file system's room: on the trace's disk, or in
 *                  {@code tempDir} when that is given
 * @param tempDir   the temporary directory the trace's process names spill to, when it was that which filled up, not the
 *                  trace's disk; else null (a path as messages give it: a String, which JSON writes as it is, not as a URI)
 * @param lostMarks the names of the marks made after the disk filled up, in the order made: not in the trace
 */
public record DiskFull(long keptNs, long lostIos, boolean quota, String tempDir, List<String> lostMarks) {
}
