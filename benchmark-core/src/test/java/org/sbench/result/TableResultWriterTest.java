package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableResultWriterTest {
    @Test
    void mappingSaysWhereEachStreamWent(@TempDir Path dir) {
        assertEquals("widened 0, refitted 0, other streams 0, writes skipped 0, would split 0",
                TableResultWriter.mapping(ResultFixtures.load(ResultFixtures.A)));
        Path all = ResultFixtures.variant(dir, ResultFixtures.A, "all-streams.json",
                j -> ((ObjectNode) j.get("mapping")).put("streamLayout", "0@0, 1@1048576"));
        assertEquals("widened 0, refitted 0, other streams 0, writes skipped 0, would split 0; stream@offset 0@0, 1@1048576",
                TableResultWriter.mapping(new JsonResults().read(all)));
    }
}
