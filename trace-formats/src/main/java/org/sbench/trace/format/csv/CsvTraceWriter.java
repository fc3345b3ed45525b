package org.sbench.trace.format.csv;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.apache.commons.csv.CSVPrinter;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.RecordChecks;

/** Writes the CSV form: comment lines for source, fields, metadata and phases, then the header and rows. */
final class CsvTraceWriter implements TraceWriter {
    private static final int BUFFER_CHARS = 1 << 16;

    private final AtomicFileOutput output;
    private final CSVPrinter printer;
    /** Keys of the metadata given after the comment lines were written, which the file has no place for. */
    private final Set<String> lateMetadata = new LinkedHashSet<>();
    /** Records given to {@link #write} so far, the one being written included. */
    private long records;
    private boolean finished;

    CsvTraceWriter(Path out, TraceInfo info) {
        output = new AtomicFileOutput(out);
        try {
            BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(output.channel()), StandardCharsets.UTF_8), BUFFER_CHARS);
            printer = new CSVPrinter(w, CsvLayout.FORMAT);
            comment(w, CsvLayout.SOURCE + " " + info.sourceFormat());
            StringJoiner fields = new StringJoiner(",");
            for (Field f : info.fields()) {
                fields.add(f.name().toLowerCase(Locale.ROOT));
            }
            comment(w, CsvLayout.FIELDS + " " + fields);
            for (Map.Entry<String, String> e : info.metadata().entrySet()) {
                comment(w, CsvLayout.META + " " + e.getKey() + "=" + e.getValue());
            }
            for (PhaseMarker p : info.phases()) {
                comment(w, CsvLayout.PHASE + " " + p.timeNs() + " " + p.name());
            }
            printer.printRecord((Object[]) CsvLayout.HEADER);
        } catch (IOException e) {
            output.close();
            throw SbenchException.ioFailure("write", out, e);
        }
    }

    private static void comment(BufferedWriter w, String text) throws IOException {
        w.write(CsvLayout.COMMENT + " " + text.replace('\n', ' ') + "\n");
    }

    @Override
    public void write(IoRecord r) {
        RecordChecks.requireSound(r);
        records++;
        if (r.process != null && ProcessNames.tooLong(r.process)) {
            throw ProcessNames.refused(output.targetName() + ": record " + records, r.process);
        }
        try {
            printer.print(r.issueNs);
            printer.print(r.hasComplete() ? Long.toString(r.completeNs) : "");
            printer.print(r.offsetBytes);
            printer.print(r.lengthBytes);
            printer.print(String.valueOf(r.op.code()));
            printer.print(r.stream == IoRecord.NO_STREAM ? "" : Integer.toString(r.stream));
            printer.print(r.qd == IoRecord.NO_QD ? "" : Integer.toString(r.qd));
            printer.print(r.process == null ? "" : r.process);
            printer.println();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
    }

    @Override
    public void putMetadata(String key, String value) {
        lateMetadata.add(key);
    }

    @Override
    public String leftOut() {
        return lateMetadata.isEmpty() ? null
                : "left out what a CSV learns only after its comment lines: metadata (" + String.join(", ", lateMetadata) + ")";
    }

    @Override
    public void finish() {
        try {
            printer.flush();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
        output.commit();
        finished = true;
    }

    @Override
    public void close() {
        if (!finished) {
            output.close();
        }
    }
}
