package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a JVM of its own shows: standard output that cannot be written, and native code that
 * cannot be loaded, each end in one line and exit 5, not exit 0 or a stack trace; the user's locale
 * does not reach the charts' numbers.
 */
class ChildJvmTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n";

    @TempDir
    Path dir;

    @Test
    void aSuccessWhoseStandardOutputWasLostFails() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        Run r = run(List.of(), new File("/dev/full"), "inspect", "--json", trace.toString());
        assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
        assertEquals("sbench: cannot write standard output (closed, or a full disk): what the command printed there is lost\n", r.err());
    }

    /**
     * A replay's --json and --out F are one set of outputs: with standard output on a full disk, F was moved into place
     * all the same, and the command ended "cannot write -: standard output is closed or failed".
     */
    @Test
    void aResultThatStandardOutputCouldNotTakeLeavesNoneOfItsFiles() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        Path result = dir.resolve("r.json");
        Run r = run(List.of(), new File("/dev/full"), "replay", trace.toString(), "--target", "null", "--progress=none", "--json",
                "--out", result.toString());
        assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
        assertEquals("sbench: cannot write standard output (closed, or a full disk)", r.err().lines().reduce((a, b) -> b).orElseThrow());
        assertEquals(List.of("t.csv"), Files.list(dir).map(p -> p.getFileName().toString()).filter(n -> !n.equals("err")).toList());
    }

    /** A pipe's reader that has gone took what it wanted ({@code sbench inspect T | head}): nothing to say. */
    @Test
    void aPipeWhoseReaderLeftIsNoFailure() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        Run r = intoAClosedPipe("inspect", trace.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
    }

    /**
     * So with a JSON result ({@code --json}, {@code --out -}), which goes out whole at the end: it ended
     * "sbench: cannot write -: standard output is closed or failed" (exit 5), while the tables, written
     * as they come, said nothing (found by the jsonpipe audit: {@code sbench replay T --target null
     * --out - | true}, exit 5).
     */
    @Test
    void aJsonResultIntoAPipeWhoseReaderLeftIsNoFailure() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        Run r = intoAClosedPipe("replay", trace.toString(), "--target", "null", "--json", "--progress=none");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err().lines().filter(l -> l.startsWith("sbench:")).collect(Collectors.joining("\n")));
    }

    /** Closed, standard input's descriptor is the JVM's modules image: read as a trace it was "binary data" (exit 3). */
    @Test
    void aClosedStandardInputIsSaidToBe() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder("sh", "-c", "exec \"$0\" -cp \"$1\" " + SbenchCommand.class.getName() + " inspect - <&-", java,
                System.getProperty("java.class.path")).redirectError(dir.resolve("err").toFile()).start();
        assertEquals(ExitCodes.SYSTEM_FAILURE, p.waitFor());
        assertEquals("sbench: standard input is closed; '-' reads the trace from it (< FILE, or a pipe)\n",
                Files.readString(dir.resolve("err")));
    }

    @Test
    void nativeCodeThatDoesNotLoadIsOneLine() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        Path notADirectory = Files.writeString(dir.resolve("jna"), "");
        Run r = run(List.of("-Djna.tmpdir=" + notADirectory), dir.resolve("out").toFile(), "replay", trace.toString(), "--target",
                "null");
        assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
        assertTrue(r.err().startsWith("sbench: cannot load native code: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    /** Tables, CSV and JSON never followed the locale; the charts' axis numbers did (Arabic-Indic digits, "0,005"). */
    @Test
    void chartNumbersDoNotFollowTheLocale() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR + "128166372000100000,hm,0,Write,8192,8192,30000\n");
        Path result = dir.resolve("r.json");
        assertEquals(0, run(List.of(), dir.resolve("out").toFile(), "replay", trace.toString(), "--target", "null", "--out",
                result.toString()).code());
        Path html = dir.resolve("r.html");
        Run r = run(List.of("-Duser.language=ar", "-Duser.country=SA"), dir.resolve("out").toFile(), "report", result.toString(),
                "--html", html.toString());
        assertEquals(0, r.code(), r.err());
        String page = Files.readString(html);
        assertTrue(page.contains("<svg"), "charts drawn");
        assertTrue(page.chars().noneMatch(c -> c >= 0x0660 && c <= 0x0669), "no Arabic-Indic digits");
    }

    private record Run(int code, String err) {
    }

    /** Runs sbench with {@code args}, its standard output a pipe whose reader closed it before sbench wrote anything. */
    private Run intoAClosedPipe(String... args) throws Exception {
        List<String> command = ChildSbench.java(List.of());
        command.addAll(List.of(args));
        Path err = dir.resolve("err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile()).start();
        p.getInputStream().close();
        int code = p.waitFor();
        return new Run(code, Files.readString(err));
    }

    private Run run(List<String> jvmOptions, File stdout, String... args) throws Exception {
        List<String> command = ChildSbench.java(jvmOptions);
        command.addAll(List.of(args));
        Path err = dir.resolve("err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(stdout).redirectError(err.toFile()).start();
        int code = p.waitFor();
        return new Run(code, Files.readString(err));
    }
}
