package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.synth.BundledTraceCache;
import org.sbench.traces.BundledTraces;

class TracesCommandTest {
    @Test
    void listsEveryBundledWorkloadAndTheCacheInUse() {
        CliTest.Run r = CliTest.run("traces");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        for (String name : BundledTraces.NAMES) {
            assertTrue(r.out().contains("\n" + name + ": ") || r.out().startsWith(name + ": "), name + " in " + r.out());
        }
        assertTrue(r.out().replace("\n", " ").endsWith("generated once into " + BundledTraceCache.forUser().dir() + ". "), r.out());
    }

    /** The table fits the 100 columns the rest keeps: destroyer's row ran to 123. */
    @Test
    void theTableFitsTheWidthOfTheNotes() {
        CliTest.Run r = CliTest.run("traces");
        String table = r.out().substring(0, r.out().indexOf("\n\n"));
        for (String line : table.split("\n")) {
            assertTrue(line.length() <= 100, line.length() + " columns: " + line);
        }
        assertTrue(table.contains("destroyer"), table);
    }

    /** The text below the table is wrapped at 100 columns as the README is: its lines ran to 293. */
    @Test
    void theNotesBelowTheTableAreWrapped() {
        for (String[] args : List.of(new String[] {"traces"}, new String[] {"traces", "--published"})) {
            CliTest.Run r = CliTest.run(args);
            String notes = r.out().substring(r.out().indexOf("\n\n") + 2);
            for (String line : notes.split("\n")) {
                assertTrue(line.length() <= 100 || !line.strip().contains(" "), line.length() + " columns: " + line);
            }
            assertTrue(notes.contains("\nlight-2010: Storage Bench 2010 Light (reconstruction). Source:"), notes);
        }
    }
}
