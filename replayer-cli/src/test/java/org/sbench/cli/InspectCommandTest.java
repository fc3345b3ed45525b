package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sbench inspect} (and replay's planning pass) on inputs real traces and damaged files present. */
class InspectCommandTest {
    @Test
    void anIoLongerThanTheMaximumIsOneLineOfBadInput(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("huge.csv"), "128166372000000000,hm,0,Read,0,36028797018963968,20000\n");
        String expected = "sbench: " + trace + ":1: expected an IO of at most 1 TiB (2^40 bytes), found "
                + "'128166372000000000,hm,0,Read,0,36028797018963968,20000'\n";
        CliTest.Run inspect = CliTest.run("inspect", trace.toString());
        assertEquals(3, inspect.code());
        assertEquals(expected, inspect.err());
        CliTest.Run replay = CliTest.run("replay", trace.toString(), "--target", "null");
        assertEquals(3, replay.code());
        assertEquals(expected, replay.err());
    }

    @Test
    void aHugeLegalIoIsCountedExactly(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("big.csv"), "128166372000000000,hm,0,Read,4096,1099511627776,20000\n"
                + "128166372000000001,hm,0,Read,0,8192,20000\n");
        CliTest.Run r = CliTest.run("inspect", "--json", trace.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals((1L << 28) + 1, j.get("distinct4kBlocks").asLong());
        assertEquals(4096 + (1L << 40), j.get("maxOffset").asLong());
    }
}
