package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonCsvWriterTest {
    private static final String HEADER = "metric,op,unit,better,column,label,baseline,comparable,runs,mean,sd,min,max,diff,ratio,group,notes";

    @Test
    void summarySizeClassAndPhaseRowsInLongForm(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("cmp.csv");
        ResultComparison c = ResultComparisonTest.phased(dir, List.of("boot", "work"), List.of("boot", "work"), false);
        new ComparisonCsvWriter().write(c, csv);
        List<String> rows = Files.readAllLines(csv);
        assertEquals(HEADER, rows.get(0));
        assertEquals(1 + 2 * (Metric.ALL.size() + 12 + 6), rows.size(), "every metric for both columns");
        assertTrue(rows.contains("busy,all,s,lower,2,DriveB,false,true,2,1.125,0.1767766952966369,1,1.25,-0.875,0.5625,,"),
                String.join("\n", rows));
        assertTrue(rows.contains("class_busy,read,s,lower,1,DriveA,true,true,1,0.5,,0.5,0.5,0,1,4K,"), String.join("\n", rows));
        assertTrue(rows.contains("class_mbps,write,MB/s,higher,2,DriveB,false,true,2,5.2896426666666665,0,5.2896426666666665,"
                + "5.2896426666666665,2.6448213333333332,2,>128K,"), String.join("\n", rows));
        assertTrue(rows.contains("phase_wall,all,s,lower,2,DriveB,false,true,2,0.8500000000000001,0.07071067811865474,0.8,0.9,"
                + "-0.1499999999999999,0.8500000000000001,boot,"),
                String.join("\n", rows));
        assertTrue(rows.contains("phase_mbps,all,MB/s,higher,1,DriveA,true,true,1,1,,1,1,0,1,work,"), String.join("\n", rows));
    }

    @Test
    void aColumnThatMattersForTheRankingCarriesItsNotes(@TempDir Path dir) throws Exception {
        Path file = ResultFixtures.writtenFile(dir, ResultFixtures.B);
        Path csv = dir.resolve("cmp.csv");
        new ComparisonCsvWriter().write(ResultComparison.of(List.of(ResultFixtures.input(ResultFixtures.A), ResultFixtures.input(file)),
                0, false), csv);
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.get(1).startsWith("ios,all,count,none,1,DriveA,true,true,1,4,,4,4,0,1,,"), rows.get(1));
        assertTrue(rows.get(1).endsWith(",,"), "no notes: " + rows.get(1));
        assertTrue(rows.get(2).endsWith(",,\"ran on a file, the baseline on a block device\""), rows.get(2));
    }
}
