package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecondsSpanTest {
    @TempDir
    Path dir;

    /** drive-a with a series of {@code seconds} seconds of 10 reads and 4 MB each, and a wall time of {@code wallNs}. */
    private ReplayResult run(long wallNs, int seconds) {
        return new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "r.json", j -> {
            ResultFixtures.ranFor(j, wallNs);
            ArrayNode series = j.putArray("timeSeries");
            for (int s = 0; s < seconds; s++) {
                series.addObject().put("second", s).put("readIops", 10).put("writeIops", 0).put("readMbps", 4.0).put("writeMbps", 0.0);
            }
        }));
    }

    @Test
    void aLastSecondOfMoreThanHalfStandsOverTheTimeItCovers() {
        ReplayResult r = run(3_700_000_000L, 4);
        List<SecondsSpan> spans = SecondsSpan.of(r);
        assertEquals(4, spans.size());
        assertEquals(new SecondsSpan(2, 3, 1), spans.get(2));
        assertEquals(3, spans.get(3).from());
        assertEquals(0.7, spans.get(3).coveredS(), 1e-9);
        assertEquals(4.0 / 0.7, spans.get(3).rate(r.timeSeries(), ReplayResult.Second::readMbps), 1e-9,
                "4 MB in 0.7 s, not 4 MB/s as if the run had gone on for the whole second");
    }

    @Test
    void aLastSecondOfLessThanHalfJoinsTheOneBefore() {
        ReplayResult r = run(1_001_000_000L, 2);
        List<SecondsSpan> spans = SecondsSpan.of(r);
        assertEquals(1, spans.size(), spans.toString());
        assertEquals(0, spans.get(0).from());
        assertEquals(2, spans.get(0).to());
        assertEquals(1.001, spans.get(0).coveredS(), 1e-9);
        assertEquals(8.0 / 1.001, spans.get(0).rate(r.timeSeries(), ReplayResult.Second::readMbps), 1e-9);
        assertEquals(20.0 / 1.001, spans.get(0).rate(r.timeSeries(), s -> s.readIops() + s.writeIops()), 1e-9);
    }

    @Test
    void aRunShorterThanASecondIsOneSpanOfItsLength() {
        List<SecondsSpan> spans = SecondsSpan.of(run(300_000_000L, 1));
        assertEquals(1, spans.size());
        assertEquals(0.3, spans.get(0).coveredS(), 1e-9);
    }

    @Test
    void wholeSecondsAndNoSecondsAreAsTheyAre() {
        assertEquals(List.of(new SecondsSpan(0, 1, 1), new SecondsSpan(1, 2, 1), new SecondsSpan(2, 3, 1)),
                SecondsSpan.of(run(3_000_000_000L, 3)));
        assertEquals(List.of(), SecondsSpan.of(run(0, 0)));
    }

    @Test
    void binsJoinSpansAndTheLastBinHoldsWhatIsLeft() {
        ReplayResult r = run(4_700_000_000L, 5);
        List<SecondsSpan> bins = SecondsSpan.binned(SecondsSpan.of(r), 2);
        assertEquals(3, bins.size(), bins.toString());
        assertEquals(new SecondsSpan(0, 2, 2), bins.get(0));
        assertEquals(4, bins.get(2).from());
        assertEquals(0.7, bins.get(2).coveredS(), 1e-9);
        assertEquals(8.0 / 2, bins.get(0).rate(r.timeSeries(), ReplayResult.Second::readMbps), 1e-9);
    }

    /** A result of this build's format holds its last partial second's rates over its length ({@code seconds}), not counts. */
    @Test
    void aLastSecondOfThisFormatIsTakenAsTheRatesItHolds() {
        ReplayResult r = new JsonResults().read(ResultFixtures.variant(dir, ResultFixtures.A, "r.json", j -> {
            j.put("format", ReplayResult.FORMAT);
            ResultFixtures.ranFor(j, 1_700_000_000L);
            ArrayNode series = j.putArray("timeSeries");
            series.addObject().put("second", 0).put("readIops", 10).put("writeIops", 0).put("readMbps", 4.0).put("writeMbps", 0.0);
            series.addObject().put("second", 1).put("seconds", 0.7).put("readIops", 10).put("writeIops", 0).put("readMbps", 4.0)
                    .put("writeMbps", 0.0);
        }));
        SecondsSpan last = SecondsSpan.of(r).get(1);
        assertEquals(4.0, last.rate(r.timeSeries(), ReplayResult.Second::readMbps), 1e-9, "4 MB/s over 0.7 s");
        assertEquals(7, last.sum(r.timeSeries(), ReplayResult.Second::readIops), 1e-9, "7 reads");
    }
}
