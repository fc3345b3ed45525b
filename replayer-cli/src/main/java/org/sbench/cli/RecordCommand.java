// sbench record: the block IO of a Linux workstation's devices, recorded into a trace.
package org.sbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.record.DiskFull;
import org.sbench.record.RecordResult;
import org.sbench.record.RecordStatus;
import org.sbench.record.RecordSettings;
import org.sbench.record.TraceRecorder;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.trace.RequestLines;
import org.sbench.trace.input.FileSuffix;
import org.sbench.trace.input.OutputPath;
import org.sbench.trace.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code sbench record --device DEV --out FILE.sbt [--duration D] [--mark]}: records the kernel's
 * block request events of the devices into a trace ({@link TraceRecorder}); Ctrl-C, SIGTERM,
 * SIGHUP or {@code --duration} stops it, with a complete trace either way; a full disk stops it
 * with the trace up to its last IO that fit.
 */
@Command(name = "record", mixinStandardHelpOptions = true,
        footer = {
            "  sudo sbench record --device /dev/nvme0n1 --out workday.sbt",
            "  sudo sbench record --device /dev/sda2 --out boot.sbt --duration 10m --mark",
            "  sudo sbench record --device /dev/sda --device /dev/sdb --out both.sbt"},
        description = {"Record the block IO of devices into a trace (Linux, root; tracefs block_rq_issue/complete events, no blktrace needed).",
            "Stops at --duration, on Ctrl-C or on kill (SIGTERM, SIGHUP); the trace is complete and valid either way.",
            "A full disk stops it too: the trace is kept, valid, up to its last IO that fit (exit 1)."})
final class RecordCommand implements Callable<Integer> {
    private static final String SBT = ".sbt";

    @Option(names = "--device", required = true, paramLabel = "DEV",
            description = "A disk or partition to record (/dev/sda, /dev/nvme0n1p2); repeat for several disks (one stream each, in order).")
    List<String> devices;

    @Option(names = "--out", required = true, paramLabel = "FILE.sbt", description = "The trace to write (sbench native format).")
    Path out;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop after this long (10m, 1h); default: until Ctrl-C.")
    Long durationNs;

    @Option(names = "--mark", description = "Each line typed on stdin (or SIGUSR1) inserts a phase mark named by it at that moment.")
    boolean mark;

    @Option(names = "--buffer-kb", paramLabel = "KB", defaultValue = "" + RecordSettings.DEFAULT_BUFFER_KB,
            description = "Kernel ring buffer per CPU, KiB (default ${DEFAULT-VALUE}); raise it if events are lost.")
    int bufferKb;

    @Option(names = "--allow-loss", description = "Call the trace complete even if the ring buffer lost events.")
    boolean allowLoss;

    @Option(names = "--json", description = "Print what was recorded as JSON on standard output (the summary goes to stderr).")
    boolean json;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    /** Where {@code --mark} reads mark names; tests replace it. */
    InputStream stdin = System.in;

    @Override
    public Integer call() throws InterruptedException {
        if (!out.getFileName().toString().endsWith(SBT)) {
            String named = OutputPath.namesStdout(out) ? "FILE" + SBT : FileSuffix.replaced(out.toString(), SBT);
            throw SbenchException.usage("--out " + out + ": sbench records .sbt files; name it " + named
                    + " (sbench convert makes other formats)");
        }
        // Before recording, not after it: --json beside an --out that is standard output is a usage error.
        Path stdoutJson = OutputOptions.json(json, out);
        PrintWriter summary = OutputOptions.text(spec, out, stdoutJson);
        RecordSettings settings = RecordSettings.of(devices, out).withBufferKb(bufferKb, TypedWords.of(spec, "--buffer-kb")).withAllowLoss(allowLoss)
                .withToolVersion(SbenchCommand.version());
        if (durationNs != null) {
            if (durationNs == 0) {
                throw SbenchException.usage("--duration must be above 0; leave it out to record until Ctrl-C");
            }
            settings = settings.withDurationNs(durationNs);
        }
        PrintWriter err = spec.commandLine().getErr();
        TraceRecorder recorder = new TraceRecorder(settings);
        RecordResult result;
        // Made before the signals are taken: a mark's line, from stdin or SIGUSR1, ends the status line shown first.
        ProgressLine line = progress.line(err, recorder::elapsedNs);
        // Ctrl-C, kill (TERM) and a closed terminal (HUP) all stop the recording with a complete trace,
        // rather than exiting through the shutdown hook, which only cleans up and deletes the output.
        try (StopSignals stops = new StopSignals(recorder::requestStop, "INT", "TERM", "HUP");
             // SIGUSR1 marks a phase with --mark; without, it is said to be ignored (its default action ended the JVM: the
             // recording was lost and its tracefs instance left enabled).
             StopSignals marks = new StopSignals(mark ? () -> markOnSignal(recorder, line)
                     : () -> warn(line, "SIGUSR1 ignored: marks need --mark"), "USR1");
             recorder) {
            recorder.start();
            for (String d : recorder.describeDevices()) {
                err.println(SbenchCommand.stderrText("recording " + d));
            }
            err.println(SbenchCommand.stderrText("into " + out + " (" + recorder.describeSelfTraffic() + ")"));
            for (String note : recorder.notes()) {
                err.println(SbenchCommand.stderrText("note: " + note));
            }
            stops.noteIgnoredCtrlC(err, durationNs == null ? "" : " or let --duration end it");
            if (mark) {
                startMarkReader(recorder, line);
            }
            err.println((durationNs != null ? "for " + Units.duration(durationNs) + "; " : "") + "Ctrl-C (or kill) stops"
                    + (mark ? "; type a line (or send SIGUSR1) to mark a phase" : ""));
            err.flush();
            RecordStatusLine status = new RecordStatusLine(line);
            // Asleep until a status line is due (never with --progress none) or the recording is to stop.
            while (!recorder.awaitStop(status.untilDueNs())) {
                if (status.due()) {
                    status.show(recorder.status());
                }
            }
            status.end();
            err.println("stopping: waiting for IOs in flight");
            err.flush();
            result = recorder.finish();
        }
        if (result.diskFull() != null) {
            err.println(SbenchCommand.stderrText(diskFullLine(result)));
            lostMarkLines(result.out(), result.diskFull()).forEach(l -> err.println(SbenchCommand.stderrText(l)));
            err.flush();
        }
        print(result, summary);
        if (stdoutJson != null) {
            ObjectNode document = new ObjectMapper().valueToTree(result);
            document.put("out", result.out().toString());
            try (OutputFiles files = new OutputFiles()) {
                new JsonResults().writeValue(document, stdoutJson, files);
                files.commit();
            }
        }
        return result.complete() ? ExitCodes.OK : ExitCodes.IO_ERRORS;
    }

    private static void announce(ProgressLine line, String name) {
        if (name != null) {
            line.note("mark '" + name + "'");
        }
    }

    /** A warning on a line of its own, the status line (open on a terminal) ended first. */
    private static void warn(ProgressLine line, String message) {
        line.note(SbenchCommand.stderrLine(message));
    }

    /** SIGUSR1: a mark named {@code mark N}; a mark the kernel refuses is a line on stderr, not a stack trace. */
    private static void markOnSignal(TraceRecorder recorder, ProgressLine line) {
        try {
            announce(line, recorder.mark(""));
        } catch (SbenchException e) {
            warn(line, e.getMessage());
        }
    }

    /** A daemon thread turning stdin lines into marks; it ends with stdin (or with the JVM: a read cannot be interrupted). */
    private void startMarkReader(TraceRecorder recorder, ProgressLine status) {
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stdin, Charset.defaultCharset()))) {
                String line;
                while ((line = in.readLine()) != null) {
                    String name = recorder.mark(line);
                    if (name == null) {
                        return;
                    }
                    announce(status, name);
                }
            } catch (IOException e) {
                warn(status, "stdin: " + e.getMessage() + "; marks from stdin end here (SIGUSR1 still marks)");
            } catch (SbenchException e) {
                // A mark the kernel refused: one line, rather than the stack trace of a dying thread.
                warn(status, e.getMessage() + "; marks from stdin end here");
            }
        }, "sbench-record-marks");
        t.setDaemon(true);
        t.start();
    }

    /** What a full disk (or disk quota, or temporary directory) left of the recording, and what it lost. */
    static String diskFullLine(RecordResult r) {
        DiskFull full = r.diskFull();
        String what = full.tempDir() != null ? "the temporary directory " + full.tempDir() + ", where its process names spill, "
                + tempDirRanOut(full) : full.quota() ? "the disk quota ran out" : "the disk filled up";
        return "sbench: " + r.out() + ": " + what + " after " + Units.count(r.ios()) + " IOs (" + Units.duration(r.diskFull().keptNs())
                + " from the first to the last): the trace keeps them and ends there; the " + Units.count(r.diskFull().lostIos())
                + " IOs that came after were not written, and the recording stopped";
    }

    /** How the temporary directory of {@code full} ran out of room: its file system's, or the user's disk quota there. */
    private static String tempDirRanOut(DiskFull full) {
        return full.quota() ? "ran out of disk quota" : "filled up";
    }

    /** A line for each mark the full disk (or disk quota) of {@code out} left out of its trace. */
    static List<String> lostMarkLines(Path out, DiskFull full) {
        String why = full.tempDir() != null ? "the temporary directory " + full.tempDir() + (full.quota() ? " had run out of disk quota"
                : " had filled up") : full.quota() ? "the disk quota had run out" : "the disk had filled up";
        return full.lostMarks().stream().map(m -> "sbench: " + out + ": mark '" + m + "' was not stored: " + why + " before it").toList();
    }

    static void print(RecordResult r, PrintWriter stdout) {
        stdout.println("wrote " + Units.count(r.ios()) + " IOs to " + r.out() + " in " + Units.duration(r.durationNs()) + ": "
                + Units.count(r.reads()) + " reads (" + Units.bytes(r.bytesRead()) + "), " + Units.count(r.writes()) + " writes ("
                + Units.bytes(r.bytesWritten()) + "), " + Units.count(r.trims()) + " trims, " + Units.count(r.flushes()) + " flushes");
        for (String d : r.devices()) {
            stdout.println("device   " + d);
        }
        stdout.println("clock    " + r.clock() + "; ring buffer " + r.bufferKb() + " KiB per CPU");
        stdout.println("own IO   " + r.selfTraffic());
        stdout.println("marks    " + r.marks());
        if (r.inFlightAtStop() > 0) {
            stdout.println("left out " + Units.count(r.inFlightAtStop()) + " IOs whose completion was not seen (in flight at the stop, or lost)");
        }
        RequestLines.of(r.requests(), 9).forEach(stdout::println);
        if (r.reordered() > 0) {
            stdout.println("order    " + Units.count(r.reordered()) + " IOs arrived after a later one (readers sort them)");
        }
        if (r.skippedLines() > 0) {
            stdout.println("skipped  " + Units.count(r.skippedLines()) + " event lines that could not be read");
        }
        for (String note : r.notes()) {
            stdout.println("note     " + note);
        }
        if (r.diskFull() != null) {
            DiskFull full = r.diskFull();
            stdout.println("INCOMPLETE: " + (full.tempDir() != null ? "the temporary directory " + full.tempDir()
                    + ", where the process names of " + r.out() + " spill, " + tempDirRanOut(full)
                    : full.quota() ? "the disk quota for " + r.out() + " ran out"
                    : "the disk of " + r.out() + " filled up") + ": the trace ends at its last IO that fit");
        } else if (r.stalled()) {
            stdout.println("INCOMPLETE: the kernel's event stream stalled before its end; the trace holds the IOs read until then"
                    + (r.eventsLost() > 0 ? "; the ring buffer also lost " + Units.count(r.eventsLost()) + " events" : ""));
        } else if (r.eventsLost() == 0) {
            stdout.println("lost     0 events: the trace is complete");
        } else if (r.eventsLost() == RecordStatus.UNKNOWN) {
            stdout.println(r.complete() ? "lost     unknown: the ring buffer's loss counters could not be read (accepted with --allow-loss)"
                    : "INCOMPLETE: the ring buffer's loss counters could not be read, so IOs may be missing; record again, or"
                    + " accept it with --allow-loss");
        } else if (r.complete()) {
            stdout.println("lost     " + Units.count(r.eventsLost()) + " events (accepted with --allow-loss): the trace misses IOs");
        } else {
            stdout.println("INCOMPLETE: the kernel's ring buffer lost " + Units.count(r.eventsLost()) + " events, so IOs are missing;"
                    + " record again with a larger --buffer-kb (now " + r.bufferKb() + "), or accept it with --allow-loss");
        }
        stdout.flush();
    }
}
