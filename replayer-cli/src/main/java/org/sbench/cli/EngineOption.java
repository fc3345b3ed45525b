package org.sbench.cli;

import picocli.CommandLine.Option;

/** {@code --engine}: the IO engine of the commands that issue IOs through one (a mixin; purge has none). */
final class EngineOption {
    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto", completionCandidates = Candidates.Engines.class,
            description = "auto (default: io_uring, else libaio, else sync), io_uring, libaio or sync.")
    String engine;
}
