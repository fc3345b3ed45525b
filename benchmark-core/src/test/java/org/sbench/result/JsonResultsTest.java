package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class JsonResultsTest {
    @Test
    void roundTripsAFixture(@TempDir Path dir) throws Exception {
        ReplayResult a = ResultFixtures.load(ResultFixtures.A);
        Path out = dir.resolve("again.json");
        new JsonResults().write(a, out);
        assertEquals(a, new JsonResults().read(out));
        assertFalse(Files.readString(out).contains("\"name\" : \"" + a.target().name() + "\""),
                "the target's name is derived, not stored");
    }

    @Test
    void refusesWhatReportsCouldNotUseNamingThePart(@TempDir Path dir) throws Exception {
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "nosummary.json", j -> j.remove("summary")),
                "not an sbench result: no 'summary'");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "nohist.json", j -> j.remove("latencyHistogram")),
                "not an sbench result: no 'latencyHistogram'");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "badhist.json",
                j -> ((ObjectNode) j.get("latencyHistogram")).put("write", "SGVsbG8=")),
                "latencyHistogram.write is not an HdrHistogram compressed encoding in Base64");
        assertBad(Files.writeString(dir.resolve("empty.json"), "{}"), "not an sbench result: no 'settings'");
        assertBad(dir.resolve("missing.json"), "no such file");
    }

    private static void assertBad(Path file, String message) {
        SbenchException e = assertThrows(SbenchException.class, () -> new JsonResults().read(file));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(file + ": " + message, e.getMessage());
    }
}
