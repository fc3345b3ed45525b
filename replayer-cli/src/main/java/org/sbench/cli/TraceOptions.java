package org.sbench.cli;

import java.nio.file.Path;
import org.sbench.synth.BundledTraceCache;
import org.sbench.trace.input.ReadOptions;
import picocli.CommandLine.Option;

/** How commands that read a trace open it (a mixin). */
final class TraceOptions {
    @Option(names = "--from", paramLabel = "FORMAT", description = "Input format (default: detected from the content).")
    String from;

    @Option(names = "--skip-bad", paramLabel = "N", defaultValue = "0",
            description = "Skip up to N malformed records (reported) instead of stopping at the first.")
    long skipBad;

    /** The trace file {@code arg} names: a file, or a bundled workload (generated once and cached, its progress on {@code line}). */
    static Path resolve(String arg, ProgressLine line) {
        return BundledTraceCache.forUser().resolve(arg, generating(line, arg));
    }

    /** The progress of generating bundled workload {@code name} into the cache. */
    static TaskProgress generating(ProgressLine line, String name) {
        return new TaskProgress(line, "generating " + name + " (once, into the cache)", TaskProgress.Unit.IOS);
    }

    ReadOptions readOptions() {
        if (skipBad < 0) {
            throw org.sbench.SbenchException.usage("--skip-bad must be 0 or more, found " + skipBad);
        }
        return ReadOptions.DEFAULTS.withSkipBad(skipBad);
    }
}
