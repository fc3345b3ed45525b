// Reader of blktrace binary files, merging per-CPU files and pairing issues with completions.
package org.sbench.trace.format.blktrace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.PriorityQueue;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.blockevents.CompletionMatcher;
import org.sbench.trace.input.BadRecordBudget;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the binary files {@code blktrace} writes ({@code DEV.blktrace.CPU}, one per CPU, or one
 * merged file from {@code blkparse -d}), as laid out by the kernel's
 * {@code include/uapi/linux/blktrace_api.h}:
 * <pre>
 * struct blk_io_trace  (version 7, 48 bytes)     struct blk_io_trace2 (version 8, 64 bytes)
 *   0 u32 magic   0x65617400 | version             0 u32 magic    0x65617400 | 8
 *   4 u32 sequence                                 4 u32 sequence
 *   8 u64 time    ns                               8 u64 time     ns
 *  16 u64 sector  512-byte units                  16 u64 sector
 *  24 u32 bytes                                   24 u32 bytes
 *  28 u32 action                                  28 u32 pid
 *  32 u32 pid                                     32 u64 action
 *  36 u32 device  (major &lt;&lt; 20) | minor           40 u32 device
 *  40 u32 cpu                                     44 u32 cpu
 *  44 u16 error                                   48 u16 error
 *  46 u16 pdu_len                                 50 u16 pdu_len, 52 u8 pad[12]
 * followed by pdu_len payload bytes (first an 8-byte cgroup id when action has bit 0x100)
 * </pre>
 * <ul>
 * <li>Byte order: the tracing machine's, recognised per file by the magic, read in either order.
 *     Each record's own magic gives its version, so a file may mix both.</li>
 * <li>Per-CPU files: given {@code NAME.blktrace.N}, every {@code NAME.blktrace.<digits>} in the
 *     same directory is read and their records are merged by time (equal times: lower CPU
 *     file first), streaming, before pairing.</li>
 * <li>{@code action}: the low 16 bits are the event, with bit 0x100 marking a cgroup payload
 *     ({@code __BLK_TA_ISSUE} 7, {@code __BLK_TA_COMPLETE} 8, {@code __BLK_TA_REQUEUE} 6);
 *     the bits from 16 up are categories ({@code BLK_TC_*}: 0 READ, 1 WRITE, 2 FLUSH, 9 PC
 *     passthrough, 10 NOTIFY, 13 DISCARD; version 8 adds 17–21 zone management).</li>
 * <li>One IO is an ISSUE paired with the COMPLETE of the same device, sector and op
 *     ({@link CompletionMatcher}); issue time is the issue's, completion time the complete's
 *     ({@code time}: ns on the kernel's clock). Records are delivered in issue order.</li>
 * <li>Op, as blkparse decides it: DISCARD is TRIM; no bytes with FLUSH is a FLUSH (offset and
 *     length 0); WRITE is a WRITE (also zone append and write-zeroes); any other request with
 *     bytes is a READ (old kernels set no READ bit). No bytes without FLUSH (zone management),
 *     zone management and passthrough (PC) requests are left out and counted at their issue
 *     ({@link #requestAccounts()}, with their {@code bytes}, none for passthrough; once when
 *     requeued and issued again).</li>
 * <li>{@code sector}, {@code bytes}: offset is {@code sector * 512}, length {@code bytes}.</li>
 * <li>{@code error} of a COMPLETE: the kernel's negative errno in 16 bits ({@code -5}: EIO); an
 *     IO that failed is kept and counted by error ({@link #requestAccounts()}).</li>
 * <li>{@code device} becomes {@code stream}, the kernel's {@code (major << 20) | minor} as is.</li>
 * <li>{@code pid}: the issuing task; {@code process} is the name a {@code BLK_TN_PROCESS} note
 *     (category NOTIFY, event 0, payload the 16-byte task name) gave that pid before the issue.
 *     Other notes (timestamps, messages) and events are skipped.</li>
 * </ul>
 * A wrong magic, a version other than 7 or 8, a payload longer than 4096 bytes or a file cut
 * inside a record is an error naming the byte; records that decode but make no sense (a write
 * of no bytes, a sector past 2^54, a completion before its issue) are bad records. A complete
 * with no waiting issue is skipped; an issue still waiting at the end (or when 262,144 later
 * issues wait behind it: a file of one CPU, which holds the issues it ran but not the
 * completions another CPU took, or a capture with {@code -a issue}) is an IO without a
 * completion time.
 */
final class BlktraceReader implements TraceReader {
    private static final int CATEGORY_SHIFT = 16;
    private static final long TC_WRITE = 1L << 1;
    private static final long TC_FLUSH = 1L << 2;
    private static final long TC_PC = 1L << 9;
    private static final long TC_NOTIFY = 1L << 10;
    private static final long TC_DISCARD = 1L << 13;
    private static final long TC_ZONE_MANAGEMENT = 0b11111L << 17;
    private static final int TA_CGROUP = 1 << 8;
    private static final int EVENT_MASK = 0xffff & ~TA_CGROUP;
    private static final int TA_REQUEUE = 6;
    private static final int TA_ISSUE = 7;
    private static final int TA_COMPLETE = 8;
    private static final int TN_PROCESS = 0;
    private static final int CGROUP_ID_BYTES = 8;
    private static final int TASK_COMM_LEN = 16;
    private static final int SECTOR_SHIFT = 9;
    private static final long MAX_SECTOR = Long.MAX_VALUE >> SECTOR_SHIFT;
    private static final Comparator<BlktraceFile> BY_TIME =
            Comparator.<BlktraceFile>comparingLong(f -> f.timeNs).thenComparingInt(f -> f.index);

    private final List<BlktraceFile> files;
    private final PriorityQueue<BlktraceFile> byTime;
    private final BadRecordBudget budget;
    private final RecordChecks checks;
    private final CompletionMatcher matcher = new CompletionMatcher();
    private final PidNames names = new PidNames();
    private final IoRecord issued = new IoRecord();
    private final RequestAccounts accounts = new RequestAccounts();
    private final TraceInfo info = TraceInfo.of(BlktraceFormat.NAME,
            EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS))
            .withMetadata(TraceInfo.STREAMS, TraceInfo.DEVICE_NUMBER_STREAMS);
    private BlktraceFile current;
    private boolean started;
    private boolean endOfInput;

    BlktraceReader(List<TraceInput> inputs, ReadOptions options) {
        this.files = new ArrayList<>(inputs.size());
        this.byTime = new PriorityQueue<>(Math.max(1, inputs.size()), BY_TIME);
        this.budget = options.newBudget();
        this.checks = options.recordChecks();
        try {
            for (TraceInput input : inputs) {
                files.add(new BlktraceFile(input, files.size()));
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        while (!matcher.poll(into, endOfInput)) {
            if (endOfInput) {
                return false;
            }
            if (!nextEvent()) {
                endOfInput = true;
                continue;
            }
            handle(current);
        }
        return true;
    }

    /** Moves {@link #current} to the earliest unread record of all files. */
    private boolean nextEvent() {
        if (!started) {
            started = true;
            for (BlktraceFile f : files) {
                advance(f);
            }
        } else if (current != null) {
            advance(current);
        }
        current = byTime.poll();
        return current != null;
    }

    /** Queues the file's next record, or closes the file at its end: idle CPUs' files cost no buffer. */
    private void advance(BlktraceFile f) {
        if (f.advance()) {
            byTime.add(f);
        } else {
            f.close();
        }
    }

    private void handle(BlktraceFile f) {
        long categories = f.action >>> CATEGORY_SHIFT;
        int event = (int) f.action & EVENT_MASK;
        if ((categories & TC_NOTIFY) != 0) {
            if (event == TN_PROCESS) {
                notePid(f);
            }
            return;
        }
        if (event != TA_ISSUE && event != TA_COMPLETE && event != TA_REQUEUE) {
            return;
        }
        Op op = (categories & (TC_PC | TC_ZONE_MANAGEMENT)) != 0 ? null : op(categories, f.bytes);
        if (op == null) {
            // A passthrough command's bytes are its data, not a span of the disk.
            long span = (categories & TC_PC) != 0 ? 0 : f.bytes;
            if (event == TA_ISSUE) {
                accounts.otherRequest(span);
            } else if (event == TA_REQUEUE) {
                accounts.otherRequeued(span);
            }
            return;
        }
        if (f.timeNs < 0 || f.device < 0) {
            budget.reject(SbenchException.badBytes(f.name(), f.recordOffset,
                    "a time below 2^63 ns and a device number below 2^31",
                    "time " + Long.toUnsignedString(f.timeNs) + ", device " + Integer.toUnsignedString(f.device)));
            return;
        }
        if (event == TA_ISSUE) {
            issue(f, op);
            return;
        }
        if (event == TA_REQUEUE) {
            matcher.requeue(f.device, f.sector, op);
            return;
        }
        long handle = matcher.find(f.device, f.sector, op);
        if (handle == CompletionMatcher.NOT_FOUND) {
            return;
        }
        long issueNs = matcher.issueNs(handle);
        if (f.timeNs < issueNs) {
            matcher.cancel(handle);
            budget.reject(SbenchException.badBytes(f.name(), f.recordOffset, "a completion no earlier than its issue",
                    "completion at " + f.timeNs + " ns, issue at " + issueNs + " ns"));
        } else {
            matcher.complete(handle, f.timeNs);
            if (f.error != 0) {
                accounts.failed(Math.abs(f.error));
            }
        }
    }

    private void issue(BlktraceFile f, Op op) {
        if (op != Op.FLUSH && (f.sector < 0 || f.sector > MAX_SECTOR)) {
            budget.reject(SbenchException.badBytes(f.name(), f.recordOffset + BlktraceFile.SECTOR_OFFSET,
                    "a sector below 2^54", Long.toUnsignedString(f.sector)));
            return;
        }
        issued.clear();
        issued.issueNs = f.timeNs;
        issued.op = op;
        issued.offsetBytes = op == Op.FLUSH ? 0 : f.sector << SECTOR_SHIFT;
        issued.lengthBytes = op == Op.FLUSH ? 0 : f.bytes;
        issued.stream = f.device;
        issued.process = names.get(f.pid);
        String problem = checks.problem(issued);
        if (problem != null) {
            budget.reject(RecordChecks.badRecordAt(f.name(), f.recordOffset, problem, issued));
            return;
        }
        matcher.issue(issued, f.sector);
    }

    private static Op op(long categories, long bytes) {
        if ((categories & TC_DISCARD) != 0) {
            return Op.TRIM;
        }
        if (bytes == 0) {
            return (categories & TC_FLUSH) != 0 ? Op.FLUSH : null;
        }
        return (categories & TC_WRITE) != 0 ? Op.WRITE : Op.READ;
    }

    /** A process note: the payload (after a cgroup id, if flagged) is the task name, NUL-padded. */
    private void notePid(BlktraceFile f) {
        int from = ((int) f.action & TA_CGROUP) != 0 ? CGROUP_ID_BYTES : 0;
        int end = Math.min(f.pduLength, from + TASK_COMM_LEN);
        byte[] pdu = f.pdu();
        int to = from;
        while (to < end && pdu[to] != 0) {
            to++;
        }
        if (to > from) {
            names.put(f.pid, new String(pdu, from, to - from, StandardCharsets.UTF_8));
        }
    }

    @Override
    public long skippedRecords() {
        return budget.skipped();
    }

    @Override
    public RequestAccounts requestAccounts() {
        return accounts;
    }

    @Override
    public void close() {
        for (BlktraceFile f : files) {
            f.close();
        }
    }
}
