package org.sbench.trace.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.ListReader;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;

class ExternalSorterTest {
    @Property(tries = 30)
    void sortsStablyInBoundedMemory(@ForAll long seed, @ForAll @IntRange(min = 0, max = 5000) int n,
                                    @ForAll @IntRange(min = 2, max = 300) int memory) throws IOException {
        List<IoRecord> input = TestRecords.records(seed, n, false);
        for (IoRecord r : input) {
            r.issueNs /= 1000; // many equal times, to check stability
            r.completeNs = IoRecord.NO_TIME;
        }
        List<IoRecord> expected = new ArrayList<>(input);
        expected.sort(Comparator.comparingLong(r -> r.issueNs)); // List.sort is stable
        long expectedReordered = 0;
        long max = Long.MIN_VALUE;
        for (IoRecord r : input) {
            if (r.issueNs < max) {
                expectedReordered++;
            }
            max = Math.max(max, r.issueNs);
        }
        Path tmp = Files.createTempDirectory("sorttest");
        try (ExternalSorter sorter = new ExternalSorter(new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input), memory, tmp)) {
            assertEquals(expected, TestRecords.readAll(sorter));
            assertEquals(expectedReordered, sorter.reorderedRecords());
        }
        try (var s = Files.list(tmp)) {
            assertEquals(0, s.count(), "temporary runs deleted");
        }
        Files.delete(tmp);
    }

    @Property(tries = 5)
    void manyRunsMergeInSeveralPasses(@ForAll long seed) throws IOException {
        List<IoRecord> input = TestRecords.records(seed, 3000, false);
        List<IoRecord> expected = new ArrayList<>(input);
        expected.sort(Comparator.comparingLong(r -> r.issueNs));
        Path tmp = Files.createTempDirectory("sorttest");
        try (ExternalSorter sorter = new ExternalSorter(new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input), 4, tmp)) {
            assertEquals(expected, TestRecords.readAll(sorter));
        }
        Files.delete(tmp);
    }
}
