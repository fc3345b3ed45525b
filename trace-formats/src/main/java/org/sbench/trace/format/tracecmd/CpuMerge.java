// The events of a trace.dat's CPUs in time order: each CPU's ring-buffer pages read from its place in the file, decoded, merged.
package org.sbench.trace.format.tracecmd;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;
import org.sbench.trace.format.tracefs.TracefsEvent;
import org.sbench.trace.format.tracefs.TracefsEventReader;
import org.sbench.trace.format.tracefs.raw.RawEventDecoder;
import org.sbench.trace.format.tracefs.raw.RawEventStream;
import org.sbench.trace.format.tracefs.raw.RingBufferPage;
import org.sbench.trace.input.TraceInput;

/**
 * The events of a trace.dat ({@link TraceDat}) for a {@link TracefsEventReader}: each CPU with data
 * is read through a stream of its own, opened at its data, a page at a time ({@link CpuPages}); the
 * pages go to a {@link RawEventStream}, which decodes them by the file's event formats and merges
 * the CPUs by time. A page is read from the CPU whose last page began earliest, and events are
 * released only when older than the last page of every CPU still being read began, so that memory
 * holds a few pages a CPU (a chunk a CPU when compressed), not the trace. Clocks that count
 * (counter, x86-tsc, uptime) are refused. Not thread-safe.
 */
final class CpuMerge implements TracefsEventReader.Source, AutoCloseable {
    /** Pages read between progress reports (256 KiB of 4 KiB pages): a report a read buffer's worth, as other readers. */
    private static final int PAGES_A_REPORT = 64;
    /**
     * CPUs with data read at most: Linux's largest CPU count (NR_CPUS of MAXSMP). Each is a stream of its own with its read
     * buffer, so a damaged table of many CPUs would otherwise fill the heap before its first page is read.
     */
    static final int MAX_CPUS_WITH_DATA = 8192;
    /** The trace clocks whose times are ns; the others count cycles or ticks. */
    private static final Set<String> NS_CLOCKS = Set.of("local", "global", "mono", "mono_raw", "boot", "tai", "perf");
    private final TraceDat dat;
    private final RawEventStream stream;
    private final List<CpuPages> cpus = new ArrayList<>();
    /** Where in the file the pages each CPU's stream holds are, oldest first (and some released, trimmed at its next read). */
    private final List<HeldPlaces> heldPlaces = new ArrayList<>();
    private final Progress progress;
    /** Progress counts the file's bytes: those before the first CPU's data as read, then the CPUs' data as it is read. */
    private long progressFrom = Long.MAX_VALUE;
    private long progressTotal;
    private long doneCpus;
    private int pagesSinceReport;
    /** The time stamp of each CPU's last page read; Long.MIN_VALUE before its first. */
    private final long[] lastPageNs;

    /** The CPUs' data of {@code dat}, read from {@code input}, of {@code fileBytes} (-1 when unknown). */
    CpuMerge(TraceDat dat, TraceInput input, long fileBytes, Progress progress) {
        this.dat = dat;
        this.progress = progress;
        if (dat.clock != null && !NS_CLOCKS.contains(dat.clock)) {
            throw SbenchException.badInput(dat.file, "recorded with trace clock " + SbenchException.quoted(dat.clock)
                    + ", which counts rather than keeps time; record with -C local (the default), global, mono or boot");
        }
        if (dat.order != ByteOrder.LITTLE_ENDIAN) {
            throw SbenchException.badInput(dat.file, "recorded on a big-endian machine; sbench reads little-endian ring-buffer pages");
        }
        RingBufferPage layout = RingBufferPage.of(dat.headerPage);
        if (layout.pageBytes() != dat.pageSize) {
            throw SbenchException.badInput(dat.file, "ring-buffer pages of " + layout.pageBytes() + " bytes (header_page)"
                    + " in a file of " + dat.pageSize + "-byte pages: not as trace-cmd writes them");
        }
        checkTable(dat, fileBytes);
        lastPageNs = new long[dat.cpus.size()];
        try {
            for (TraceDat.CpuData c : dat.cpus) {
                if (c.size() > 0) {
                    progressFrom = Math.min(progressFrom, c.offset());
                    progressTotal = Math.max(progressTotal, fileBytes >= 0 ? fileBytes : c.offset() + c.size());
                    cpus.add(new CpuPages(dat, c, input.openStream()));
                    heldPlaces.add(new HeldPlaces(c.cpu(), dat.dataCompressed ? dat.codec : null));
                    lastPageNs[cpus.size() - 1] = Long.MIN_VALUE;
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        RawEventDecoder decoder = new RawEventDecoder(dat.issue, dat.complete, dat.requeue, dat.print);
        stream = new RawEventStream(layout, decoder, cpus.size());
    }

    /**
     * Refuses a CPU table that cannot be a recording's, before any CPU's data is opened: data past the end of the file,
     * two CPUs' data over the same bytes (their events would be read twice), more CPUs with data than Linux has.
     */
    private static void checkTable(TraceDat dat, long fileBytes) {
        List<TraceDat.CpuData> withData = new ArrayList<>();
        for (TraceDat.CpuData c : dat.cpus) {
            if (c.offset() < 0 || c.size() < 0 || fileBytes >= 0 && c.offset() + c.size() > fileBytes) {
                throw SbenchException.badInput(dat.file, "CPU " + c.cpu() + "'s data " + bytes(c) + " runs past the end of the file ("
                        + fileBytes + " bytes): a truncated file?");
            }
            if (c.size() > 0) {
                withData.add(c);
            }
        }
        if (withData.size() > MAX_CPUS_WITH_DATA) {
            throw SbenchException.badInput(dat.file, withData.size() + " CPUs with data, more than Linux has (" + MAX_CPUS_WITH_DATA
                    + "): a damaged CPU table?");
        }
        withData.sort(Comparator.comparingLong(TraceDat.CpuData::offset));
        for (int i = 1; i < withData.size(); i++) {
            TraceDat.CpuData before = withData.get(i - 1);
            TraceDat.CpuData c = withData.get(i);
            if (c.offset() < before.offset() + before.size()) {
                throw SbenchException.badInput(dat.file, "CPU " + c.cpu() + "'s data " + bytes(c) + " overlaps CPU " + before.cpu()
                        + "'s " + bytes(before) + ": a damaged CPU table?");
            }
        }
    }

    private static String bytes(TraceDat.CpuData c) {
        return "(bytes " + Long.toUnsignedString(c.offset()) + " to " + Long.toUnsignedString(c.offset() + c.size()) + ")";
    }

    /** The next event of all CPUs in time order: pages are read, from the CPU that holds the others back, until one is released. */
    @Override
    public boolean next(TracefsEvent into) {
        while (true) {
            int behind = -1;
            for (int i = 0; i < cpus.size(); i++) {
                if (cpus.get(i) != null && (behind < 0 || lastPageNs[i] < lastPageNs[behind])) {
                    behind = i;
                }
            }
            long releaseBefore = behind < 0 ? Long.MAX_VALUE : lastPageNs[behind];
            try {
                if (stream.next(into, releaseBefore)) {
                    return true;
                }
            } catch (SbenchException e) {
                throw inPage(e, stream.lastCpu());
            }
            if (behind < 0) {
                return false;
            }
            read(behind);
        }
    }

    /** Pages read and not yet released: what the merge holds in memory besides a chunk and a read buffer a CPU. */
    long heldPages() {
        return stream.heldPages();
    }

    /** Reads CPU {@code i}'s next page into the stream; at the end of its data, the CPU is done. */
    private void read(int i) {
        CpuPages pages = cpus.get(i);
        var page = stream.freePage();
        if (!pages.next(page)) {
            stream.unused(page);
            doneCpus += pages.consumedBytes();
            pages.close();
            cpus.set(i, null);
            if (cpus.stream().allMatch(c -> c == null)) {
                progress.at(progressTotal, progressTotal);
            }
            return;
        }
        if (++pagesSinceReport == PAGES_A_REPORT) {
            pagesSinceReport = 0;
            reportProgress();
        }
        HeldPlaces held = heldPlaces.get(i);
        held.keep(stream.heldPages(i));
        held.add(pages.pageAt(), pages.pageInChunk());
        try {
            lastPageNs[i] = stream.add(i, page);
        } catch (SbenchException e) {
            throw inPage(e, i);
        }
    }

    private void reportProgress() {
        long done = progressFrom + doneCpus;
        for (CpuPages c : cpus) {
            done += c == null ? 0 : c.consumedBytes();
        }
        progress.at(done, progressTotal);
    }

    /** An error of the ring-buffer decoder (which names no file) as one naming the file and where CPU {@code i}'s page is. */
    private SbenchException inPage(SbenchException e, int i) {
        String message = e.getMessage();
        String what = message.substring(message.indexOf(": ") + 2);
        HeldPlaces held = i < 0 ? null : heldPlaces.get(i);
        int skip = held == null ? 0 : held.size() - stream.heldPages(i);
        String where = held == null || skip < 0 || skip >= held.size() ? "the CPU data"
                : held.place(skip);
        return new SbenchException(e.kind(), dat.file + ": " + where + ": " + what, e);
    }

    @Override
    public void close() {
        for (CpuPages p : cpus) {
            if (p != null) {
                p.close();
            }
        }
    }
}
