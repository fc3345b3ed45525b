// Mutation fuzzing of every trace reader, in one JVM: each valid sample (the readers' test files, the
// bundled desktop sample's head, and .sbt, CSV, fio and blktrace binary made from them here; each also
// gzip-, xz- and zstd-compressed) is cut, flipped, spliced and lied about in many ways, and every variant
// is read twice: by its format's reader alone (as --from does) and through detection and the opening
// pipeline (sort, rebase, recorded QD); one the format's reader refuses is read a third time, skipping
// every bad record it can (--skip-bad). A variant must either read to records that pass RecordChecks, or
// fail with a bad-input SbenchException whose one-line message names the file and a line or byte (or is
// about the whole file: empty, not decompressable, no format recognised). Anything else is printed as a
// defect: another exception, an Error such as OutOfMemoryError, a read over the time limit, a message
// without a position, records skipped without a --skip-bad allowance, more records from a cut file than
// from the whole, another count after two lines of a one-line-a-record format were swapped. Defects are
// deduplicated by their message with its numbers masked; the first variant of each is saved to OUT_DIR.
// Every tenth variant the format's reader refuses is also converted to .sbt: a file left behind is a defect.
// Run from the worktree's top:
//   mvn -B -ntp -o -q -pl replayer-cli -am package -DskipTests -Dasciidoctor.skip=true
//   java -Xmx256m -cp replayer-cli/target/sbench.jar bench/ReaderFuzz.java OUT_DIR [SEED] [PER_SEED]
// SEED (default 1) fixes the random mutations; PER_SEED (default 3000) is the random variants per sample
// (a tenth as many of each compressed form), on top of every truncation of samples up to 4 KiB.
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.input.TraceInput;

public class ReaderFuzz {
    private static final String RESOURCES = "trace-formats/src/test/resources/org/sbench/trace/format/";
    private static final int TRUNCATE_ALL_UP_TO = 4096;
    private static final long LIMIT_SECONDS = 20;
    /** Of the variants the format's reader refuses, every this many is also converted. */
    private static final int CONVERT_EVERY = 10;
    /** The options of a third read of each refused variant, as --skip-bad with no limit reads it. */
    private static final ReadOptions SKIP_ALL = ReadOptions.DEFAULTS.withSkipBad(Long.MAX_VALUE);
    /** A position in a message: FILE:LINE or byte N. */
    private static final Pattern POSITION = Pattern.compile(":\\d+|byte \\d+|line \\d+");
    private static final String[] HOSTILE_NUMBERS = {"99999999999999999999999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-1", "-0", "NaN", "Infinity", "-Infinity", "1e308", "1e400", "0x10", "1_000", "+5", "",
        "0.0000000001", "4294967296", "18446744073709551615", "1.5e3", "\u0661\u0662"};

    /** Formats whose records pair events of several lines, so that two lines swapped may make other records. */
    private static final List<String> PAIRED = List.of("blkparse", "tracefs", "blktrace");

    private final TraceFormats formats = TraceFormats.standard();
    private final Path outDir;
    private final Path work;
    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fuzz-read");
        t.setDaemon(true);
        return t;
    });
    private ExecutorService current = runner;
    private final Map<String, Integer> variants = new TreeMap<>();
    private final Map<String, int[]> outcomes = new TreeMap<>();
    private final Map<String, String> defects = new LinkedHashMap<>();
    private final Map<String, Integer> defectCounts = new LinkedHashMap<>();
    private int converted;
    private int failedRaw;

    ReaderFuzz(Path outDir) throws IOException {
        this.outDir = Files.createDirectories(outDir);
        this.work = Files.createTempDirectory("reader-fuzz-");
    }

    public static void main(String[] args) throws Exception {
        ReaderFuzz fuzz = new ReaderFuzz(Path.of(args[0]));
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        int perSeed = args.length > 2 ? Integer.parseInt(args[2]) : 3000;
        try {
            fuzz.run(new Random(seed), perSeed);
        } finally {
            fuzz.cleanUp();
        }
        fuzz.report();
        System.exit(0);
    }

    private void run(Random rnd, int perSeed) throws Exception {
        Map<String, byte[]> samples = samples();
        List<byte[]> all = new ArrayList<>(samples.values());
        for (Map.Entry<String, byte[]> s : samples.entrySet()) {
            String format = s.getKey().substring(0, s.getKey().indexOf('/'));
            byte[] valid = s.getValue();
            long baseline = count(valid, format);
            System.err.printf("%s: %d bytes, %d records%n", s.getKey(), valid.length, baseline);
            for (byte[] v : truncations(valid, rnd)) {
                check(s.getKey(), "truncate", v, format, baseline, Bound.AT_MOST);
            }
            for (int i = 0; i < perSeed; i++) {
                int kind = rnd.nextInt(12);
                byte[] v = mutate(kind, valid, all, rnd, format);
                check(s.getKey(), "m" + kind, v, format, baseline, kind == 6 && !PAIRED.contains(format) ? Bound.EQUAL : Bound.ANY);
            }
            for (String c : List.of("gz", "xz", "zst")) {
                byte[] packed = compress(valid, c);
                for (int i = 0; i < perSeed / 10; i++) {
                    byte[] v = rnd.nextBoolean() ? Arrays.copyOf(packed, rnd.nextInt(packed.length))
                        : flip(packed, rnd);
                    check(s.getKey(), c, v, format, baseline, Bound.ANY);
                }
                byte[] inner = mutate(rnd.nextInt(12), valid, all, rnd, format);
                check(s.getKey(), c + "-inner", compress(inner, c), format, baseline, Bound.ANY);
            }
        }
    }

    private enum Bound { ANY, AT_MOST, EQUAL }

    /** The valid samples, by "FORMAT/NAME". */
    private Map<String, byte[]> samples() throws Exception {
        Map<String, byte[]> m = new LinkedHashMap<>();
        String[][] files = {
            {"msr", "msr/hm_1.csv"}, {"spc", "spc/Financial-sample.spc"}, {"fiu", "fiu/homes-sample.txt"},
            {"tracefs", "tracefs/trace.txt"}, {"tracefs", "tracefs/perf-script.txt"}, {"etw", "etw/dump.txt"},
            {"etw", "etw/rows-only.txt"}, {"etw", "etw/dump-cpu.txt"}, {"alibaba", "alibaba/io_traces-sample.csv"},
            {"blkparse", "blkparse/mid-flight.txt"}, {"blkparse", "blkparse/two-disks.txt"},
            {"systor", "systor/2016022310-LUN3.csv"}, {"fio", "fioiolog/v2.iolog"}, {"fio", "fioiolog/v3.iolog"},
            {"tencent", "tencent/cbs-sample.csv"}};
        for (String[] f : files) {
            m.put(f[0] + "/" + f[1], Files.readAllBytes(Path.of(RESOURCES + f[1])));
        }
        byte[] desktop = head(Files.readAllBytes(Path.of("traces/samples/desktop-sample.msr.csv")), 200);
        m.put("msr/desktop-sample-head", desktop);
        for (String to : List.of("sbt", "csv", "fio")) {
            m.put(to + "/from-hm_1", written(m.get("msr/msr/hm_1.csv"), "msr", to));
        }
        m.put("blktrace/v7-le", blktrace(ByteOrder.LITTLE_ENDIAN, 7));
        m.put("blktrace/v8-be", blktrace(ByteOrder.BIG_ENDIAN, 8));
        return m;
    }

    private static byte[] head(byte[] text, int lines) {
        int end = 0;
        for (int n = 0; end < text.length && n < lines; end++) {
            if (text[end] == '\n') {
                n++;
            }
        }
        return Arrays.copyOf(text, end);
    }

    private byte[] written(byte[] input, String from, String to) throws IOException {
        Path in = work.resolve("in");
        Files.write(in, input);
        Path out = work.resolve("out." + to);
        try (TraceReader r = formats.open(in, from, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName(to), out, ConvertSettings.ALL);
        }
        byte[] b = Files.readAllBytes(out);
        Files.delete(out);
        Files.delete(in);
        return b;
    }

    /** A small blktrace trace: process notes, queue/issue/complete of reads, writes, a flush and a discard. */
    private static byte[] blktrace(ByteOrder order, int version) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int dev = 8 << 20;
        out.writeBytes(btRecord(order, version, 0, 1L << 16 | 1L << 10 << 16, 0, 0, 42, dev,
            Arrays.copyOf("fio".getBytes(StandardCharsets.US_ASCII), 16)));
        long t = 1000;
        for (int i = 0; i < 12; i++) {
            long cat = i % 4 == 0 ? 1 : i % 4 == 1 ? 2 : i % 4 == 2 ? 1 << 2 | 2 : 1 << 13 | 2;
            long sector = 2048L * i;
            int bytes = i % 4 == 2 ? 0 : 4096 * (1 + i % 3);
            out.writeBytes(btRecord(order, version, t, 1 | (cat | 1 << 4 | 1 << 8) << 16, sector, bytes, 42, dev, new byte[0]));
            out.writeBytes(btRecord(order, version, t + 50, 7 | (cat | 1 << 6 | 1 << 8) << 16, sector, bytes, 42, dev, new byte[0]));
            out.writeBytes(btRecord(order, version, t + 900, 8 | (cat | 1 << 7 | 1 << 8) << 16, sector, bytes, 0, dev, new byte[0]));
            t += 1000;
        }
        return out.toByteArray();
    }

    private static byte[] btRecord(ByteOrder order, int version, long timeNs, long action, long sector, int bytes, int pid,
                                   int device, byte[] pdu) {
        int size = version == 7 ? 48 : 64;
        ByteBuffer b = ByteBuffer.allocate(size + pdu.length).order(order);
        b.putInt(0, 0x65617400 | version).putInt(4, 1).putLong(8, timeNs).putLong(16, sector).putInt(24, bytes);
        if (version == 7) {
            b.putInt(28, (int) action).putInt(32, pid).putInt(36, device).putShort(46, (short) pdu.length);
        } else {
            b.putInt(28, pid).putLong(32, action).putInt(40, device).putShort(50, (short) pdu.length);
        }
        b.position(size);
        b.put(pdu);
        return b.array();
    }

    private byte[] compress(byte[] data, String how) throws IOException, InterruptedException {
        Path f = work.resolve("c");
        Files.write(f, data);
        String tool = how.equals("gz") ? "gzip" : how.equals("xz") ? "xz" : "zstd";
        Process p = new ProcessBuilder(tool, "-c", "-q", f.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (p.waitFor() != 0) {
            throw new IOException(tool + " failed");
        }
        Files.delete(f);
        return out;
    }

    private static List<byte[]> truncations(byte[] valid, Random rnd) {
        List<byte[]> out = new ArrayList<>();
        if (valid.length <= TRUNCATE_ALL_UP_TO) {
            for (int i = 0; i < valid.length; i++) {
                out.add(Arrays.copyOf(valid, i));
            }
        } else {
            for (int i = 0; i < 400; i++) {
                out.add(Arrays.copyOf(valid, rnd.nextInt(valid.length)));
            }
        }
        return out;
    }

    private static byte[] mutate(int kind, byte[] v, List<byte[]> all, Random rnd, String format) {
        int at = v.length == 0 ? 0 : rnd.nextInt(v.length);
        switch (kind) {
            case 0:
                return flip(v, rnd);
            case 1: // insert a byte: any, NUL, or an invalid UTF-8 lead
                return splice(v, at, 0, new byte[] {(byte) (rnd.nextBoolean() ? rnd.nextInt(256) : rnd.nextBoolean() ? 0 : 0xC3)});
            case 2: // delete a byte or a run
                return splice(v, at, Math.min(v.length - at, 1 + (rnd.nextBoolean() ? 0 : rnd.nextInt(64))), new byte[0]);
            case 3: // a number replaced by a hostile one
                return hostileNumber(v, rnd);
            case 4: // an overlong line
                byte[] longLine = new byte[1 << (10 + rnd.nextInt(11))];
                Arrays.fill(longLine, (byte) (rnd.nextBoolean() ? '9' : 'a'));
                return splice(v, lineStart(v, at), 0, longLine);
            case 5: // binary garbage after the head
                byte[] garbage = new byte[1 + rnd.nextInt(4096)];
                rnd.nextBytes(garbage);
                int keep = Math.min(v.length, 64 + rnd.nextInt(Math.max(1, v.length / 2)));
                return splice(v, keep, v.length - keep, garbage);
            case 6: // two lines swapped (binary: two records' bytes swapped, counted as any)
                return swapLines(v, rnd);
            case 7: // another sample appended, or this one twice
                byte[] other = all.get(rnd.nextInt(all.size()));
                return splice(v, v.length, 0, rnd.nextBoolean() ? other : v);
            case 8: // a word of the binary header or a record overwritten with an extreme value
                return format.equals("sbt") && rnd.nextInt(4) == 0 ? wrappingSbtCount(v, rnd) : lyingWord(v, rnd);
            case 9: // several flips
                byte[] w = v;
                for (int i = 1 + rnd.nextInt(8); i > 0; i--) {
                    w = flip(w, rnd);
                }
                return w;
            case 10: // a line duplicated many times (huge counts) or a CR/LF inserted
                return splice(v, at, 0, rnd.nextBoolean() ? "\r".getBytes() : "\n".getBytes());
            default: // a field separator inserted or removed
                byte[] sep = {(byte) ",\t |;".charAt(rnd.nextInt(5))};
                return rnd.nextBoolean() ? splice(v, at, 0, sep) : removeOne(v, sep[0], rnd);
        }
    }

    private static byte[] flip(byte[] v, Random rnd) {
        if (v.length == 0) {
            return v;
        }
        byte[] w = v.clone();
        int at = rnd.nextInt(w.length);
        w[at] = rnd.nextInt(3) == 0 ? (byte) rnd.nextInt(256) : (byte) (w[at] ^ (1 << rnd.nextInt(8)));
        return w;
    }

    private static byte[] splice(byte[] v, int at, int remove, byte[] insert) {
        byte[] w = new byte[v.length - remove + insert.length];
        System.arraycopy(v, 0, w, 0, at);
        System.arraycopy(insert, 0, w, at, insert.length);
        System.arraycopy(v, at + remove, w, at + insert.length, v.length - at - remove);
        return w;
    }

    private static int lineStart(byte[] v, int at) {
        while (at > 0 && v[at - 1] != '\n') {
            at--;
        }
        return at;
    }

    private static byte[] hostileNumber(byte[] v, Random rnd) {
        List<int[]> numbers = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            if (Character.isDigit(v[i]) && (i == 0 || !Character.isLetterOrDigit(v[i - 1]))) {
                int j = i;
                while (j < v.length && (Character.isDigit(v[j]) || v[j] == '.')) {
                    j++;
                }
                numbers.add(new int[] {i, j});
                i = j;
            }
        }
        if (numbers.isEmpty()) {
            return flip(v, rnd);
        }
        int[] n = numbers.get(rnd.nextInt(numbers.size()));
        byte[] with = HOSTILE_NUMBERS[rnd.nextInt(HOSTILE_NUMBERS.length)].getBytes(StandardCharsets.UTF_8);
        return splice(v, n[0], n[1] - n[0], with);
    }

    private static byte[] swapLines(byte[] v, Random rnd) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < v.length; i++) {
            if (v[i] == '\n' && i + 1 < v.length) {
                starts.add(i + 1);
            }
        }
        if (starts.size() < 3) {
            return v;
        }
        int a = 1 + rnd.nextInt(starts.size() - 2);
        int b = a + 1;
        int aEnd = starts.get(b);
        int bEnd = b + 1 < starts.size() ? starts.get(b + 1) : v.length;
        if (v[bEnd - 1] != '\n') {
            return v;
        }
        byte[] w = v.clone();
        int aLen = aEnd - starts.get(a);
        int bLen = bEnd - aEnd;
        System.arraycopy(v, aEnd, w, starts.get(a), bLen);
        System.arraycopy(v, starts.get(a), w, starts.get(a) + bLen, aLen);
        return w;
    }

    private static byte[] lyingWord(byte[] v, Random rnd) {
        if (v.length < 8) {
            return flip(v, rnd);
        }
        byte[] w = v.clone();
        int width = rnd.nextBoolean() ? 4 : 8;
        int limit = Math.min(v.length, rnd.nextBoolean() ? 128 : v.length) - width;
        int at = rnd.nextInt(Math.max(1, limit / 2)) * 2;
        at = Math.min(at, v.length - width);
        long[] values = {-1, 0, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0x7fff, 0xffff,
            1L << 31, 1L << 40};
        long value = values[rnd.nextInt(values.length)];
        ByteBuffer b = ByteBuffer.wrap(w).order(rnd.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        if (width == 4) {
            b.putInt(at, (int) value);
        } else {
            b.putLong(at, value);
        }
        return w;
    }

    /** An .sbt record count k * 2^60 larger: its size in bytes (48 a record) wraps around to the true one. */
    private static byte[] wrappingSbtCount(byte[] v, Random rnd) {
        byte[] w = v.clone();
        ByteBuffer b = ByteBuffer.wrap(w).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(16, b.getLong(16) + ((long) (1 + rnd.nextInt(7)) << 60));
        return w;
    }

    private static byte[] removeOne(byte[] v, byte sep, Random rnd) {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            if (v[i] == sep) {
                at.add(i);
            }
        }
        return at.isEmpty() ? v : splice(v, at.get(rnd.nextInt(at.size())), 1, new byte[0]);
    }

    private long count(byte[] data, String format) throws Exception {
        Path f = work.resolve("baseline");
        Files.write(f, data);
        try (TraceReader r = formats.byName(format).openReader(TraceInput.of(f), ReadOptions.DEFAULTS)) {
            long n = 0;
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                n++;
            }
            return n;
        } finally {
            Files.delete(f);
        }
    }

    private void check(String sample, String mutation, byte[] variant, String format, long baseline, Bound bound) {
        variants.merge(format, 1, Integer::sum);
        Path file = work.resolve(sample.replace('/', '_') + ".fuzz");
        try {
            Files.write(file, variant);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String raw = readOnce(file, format, true, ReadOptions.DEFAULTS, baseline, bound);
        boolean rawFailed = "failed".equals(lastOutcome);
        String piped = readOnce(file, null, false, ReadOptions.DEFAULTS, -1, Bound.ANY);
        String skipping = rawFailed ? readOnce(file, format, true, SKIP_ALL, -1, Bound.ANY) : null;
        for (String problem : new String[] {raw, piped, skipping}) {
            if (problem != null) {
                defect(sample, mutation, variant, problem);
            }
        }
        if (rawFailed && ++failedRaw % CONVERT_EVERY == 0) {
            convertLeavesNothing(sample, mutation, file, format, variant);
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private String lastOutcome;

    /** Reads {@code file}; a defect's description, or null when the outcome is allowed. */
    private String readOnce(Path file, String format, boolean rawReader, ReadOptions options, long baseline, Bound bound) {
        String key = (format == null ? "detected" : format) + (rawReader ? "" : "+pipeline") + (options == SKIP_ALL ? "+skip-bad" : "");
        Future<long[]> result = current.submit(() -> {
            TraceInput input = TraceInput.of(file);
            try (TraceReader r = rawReader ? formats.byName(format).openReader(input, options)
                : formats.open(input, format, options)) {
                long n = 0;
                IoRecord rec = new IoRecord();
                while (r.next(rec)) {
                    String problem = RecordChecks.STANDARD.problem(rec);
                    if (problem != null) {
                        throw new AssertionError("record " + (n + 1) + " lacks " + problem + ": " + rec);
                    }
                    n++;
                }
                return new long[] {n, r.skippedRecords(), r.incompleteLastLine()};
            }
        });
        try {
            long[] got = result.get(LIMIT_SECONDS, TimeUnit.SECONDS);
            lastOutcome = "read";
            tally(key, 0);
            if (got[1] != 0 && options != SKIP_ALL) {
                return "skipped " + got[1] + " records without a skip allowance";
            }
            if (bound == Bound.EQUAL && got[0] != baseline) {
                return "read " + got[0] + " records where the sample has " + baseline;
            }
            if (bound == Bound.AT_MOST && got[0] > baseline) {
                return "read " + got[0] + " records from a cut file whose whole has " + baseline;
            }
            return null;
        } catch (TimeoutException e) {
            result.cancel(true);
            current = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "fuzz-read");
                t.setDaemon(true);
                return t;
            });
            tally(key, 2);
            return "hang: no end after " + LIMIT_SECONDS + " s (" + key + ")";
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable t = e.getCause();
            lastOutcome = "failed";
            tally(key, 1);
            if (t instanceof SbenchException s) {
                String m = s.getMessage();
                if (s.kind() != ErrorKind.BAD_INPUT) {
                    return "kind " + s.kind() + " for bad input: " + m;
                }
                if (m.contains("\n")) {
                    return "message of more than one line: " + m;
                }
                if (!m.contains(file.toString())) {
                    return "message without the file's name: " + m;
                }
                if (!POSITION.matcher(m.substring(m.indexOf(file.toString()))).find() && !wholeFile(m)) {
                    return "message without a line or byte: " + m;
                }
                return null;
            }
            StackTraceElement[] at = t.getStackTrace();
            return t.getClass().getName() + " at " + (at.length > 0 ? at[0] : "?") + " (" + key + "): " + t.getMessage();
        }
    }

    /**
     * Messages about the whole file, which have no position to name; and the refusal of times more than 2^63 ns
     * apart, made after the sort, where the records' places in the file are no longer known.
     */
    private static boolean wholeFile(String m) {
        return m.contains("more than 292 years") || m.contains("empty file") || m.contains("not a trace format") || m.contains("no IO records")
            || m.contains("unexpected end of data") || m.contains("cannot decompress any of the file")
            || m.contains("cannot open the") || m.contains(": empty: expected the header") || m.contains("no line is an xperf dump's")
            || m.contains("no line is a kernel trace's") || m.contains("no line is blkparse's");
    }

    private void convertLeavesNothing(String sample, String mutation, Path file, String format, byte[] variant) {
        converted++;
        Path dir = work.resolve("convert");
        try {
            Files.createDirectories(dir);
            Path out = dir.resolve("out.sbt");
            Future<?> f = current.submit(() -> formats.read(file, format, ReadOptions.DEFAULTS, ReadOptions.DEFAULTS,
                r -> TraceConverter.convert(r, formats.byName("sbt"), out, ConvertSettings.ALL)));
            boolean failed = false;
            try {
                f.get(LIMIT_SECONDS, TimeUnit.SECONDS);
            } catch (Exception e) {
                failed = true;
            }
            try (Stream<Path> left = Files.list(dir)) {
                List<Path> files = left.toList();
                if (failed && !files.isEmpty()) {
                    defect(sample, mutation, variant, "convert failed and left " + files);
                }
                for (Path p : files) {
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void tally(String key, int outcome) {
        outcomes.computeIfAbsent(key, k -> new int[3])[outcome]++;
    }

    private void defect(String sample, String mutation, byte[] variant, String problem) {
        String kind = problem.replaceAll("\\d+", "N").replaceAll("'.*'", "'...'").replaceAll("found .*", "found ...");
        kind = kind.length() > 160 ? kind.substring(0, 160) : kind;
        int n = defectCounts.merge(kind, 1, Integer::sum);
        if (n == 1) {
            String name = String.format("defect-%03d-%s-%s", defects.size() + 1, sample.replace('/', '_'), mutation);
            try {
                Files.write(outDir.resolve(name), variant);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            defects.put(kind, name + ": " + problem);
            System.err.println("DEFECT " + name + ": " + problem);
        }
    }

    private void report() {
        System.out.println("variants per format (each read raw and through detection + pipeline):");
        variants.forEach((f, n) -> System.out.printf("  %-10s %6d%n", f, n));
        System.out.println("outcomes (read / failed with a positioned bad-input message or other / hang):");
        outcomes.forEach((k, o) -> System.out.printf("  %-20s %6d %6d %3d%n", k, o[0], o[1], o[2]));
        System.out.println("convert runs on failing variants: " + converted);
        System.out.println("distinct defects: " + defects.size());
        defects.forEach((k, d) -> System.out.println("  [" + defectCounts.get(k) + "x] " + d));
    }

    private void cleanUp() throws IOException {
        try (Stream<Path> left = Files.walk(work)) {
            for (Path p : left.sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.delete(p);
            }
        }
    }
}
