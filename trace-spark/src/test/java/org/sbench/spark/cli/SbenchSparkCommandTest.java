package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.spark.LocalSpark;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import picocli.CommandLine;

/** The command line in-process: exit status, stdout, the one stderr line. */
class SbenchSparkCommandTest extends LocalSparkTest {
    @TempDir
    static Path dir;

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SbenchSparkCommand.newCommandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void inspectPrintsFilesAndVolumesAsJsonWithTheCliKeys() throws Exception {
        Path trace = MultiVolumeTraces.write(dir.resolve("two.csv"), MultiVolumeTraces.msr(21, 500, 2));
        Run r = run("inspect", trace.toString(), "--json", "--split-size", "4K", "--out", dir.resolve("vol.json").toString());
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        JsonNode file = root.get("files").get(0);
        assertEquals(trace.toString(), file.get("file").asText());
        assertTrue(file.get("stream").isNull());
        assertEquals(500, file.get("records").asLong());
        for (String key : new String[] {"reads", "bytesRead", "durationNs", "sequentialPct", "distinct4kBlocks", "reordered", "skipped"}) {
            assertTrue(file.has(key), key);
        }
        assertEquals("4K", file.get("sizeClasses").get(1).get("class").asText());
        assertEquals(2, root.get("volumes").size());
        assertEquals(500, root.get("volumes").get(0).get("records").asLong() + root.get("volumes").get(1).get("records").asLong());
        assertEquals(2, spark.read().json(dir.resolve("vol.json").toString()).count());
    }

    @Test
    void volumesOnlySkipsTheFileStatistics() throws Exception {
        Run r = run("inspect", LocalSpark.fixture("msr", "hm_1.csv").toString(), "--json", "--no-file-stats");
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals(0, root.get("files").size());
        assertEquals(3, root.get("volumes").size());
    }

    @Test
    void badInputIsOneLineAndExitStatusThree() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(11)
                + "128166372003061630,hm,1,Wrte,3154137088,4096,8921\n");
        Run r = run("inspect", bad.toString());
        assertEquals(3, r.status());
        assertEquals("sbench-spark: " + bad + ":12: expected Read or Write, found 'Wrte'\n", r.err());
        Run usage = run("convert", bad.toString(), dir.resolve("x.txt").toString());
        assertEquals(2, usage.status());
        assertEquals("sbench-spark: OUT must end in .parquet or .sbt, found " + dir.resolve("x.txt") + "\n", usage.err());
    }

    /** A file cut inside its last line: the line is not read, and every command says so as sbench does. */
    @Test
    void aCutLastLineIsWarnedOfAsTheCliDoes() throws Exception {
        Path cut = Files.writeString(dir.resolve("cut.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(40)
                + "128166372003061630,hm,1,Read,31541");
        String warning = "sbench-spark: warning: " + cut + ":41: last line incomplete (no line end: a cut file?), not read\n";
        Run inspect = run("inspect", cut.toString(), "--json", "--split-size", "1K");
        assertEquals(0, inspect.status(), inspect.err());
        assertEquals(warning, inspect.err());
        JsonNode file = new ObjectMapper().readTree(inspect.out()).get("files").get(0);
        assertEquals(40, file.get("records").asLong());
        assertEquals(41, file.get("incompleteLastLine").asLong());
        for (String out : new String[] {"cut.sbt", "cut.parquet"}) {
            Run convert = run("convert", cut.toString(), dir.resolve(out).toString(), "--split-size", "1K");
            assertEquals(0, convert.status(), convert.err());
            assertEquals(warning, convert.err(), out);
            assertTrue(convert.out().startsWith("wrote 40 records"), convert.out());
        }
    }

    @Test
    void convertWritesTheSbtOfOneStream() throws Exception {
        Path trace = MultiVolumeTraces.write(dir.resolve("c.csv"), MultiVolumeTraces.msr(22, 300, 2));
        Path out = dir.resolve("c1.sbt");
        Run r = run("convert", trace.toString(), out.toString(), "--stream", "1", "--start", "1ms");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("wrote "), r.out());
        assertTrue(Files.size(out) > 0);
    }
}
