// Mutation fuzzing of the readers of sbench's own JSON outputs, in one JVM: replay results (report, compare, the HTML
// and CSV they write) and scenario bundles (bundle.json, steps.jsonl, scenario.json, the run files under steps/: report
// and compare of a bundle). Each sample is cut at many points, has bytes flipped, inserted and deleted, invalid UTF-8
// put in, keys deleted and duplicated, values changed in type (a string for a number, an array for an object, null),
// numbers made hostile (negative, 0, NaN, 1e308, 1e309, 2^63, 2^64), strings made 64 KiB long, values nested 100,000
// deep and the format raised to one from the future; a bundle also loses a run file, has one turned into a link out of
// the bundle, and has steps.jsonl lines cut, dropped, repeated and swapped. Every variant goes through sbench's own
// command line in-process (SbenchCommand.execute, as main runs it) and must either succeed with no NaN or Infinity in
// what it printed or wrote, or fail with exit 3 and a one-line 'sbench: ' message naming the file it refuses. Anything
// else (another exit code, an Error, more than one line, a message naming no file, a run over the time limit) is
// printed as a defect, deduplicated by its message with numbers masked; the first variant of each is saved to OUT_DIR.
// Make the samples, then run from the worktree's top:
//   S=/tmp/jsonfuzz; ./sbench replay traces/samples/desktop-sample.msr.csv --target null --out $S/r1.json
//   ./sbench replay traces/samples/desktop-sample.msr.csv --target null --mode fixed-qd --qd 4 --out $S/r2.json
//   ./sbench run SCENARIO --target null --out $S/bundle --scale 0.01  (a scenario of replay, torture, sweep and cdm steps)
//   java -Xmx512m -cp replayer-cli/target/sbench.jar bench/JsonFuzz.java $S OUT_DIR [SEED] [PER_SAMPLE]
// SEED (default 1) fixes the random mutations; PER_SAMPLE (default 400) is the random variants of each file.
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;

public class JsonFuzz {
    private static final long LIMIT_SECONDS = 30;
    private static final long WRITTEN_AT_MOST = 64 << 20;
    private static final Pattern NOT_A_NUMBER = Pattern.compile("NaN|Infinity|∞");
    private static final String[] HOSTILE = {"-1", "0", "-0.0", "0.5", "1e308", "-1e308", "1e309", "NaN", "\"NaN\"",
        "9223372036854775807", "-9223372036854775808", "18446744073709551616", "1e-320", "\"12\"", "[]", "{}", "null", "true", "\"\""};

    private final Path samples;
    private final Path out;
    private final Random random;
    private final Path work;
    private final Map<String, Integer> defects = new TreeMap<>();
    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(null, r, "case", 1 << 20);
        t.setDaemon(true);
        return t;
    });
    private final Method newCommandLine;
    private final Method execute;
    private int cases;
    private int refused;

    JsonFuzz(Path samples, Path out, long seed) throws Exception {
        this.samples = samples;
        this.out = out;
        this.random = new Random(seed);
        this.work = Files.createTempDirectory("jsonfuzz");
        Class<?> cli = Class.forName("org.sbench.cli.SbenchCommand");
        newCommandLine = cli.getDeclaredMethod("newCommandLine");
        newCommandLine.setAccessible(true);
        execute = cli.getDeclaredMethod("execute", CommandLine.class, String[].class);
        execute.setAccessible(true);
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Locale.setDefault(Locale.Category.FORMAT, Locale.ROOT);
        JsonFuzz f = new JsonFuzz(Path.of(args[0]), Path.of(args[1]), args.length > 2 ? Long.parseLong(args[2]) : 1);
        int per = args.length > 3 ? Integer.parseInt(args[3]) : 400;
        Files.createDirectories(f.out);
        try {
            f.results(per);
            f.bundles(per);
        } finally {
            f.delete(f.work);
        }
        System.out.printf("%d variants, %d refused, %d defects%n", f.cases, f.refused, f.defects.size());
        f.defects.forEach((k, v) -> System.out.println(v + " x " + k));
        System.exit(0);
    }

    private void results(int per) throws Exception {
        byte[] r1 = Files.readAllBytes(samples.resolve("r1.json"));
        Path other = samples.resolve("r2.json");
        for (byte[] v : variants(r1, per)) {
            Path file = work.resolve("r.json");
            Files.write(file, v);
            boolean html = cases % 10 == 0;
            List<String> report = new ArrayList<>(List.of("report", file.toString(), "--csv", work.resolve("csv").toString()));
            if (html) {
                report.addAll(List.of("--html", work.resolve("r.html").toString()));
            }
            check("report", v, file.toString(), report.toArray(String[]::new));
            List<String> compare = new ArrayList<>(List.of("compare", other.toString(), file.toString(), "--force",
                    "--csv", work.resolve("c.csv").toString()));
            if (html) {
                compare.addAll(List.of("--html", work.resolve("c.html").toString()));
            }
            check("compare", v, file.toString(), compare.toArray(String[]::new));
            delete(work.resolve("csv"));
        }
    }

    private void bundles(int per) throws Exception {
        Path orig = samples.resolve("bundle");
        List<Path> files;
        try (Stream<Path> s = Files.walk(orig)) {
            // One of a cdm step's run files: they are alike.
            files = s.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().matches("cdm-.*(q1t1|q8t1|q32t1-write).*")
                    || p.toString().endsWith(".jsonl")).sorted().toList();
        }
        for (Path f : files) {
            for (byte[] v : variants(Files.readAllBytes(f), per)) {
                Path b = copy(orig);
                Files.write(b.resolve(orig.relativize(f).toString()), v);
                bundleCase(v, b);
            }
        }
        for (Path f : files) {
            if (f.getParent().getFileName().toString().matches("\\d+-.*")) {
                Path b = copy(orig);
                Files.delete(b.resolve(orig.relativize(f).toString()));
                bundleCase(new byte[0], b);
                b = copy(orig);
                Path link = b.resolve(orig.relativize(f).toString());
                Files.delete(link);
                Files.createSymbolicLink(link, samples.resolve("r1.json"));
                bundleCase(new byte[0], b);
            }
        }
        List<String> lines = List.of(Files.readString(orig.resolve("steps.jsonl")).split("\n"));
        for (int i = 0; i < lines.size(); i++) {
            for (UnaryOperator<List<String>> op : List.<UnaryOperator<List<String>>>of(JsonFuzz::dropLast, l -> l)) {
                List<String> l = new ArrayList<>(lines);
                l.remove(i);
                stepLog(orig, op.apply(l), true);
                l = new ArrayList<>(lines);
                l.add(i, lines.get(i));
                stepLog(orig, op.apply(l), true);
                l = new ArrayList<>(lines);
                l.set(i, lines.get(i).substring(0, lines.get(i).length() / 2));
                stepLog(orig, l, i < lines.size() - 1);
                stepLog(orig, l.subList(0, i + 1), false);
            }
        }
    }

    private static List<String> dropLast(List<String> l) {
        return l.isEmpty() ? l : l.subList(0, l.size() - 1);
    }

    private void stepLog(Path orig, List<String> lines, boolean lineEnd) throws Exception {
        Path b = copy(orig);
        String text = String.join("\n", lines) + (lineEnd && !lines.isEmpty() ? "\n" : "");
        Files.writeString(b.resolve("steps.jsonl"), text);
        bundleCase(text.getBytes(StandardCharsets.UTF_8), b);
    }

    private void bundleCase(byte[] v, Path b) throws Exception {
        boolean html = cases % 10 == 0;
        List<String> compare = new ArrayList<>(List.of("compare", samples.resolve("bundle").toString() + "/", b + "/",
                "--force", "--csv", work.resolve("c.csv").toString()));
        if (html) {
            compare.addAll(List.of("--html", work.resolve("c.html").toString()));
        }
        check("compare bundle", v, b.toString(), compare.toArray(String[]::new));
        check("report bundle", v, b.toString(), "report", b + "/");
        delete(b);
    }

    private Path copy(Path orig) throws IOException {
        Path b = work.resolve("b" + cases);
        try (Stream<Path> s = Files.walk(orig)) {
            for (Path p : s.toList()) {
                Files.copy(p, b.resolve(orig.relativize(p).toString()));
            }
        }
        return b;
    }

    /** Every cut of the first 32 bytes and 48 more spread over the rest, then {@code per} random mutations. */
    private List<byte[]> variants(byte[] sample, int per) {
        List<byte[]> v = new ArrayList<>();
        for (int i = 0; i < sample.length; i += i < 32 ? 1 : Math.max(1, sample.length / 48)) {
            v.add(Arrays.copyOf(sample, i));
        }
        String text = new String(sample, StandardCharsets.UTF_8);
        for (int i = 0; i < per; i++) {
            v.add(mutate(sample, text));
        }
        return v;
    }

    private byte[] mutate(byte[] sample, String text) {
        int kind = random.nextInt(9);
        if (kind == 0) {
            byte[] b = sample.clone();
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
            }
            return b;
        }
        if (kind == 1) {
            int at = random.nextInt(sample.length);
            return splice(sample, at, at + random.nextInt(Math.min(64, sample.length - at) + 1), new byte[0]);
        }
        if (kind == 2) {
            int at = random.nextInt(sample.length);
            byte[] ins = random.nextBoolean() ? new byte[] {(byte) 0xff, (byte) 0xc0, (byte) 0x80}
                    : new byte[] {(byte) "{}[],:\"0-e.".charAt(random.nextInt(11))};
            return splice(sample, at, at, ins);
        }
        List<int[]> values = values(text);
        if (values.isEmpty()) {
            return sample;
        }
        int[] val = values.get(random.nextInt(values.size()));
        String replacement = switch (kind) {
            case 3, 4 -> HOSTILE[random.nextInt(HOSTILE.length)];
            case 5 -> "\"" + "x".repeat(1 << 16) + "\"";
            case 6 -> "[".repeat(100_000) + "]".repeat(100_000);
            case 7 -> null; // the key and its value deleted
            default -> text.substring(val[0], val[1]) + ", " + text.substring(val[2], val[1]); // the key again
        };
        if (replacement == null) {
            int end = val[1];
            while (end < text.length() && Character.isWhitespace(text.charAt(end))) {
                end++;
            }
            if (end < text.length() && text.charAt(end) == ',') {
                end++;
            }
            return (text.substring(0, val[2]) + text.substring(end)).getBytes(StandardCharsets.UTF_8);
        }
        if (kind == 8) {
            return (text.substring(0, val[2]) + replacement + text.substring(val[1])).getBytes(StandardCharsets.UTF_8);
        }
        if (text.startsWith("format", val[2] + 1) && random.nextBoolean()) {
            replacement = "99";
        }
        return (text.substring(0, val[0]) + replacement + text.substring(val[1])).getBytes(StandardCharsets.UTF_8);
    }

    /** Each scalar, object or array value after a key: {value start, value end, key start}. */
    private static List<int[]> values(String text) {
        List<int[]> found = new ArrayList<>();
        java.util.regex.Matcher m = Pattern.compile("\"[A-Za-z0-9_.]+\"\\s*:\\s*").matcher(text);
        while (m.find()) {
            int end = valueEnd(text, m.end());
            if (end > m.end()) {
                found.add(new int[] {m.end(), end, m.start()});
            }
        }
        return found;
    }

    private static int valueEnd(String text, int at) {
        char c = text.charAt(at);
        if (c == '"') {
            int i = at + 1;
            while (i < text.length() && text.charAt(i) != '"') {
                i += text.charAt(i) == '\\' ? 2 : 1;
            }
            return Math.min(text.length(), i + 1);
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            boolean inString = false;
            for (int i = at; i < text.length(); i++) {
                char d = text.charAt(i);
                if (inString) {
                    if (d == '\\') {
                        i++;
                    } else if (d == '"') {
                        inString = false;
                    }
                } else if (d == '"') {
                    inString = true;
                } else if (d == '{' || d == '[') {
                    depth++;
                } else if ((d == '}' || d == ']') && --depth == 0) {
                    return i + 1;
                }
            }
            return at;
        }
        int i = at;
        while (i < text.length() && ",}]\n".indexOf(text.charAt(i)) < 0) {
            i++;
        }
        return i;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] ins) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(b, 0, from);
        o.writeBytes(ins);
        o.write(b, to, b.length - to);
        return o.toByteArray();
    }

    private void check(String what, byte[] variant, String file, String... args) throws Exception {
        if (++cases % 100 == 0) {
            System.out.printf("%d variants, %d refused, %d defects%n", cases, refused, defects.size());
        }
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        Future<Integer> f = runner.submit(() -> {
            CommandLine cl = (CommandLine) newCommandLine.invoke(null);
            cl.setOut(new PrintWriter(so));
            cl.setErr(new PrintWriter(se));
            return (Integer) execute.invoke(null, cl, args);
        });
        String defect;
        int code = -1;
        try {
            code = f.get(LIMIT_SECONDS, TimeUnit.SECONDS);
            defect = judge(code, so.toString(), se.toString(), file, variant, args);
        } catch (TimeoutException e) {
            f.cancel(true);
            defect = "over " + LIMIT_SECONDS + " s";
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable t = e.getCause() instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e.getCause();
            defect = "threw " + t;
        }
        if (code == 3) {
            refused++;
        }
        if (defect != null) {
            String key = what + ": " + defect.replace(work.toString(), "W").replaceAll("\\d+", "N");
            if (!defects.containsKey(key)) {
                Path saved = out.resolve("defect-" + defects.size());
                Files.write(saved, variant);
                System.out.println("DEFECT " + what + " (" + saved + "): " + defect + "\n  " + String.join(" ", args));
            }
            defects.merge(key, 1, Integer::sum);
        }
    }

    private String judge(int code, String stdout, String stderr, String file, byte[] variant, String[] args) throws IOException {
        String err = stderr.strip();
        if (code == 3) {
            if (err.lines().count() != 1 || !err.startsWith("sbench: ")) {
                return "refused in other than one 'sbench: ' line: " + err;
            }
            return err.contains(file) ? null : "refused without naming " + file + ": " + err;
        }
        if (code != 0 && code != 1) {
            return "exit " + code + ": " + err;
        }
        StringBuilder written = new StringBuilder(stdout);
        for (String a : args) {
            Path p = Path.of(a);
            if ((a.endsWith(".html") || a.endsWith(".csv") || a.endsWith("csv")) && Files.exists(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    for (Path q : s.filter(Files::isRegularFile).toList()) {
                        if (Files.size(q) > WRITTEN_AT_MOST) {
                            return "wrote " + Files.size(q) + " bytes to " + q.getFileName() + " of a " + variant.length + "-byte file";
                        }
                        written.append(Files.readString(q));
                    }
                }
            }
        }
        java.util.regex.Matcher m = NOT_A_NUMBER.matcher(written);
        // A string of the file that says NaN is shown as it is; a figure computed as NaN is not.
        if (m.find() && !new String(variant, StandardCharsets.UTF_8).contains(m.group())) {
            int from = Math.max(0, m.start() - 80);
            return "'" + m.group() + "' in what it wrote: ..." + written.substring(from, Math.min(written.length(), m.end() + 40))
                    .replace('\n', ' ');
        }
        return null;
    }

    private void delete(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
