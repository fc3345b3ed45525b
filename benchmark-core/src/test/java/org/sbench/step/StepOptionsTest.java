package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.EraseMethod;

/** Every step's options as users write them: the values read, the defaults, and the one-line message of each bad value. */
class StepOptionsTest {
    private static Map<String, String> opts(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static void refused(Function<Map<String, String>, Step> factory, String message, String... keyValues) {
        SbenchException e = assertThrows(SbenchException.class, () -> factory.apply(opts(keyValues)));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals(message, e.getMessage());
    }

    @Test
    void fillReadsItsOptionsAndDefaults() {
        assertEquals(opts("percent", "100%", "passes", "2", "bs", "128K", "data", "random", "qd", "32", "engine", "auto"),
                FillStep.of(Map.of()).options());
        FillStep f = FillStep.of(opts("percent", "12.5%", "passes", "3", "bs", "1MiB", "data", "zero", "qd", "8", "engine", "libaio"));
        assertEquals(opts("percent", "12.5%", "passes", "3", "bs", "1M", "data", "zero", "qd", "8", "engine", "libaio"), f.options());
        assertEquals("fill 3 x 12.5%, 1M at QD 8", f.label());
        assertEquals(f.options(), FillStep.of(f.options()).options(), "its options make the same step");
        assertEquals("50%", FillStep.of(opts("percent", "50")).options().get("percent"));
    }

    @Test
    void fillRefusesBadValuesNamingTheOption() {
        refused(FillStep::of, "--percent must be above 0% and at most 100%, found 150", "percent", "150");
        refused(FillStep::of, "--percent must be above 0% and at most 100%, found 0%", "percent", "0%");
        refused(FillStep::of, "--percent takes a percentage such as 100%, found 'all'", "percent", "all");
        refused(FillStep::of, "--passes must be 1 to 100, found 0", "passes", "0");
        refused(o -> Step.applying(SweepStep.of(o), o.keySet()), "--data does nothing for sweep read, 200 points, 1M at QD 1;"
                + " leave it out", "data", "zero");
        refused(o -> Step.applying(IdleStep.of(o), o.keySet()), "--engine does nothing for idle 1m; leave it out", "duration", "1m",
                "probe-test", "none", "engine", "libaio");
        for (String test : List.of("randwrite", "randread", "write", "read")) {
            Map<String, String> all = Map.of("duration", "1m", "probe", "30s", "probe-test", test, "probe-duration", "5s",
                    "probe-bs", "4K", "probe-qd", "4", "engine", "libaio");
            Map<String, String> given = new HashMap<>(all);
            if (test.endsWith("write")) {
                given.put("data", "zero");
            }
            Step.applying(IdleStep.of(given), given.keySet());
        }
        refused(FillStep::of, "--passes takes a whole number, found 'two'", "passes", "two");
        refused(FillStep::of, "--bs: 'x' is not a size; write bytes or a number with K, M, G or T (powers of 1024)", "bs", "x");
        refused(FillStep::of, "--bs: '1000' is 1000 bytes, not a multiple of 4096; a unit (K, M, G) may be missing, e.g. 1000M",
                "bs", "1000");
        refused(FillStep::of, "--bs must be a multiple of 512 bytes up to 1G, found 2G", "bs", "2G");
        // Sizes and shares are quoted as typed, not as the number they were read as.
        refused(FillStep::of, "--bs must be a multiple of 512 bytes up to 1G, found 0K", "bs", "0K");
        refused(o -> IdleStep.of(o), "--probe-bs must be a multiple of 512 bytes up to 1G, found 00", "duration", "1m", "probe-bs", "00");
        refused(o -> TortureStep.of(o), "--span must be above 0% and at most 100%, found 0K", "duration", "1m", "span", "0K");
        refused(FillStep::of, "--percent must be above 0% and at most 100%, found 00", "percent", "00");
        refused(o -> SweepStep.of(o), "--per-point must be a multiple of 512 bytes up to 9223372036854775, found 9000T", "per-point", "9000T");
        refused(o -> SweepStep.of(o), "--per-point 1024K is no whole number of --bs 768K IOs; give a multiple of --bs",
                "per-point", "1024K", "bs", "768K");
        refused(FillStep::of, "--qd must be 1 to 1024, found 0", "qd", "0");
        // Quoted parsed (found 0), and an idle probe's depth named --qd.
        refused(FillStep::of, "--qd must be 1 to 1024, found 00", "qd", "00");
        refused(FillStep::of, "--passes must be 1 to 100, found 00", "passes", "00");
        refused(o -> SweepStep.of(o), "--points must be 1 to 1000, found -0", "points", "-0");
        refused(o -> IdleStep.of(o), "--probe-qd must be 1 to 1024, found 00", "duration", "1m", "probe-qd", "00");
        refused(FillStep::of, "--data takes random, zero or compress:PCT (PCT 0-100), found 'ones'", "data", "ones");
        refused(FillStep::of, "--engine takes auto, io_uring, libaio or sync, found 'spdk'", "engine", "spdk");
        refused(FillStep::of, "unknown option 'size' of step fill; fill takes percent, passes, bs, data, qd", "size", "1G");
        refused(FillStep::of, "--passes needs a value", "passes", " ");
    }

    @Test
    void wordValuesAreReadInAnyCaseAndKeptInLowerCase() {
        assertEquals(opts("op", "write", "points", "10", "bs", "1M", "per-point", "auto", "qd", "1", "data", "compress:50",
                "engine", "io_uring"), SweepStep.of(opts("op", "WRITE", "points", "10", "data", "COMPRESS:50", "engine", "IO_URING")).options());
        assertEquals("trim", PurgeStep.of(opts("method", "TRIM")).options().get("method"));
        assertEquals("randread", IdleStep.of(opts("duration", "1m", "probe-test", "RandRead")).options().get("probe-test"));
        assertEquals("steady", TortureStep.of(opts("until", "STEADY")).options().get("until"));
        assertEquals("random", FillStep.of(opts("data", "RANDOM")).options().get("data"));
        refused(SweepStep::of, "--op takes read or write, found 'TRIM'", "op", "TRIM");
        refused(PurgeStep::of, "--method takes trim, secure-trim or zero, found 'WIPE'", "method", "WIPE");
    }

    @Test
    void tortureRunsForADurationOrInRoundsUntilSteady() {
        TortureStep t = TortureStep.of(opts("duration", "20m"));
        assertEquals(opts("duration", "20m", "bs", "4K", "qd", "32", "span", "100%", "data", "random", "engine", "auto"), t.options());
        assertEquals("torture 20m, 4K random writes at QD 32 over 100%", t.label());
        TortureStep steady = TortureStep.of(opts("until", "steady", "span", "8G", "round", "90s"));
        assertEquals(opts("until", "steady", "round", "90s", "bs", "4K", "qd", "32", "span", "8G", "data", "random", "engine", "auto"),
                steady.options());
        assertEquals("1m", TortureStep.of(opts("until", "steady")).options().get("round"));
        assertEquals(steady.options(), TortureStep.of(steady.options()).options());
        refused(TortureStep::of, "torture needs --duration D (e.g. 20m), or --until steady");
        refused(TortureStep::of, "--duration goes without --until steady: rounds of --round run until steady state, at most 25",
                "duration", "20m", "until", "steady");
        refused(TortureStep::of, "--round goes with --until steady", "duration", "1m", "round", "1m");
        refused(TortureStep::of, "--until takes steady, found 'done'", "until", "done");
        refused(TortureStep::of, "--round must be above 0, found 0", "until", "steady", "round", "0");
        refused(TortureStep::of, "--duration: '20' is not a duration; write a number with a unit: 500us, 25ms, 8s, 5m", "duration", "20");
        refused(TortureStep::of, "--span must be above 0% and at most 100%, found 101%", "duration", "1s", "span", "101%");
        // --span takes a share too: the hint offered only 50M, the bare 50 more likely meant 50%.
        refused(TortureStep::of, "--span: '50' is 50 bytes, not a multiple of 4096; a unit (K, M, G) or % may be missing, e.g. 50M or 50%",
                "duration", "1s", "span", "50");
        refused(TortureStep::of, "--span: 'half' is not a size; write bytes, a number with K, M, G or T (powers of 1024), or a percentage"
                + " (50%)", "duration", "1s", "span", "half");
    }

    @Test
    void sweepReadsByDefaultAndPlacesItsPoints() {
        SweepStep s = SweepStep.of(Map.of());
        assertEquals(opts("op", "read", "points", "200", "bs", "1M", "per-point", "auto", "qd", "1", "engine", "auto"), s.options());
        assertEquals(false, s.writes());
        SweepStep w = SweepStep.of(opts("op", "write", "points", "10", "per-point", "8M", "bs", "256K", "qd", "4", "data", "zero"));
        assertEquals(true, w.writes());
        assertEquals("sweep write, 10 points of 8M, 256K at QD 4", w.label());
        assertEquals(w.options(), SweepStep.of(w.options()).options());
        refused(SweepStep::of, "--op takes read or write, found 'trim'", "op", "trim");
        refused(SweepStep::of, "--points must be 1 to 1000, found 1001", "points", "1001");
        // 0 was taken for auto without a word.
        refused(SweepStep::of, "--per-point must be above 0, or auto, found '0'", "per-point", "0");
        refused(SweepStep::of, "--per-point must be above 0, or auto, found 'auto:0'", "per-point", "auto:0");
        // A point of a size given was read in IOs of what was left of it: 4K with --bs 1M in one 4 KiB IO, 6K with --bs 4K
        // in IOs of 4 and 2 KiB.
        refused(SweepStep::of, "--per-point 4K is no whole number of --bs 1M IOs; give a multiple of --bs", "per-point", "4K");
        refused(SweepStep::of, "--per-point 6K is no whole number of --bs 4K IOs; give a multiple of --bs", "per-point", "6K",
                "bs", "4K");
        assertEquals("sweep read, 200 points of at most 6K, 4K at QD 1",
                SweepStep.of(opts("per-point", "auto:6K", "bs", "4K")).label(), "auto takes what fits, in whole IOs or not");
    }

    @Test
    void sweepPointsRunFromTheFirstByteToTheLast() {
        // 1 GiB, 5 points of 1 MiB: room 1023 MiB spread in 4 equal steps, rounded down to 4 KiB.
        long capacity = 1L << 30;
        long point = 1 << 20;
        long[] offsets = SweepStep.offsets(capacity, 5, point, 4096);
        long room = capacity - point;
        assertEquals(0, offsets[0]);
        for (int i = 1; i < 5; i++) {
            assertEquals(room * i / 4 / 4096 * 4096, offsets[i]);
        }
        assertEquals(capacity, offsets[4] + point, "the last point ends at the capacity");
        assertEquals(0, SweepStep.offsets(capacity, 1, point, 4096)[0]);
        // No overflow for an exabyte target and 1000 points.
        long[] big = SweepStep.offsets(1L << 60, 1000, point, 4096);
        assertEquals((1L << 60) - point, big[999]);
    }

    @Test
    void idleProbesAtTheStartAfterEachIntervalAndAtTheEnd() {
        IdleStep i = IdleStep.of(opts("duration", "30m", "probe", "5m"));
        assertEquals(List.of(0L, 300_000_000_000L, 600_000_000_000L, 900_000_000_000L, 1_200_000_000_000L,
                1_500_000_000_000L, 1_800_000_000_000L), i.probeTimes());
        assertEquals(opts("duration", "30m", "probe-test", "randwrite", "probe", "5m", "probe-duration", "5s", "probe-bs", "4K",
                "probe-qd", "32", "data", "random", "engine", "auto"), i.options());
        assertEquals(true, i.writes());
        assertEquals(List.of(0L, 4_000_000_000L, 8_000_000_000L, 10_000_000_000L),
                IdleStep.of(opts("duration", "10s", "probe", "4s")).probeTimes());
        assertEquals(false, IdleStep.of(opts("duration", "10s", "probe-test", "randread")).writes());
        assertEquals(opts("duration", "1m", "probe-test", "none"), IdleStep.of(opts("duration", "1m", "probe-test", "none")).options());
        assertEquals("10s", IdleStep.of(opts("duration", "10s")).options().get("probe"), "the probe interval is at most the duration");
        refused(IdleStep::of, "idle needs --duration D above 0 (e.g. 30m)");
        refused(IdleStep::of, "--probe must be above 0 and at most --duration (1m), found 5m", "duration", "1m", "probe", "5m");
        refused(IdleStep::of, "--probe-test takes randwrite, randread, write, read or none, found 'fio'", "duration", "1m",
                "probe-test", "fio");
        refused(IdleStep::of, "--probe-duration must be above 0, found 0", "duration", "1m", "probe-duration", "0");
        // Each probe is a run held in memory: a probe every ns of a second would be a billion runs.
        refused(IdleStep::of, "--probe 1ns over --duration 1s makes 1000000001 probes, at most 1000: give a longer --probe",
                "duration", "1s", "probe", "1ns");
        refused(IdleStep::of, "--probe 5m over --duration 100h makes 1201 probes, at most 1000: give a longer --probe",
                "duration", "100h");
        assertEquals(1000, IdleStep.of(opts("duration", "999s", "probe", "1s")).probeTimes().size());
        assertEquals("1000h", IdleStep.of(opts("duration", "1000h", "probe-test", "none")).options().get("duration"),
                "no probes, no limit");
    }

    @Test
    void purgeTrimsTheWholeTargetByDefault() {
        assertEquals(opts("method", "trim"), PurgeStep.of(Map.of()).options());
        PurgeStep p = PurgeStep.of(opts("method", "zero", "range", "1G:512M"));
        assertEquals(opts("method", "zero", "range", "1G:512M"), p.options());
        assertEquals("purge zero 1G:512M", p.label());
        assertEquals(new PurgeStep.Range(1L << 30, 0), PurgeStep.Range.of("1G:"));
        assertEquals(new PurgeStep.Range(0, 1L << 20), PurgeStep.Range.of(":1M"));
        assertEquals(EraseMethod.SECURE_TRIM, EraseMethod.of("secure-trim"));
        refused(PurgeStep::of, "--method takes trim, secure-trim or zero, found 'erase'", "method", "erase");
        refused(PurgeStep::of, "--range takes OFFSET:LENGTH (e.g. 1G:512M, or 1G: to the end), found '1G'", "range", "1G");
        refused(PurgeStep::of, "--range 1G:0 is empty: give a LENGTH above 0, or none to run to the end", "range", "1G:0");
        refused(PurgeStep::of, "--range: 'x' is not a size; write bytes or a number with K, M, G or T (powers of 1024)", "range", "x:1M");
        // 2^64 bytes was once taken as 0: this range erased the first MiB.
        refused(PurgeStep::of, "--range: '16777216T' is too large a size; a size is below 2^63 bytes (8388608T)", "range", "16777216T:1M");
    }

    @Test
    void wordsAreWrittenAsUsersWriteThem() {
        assertEquals("128K", StepOptions.sizeWord(128 * 1024));
        assertEquals("1G", StepOptions.sizeWord(1L << 30));
        assertEquals("1536K", StepOptions.sizeWord(1536 * 1024));
        assertEquals("4608", StepOptions.sizeWord(4608));
        assertEquals("20m", StepOptions.durationWord(20 * 60_000_000_000L));
        assertEquals("90s", StepOptions.durationWord(90_000_000_000L));
        assertEquals("250ms", StepOptions.durationWord(250_000_000L));
        assertEquals("1h", StepOptions.durationWord(3_600_000_000_000L));
        assertEquals("0.0001%", StepOptions.percentWord(0.0001));
        assertEquals("100%", StepOptions.percentWord(100));
    }
}
