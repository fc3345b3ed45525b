package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SynthCommandTest {
    @Test
    void csvOutputCarriesThePhasesAndLeavesNoScratchFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("light.csv");
        CliTest.Run r = CliTest.run("synth", "light-2010", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).lines().anyMatch(l -> l.startsWith("# phase: ")), "phase comments");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList());
        }
    }

    @Test
    void aMissingOutputDirectoryIsAOneLineError(@TempDir Path dir) {
        Path out = dir.resolve("missing/light.csv");
        CliTest.Run r = CliTest.run("synth", "light-2010", "--out", out.toString());
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(CliTest.usage("synth", "--out " + out + ": " + out.getParent() + " does not exist"), r.err());
    }

    /** The capacity is quoted as typed: it was the parsed count of bytes (512M as 536870912). */
    @Test
    void aCapacityBelowAGigabyteIsRefusedQuotingItAsTyped(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("synth", "light-2010", "--out", dir.resolve("light.csv").toString(), "--capacity", "512M");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(CliTest.usage("synth", "--capacity must be at least 1G, found 512M"), r.err());
    }
}
