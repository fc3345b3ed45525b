package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class CsvResultWriterTest {
    @Test
    void writesTheFiveFilesWithTheirColumns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("csv");
        new CsvResultWriter().write(ResultFixtures.load(ResultFixtures.A), out);
        try (var files = Files.list(out)) {
            assertEquals(List.of("latency-percentiles.csv", "members.csv", "size-classes.csv", "summary.csv", "timeseries.csv"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary files left");
        }
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals("metric,op,unit,value", summary.get(0));
        assertEquals(Metric.ALL.size() + 1, summary.size());
        assertTrue(summary.contains("ios,all,count,4"), summary.toString());
        assertTrue(summary.contains("data,read,MB,3"), summary.toString());
        assertTrue(summary.contains("busy,all,s,2"), summary.toString());
        assertTrue(summary.contains("busy,read,s,1.5"), summary.toString());
        assertTrue(summary.contains("mbps,write,MB/s,1"), summary.toString());
        assertTrue(summary.contains("iops,all,IOPS,2"), summary.toString());
        assertTrue(summary.contains("latency_p50,write,us,0.5"), summary.toString());
        assertTrue(summary.contains("latency_mean,all,us,1.25"), summary.toString());
        assertTrue(summary.contains("qd_distance,all,,0.25"), summary.toString());

        assertEquals(List.of("class,op,ios,pct_of_ios,bytes,busy_s,mb_per_s,mean_us,p50_us,p90_us,p99_us,p99_9_us,max_us,over_10ms_pct",
                "4K,read,1,25,4096,0.5,0.008192,1,1,1,1,1,1,0",
                "8K,write,1,25,8192,0.25,0.032768,0.5,0.5,0.5,0.5,0.5,0.5,0",
                ">128K,read,1,25,2995904,1,2.995904,1.5,1.5,1.5,1.5,1.5,1.5,0",
                ">128K,write,1,25,991808,0.75,1.3224106666666666,2,2,2,2,2,2,0"),
                Files.readAllLines(out.resolve("size-classes.csv")));
        assertEquals(List.of("second,read_iops,write_iops,read_mb_per_s,write_mb_per_s,seconds", "0,1,1,2,0.5,1",
                "1,1,1,1,0.5,1", "2,0,0,0,0,1"), Files.readAllLines(out.resolve("timeseries.csv")));

        Path noReadsUnder4K = ResultFixtures.variant(dir, ResultFixtures.A, "no-under-4k.json", j -> {
            ObjectNode none = j.withArray("sizeClasses").insertObject(0).put("class", "<4K").put("op", "read").put("count", 0)
                    .put("pct", 0).put("bytes", 0).put("busyNs", 0).put("mbps", 0);
            ResultFixtures.noLatency(none.putObject("latency"));
        });
        new CsvResultWriter().write(new JsonResults().read(noReadsUnder4K), dir.resolve("csv2"));
        assertEquals("<4K,read,0,0,0,,0,,,,,,,", Files.readAllLines(dir.resolve("csv2").resolve("size-classes.csv")).get(1),
                "a class without IOs has no busy time and no latency");

        List<String> pct = Files.readAllLines(out.resolve("latency-percentiles.csv"));
        assertEquals("op,percentile,latency_us", pct.get(0));
        assertEquals(1 + 3 * CsvResultWriter.PERCENTILES.size(), pct.size());
        // reads took 1000 and 1500 ns: HdrHistogram records values below 2048 exactly
        assertTrue(pct.contains("read,0,1"), pct.toString());
        assertTrue(pct.contains("read,50,1"), pct.toString());
        assertTrue(pct.contains("read,99.9,1.5"), pct.toString());
        assertTrue(pct.contains("read,100,1.5"), pct.toString());
        assertTrue(pct.contains("write,0,0.5"), pct.toString());
        assertTrue(pct.contains("all,50,1"), pct.toString());
        assertTrue(pct.contains("all,75,1.5"), pct.toString());
        assertTrue(pct.contains("all,100,2"), pct.toString());
    }

    @Test
    void aFileInPlaceOfTheDirectoryIsAnIoFailure(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        SbenchException e = assertThrows(SbenchException.class,
                () -> new CsvResultWriter().write(ResultFixtures.load(ResultFixtures.A), file));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertTrue(e.getMessage().startsWith("cannot create directory " + file + ": "), e.getMessage());
    }

    @Test
    void numbersArePlainDecimals() {
        assertEquals("0.0000001", CsvResultWriter.number(1e-7));
        assertEquals("1200000", CsvResultWriter.number(1.2e6));
        assertEquals("3", CsvResultWriter.number(3.0));
        assertEquals("", CsvResultWriter.number(Double.NaN));
    }
}
