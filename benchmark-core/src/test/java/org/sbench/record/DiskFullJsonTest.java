package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;

class DiskFullJsonTest {
    /**
     * {@code record --json} names the temporary directory that filled up as the path it is, as the messages do: until
     * 2026-12-07 it was written as a URI ({@code "file:///tmp/a%20b/"}), Jackson's form of a {@link Path}.
     */
    @Test
    void theTemporaryDirectoryThatFilledUpIsWrittenAsItsPath(@TempDir Path dir) throws IOException {
        String tempDir = dir.resolve("a b").toString();
        Path json = dir.resolve("record.json");
        try (OutputFiles files = new OutputFiles()) {
            new JsonResults().writeValue(new DiskFull(1_000, 2, false, tempDir, List.of("m")), json, files);
            files.commit();
        }
        JsonNode read = new ObjectMapper().readTree(json.toFile());
        assertEquals(tempDir, read.get("tempDir").asText());
    }
}
