// sbench --version, the completion script and the man pages: what a packager and a shell user get.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

class BuildInfoTest {
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    private static final long TIMEOUT_S = 60;

    @Test
    void versionNamesTheCommitTheBuildCameFrom() throws Exception {
        CliTest.Run r = CliTest.run("--version");
        assertEquals(0, r.code(), r.err());
        String line = r.out().strip();
        assertTrue(line.matches("sbench [0-9][^ ]* \\(commit ([0-9a-f]{12}(, with uncommitted changes)?|unknown)\\)"), line);
        String head = git("rev-parse", "--short=12", "HEAD");
        if (head != null) {
            assertTrue(line.contains("(commit " + head), "the checkout's HEAD " + head + ": " + line);
        }
        assertEquals(line, CliTest.run("replay", "--version").out().strip(), "every command says the same");
    }

    @Test
    void theCompletionScriptCompletesCommandsOptionsAndWorkloadsInBash(@TempDir Path dir) throws Exception {
        Path script = completion(dir);
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        assertEquals("replay report", complete("bash", script, "sbench", "rep"));
        assertEquals("--max-idle --max-inflight", complete("bash", script, "sbench", "replay", "x", "--max"));
        assertEquals("light-2010 heavy-2010 gaming-2010 light-2011 heavy-2011 destroyer", complete("bash", script, "sbench", "synth", ""));
    }

    @Test
    void optionValuesAndTraceFilesComplete(@TempDir Path dir) throws Exception {
        Path script = completion(dir);
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        assertEquals("recorded-qd timed fixed-qd", complete("bash", script, "sbench", "replay", "x", "--mode", ""));
        assertEquals("error wrap scale", complete("bash", script, "sbench", "replay", "x", "--fit", ""));
        assertEquals("error wrap scale", complete("bash", script, "sbench", "convert", "x", "y", "--fit", ""));
        assertEquals("auto io_uring libaio sync", complete("bash", script, "sbench", "cdm", "--engine", ""));
        assertEquals("auto io_uring libaio sync", complete("bash", script, "sbench", "fill", "--engine", ""));
        assertEquals("none 0 25ms", complete("bash", script, "sbench", "replay", "x", "--max-idle", ""));
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Files.writeString(traces.resolve("hm_0.csv"), "");
        Files.writeString(traces.resolve("web.sbt"), "");
        for (String command : List.of("replay", "inspect", "convert")) {
            assertEquals("hm_0.csv", completeIn(traces, script, "sbench", command, "hm"), command + "'s TRACE");
        }
        assertEquals("hm_0.csv web.sbt", completeIn(traces, script, "sbench", "replay", "--target", "null", ""),
                "after an option and its value");
    }

    @Test
    void theCompletionScriptLoadsInZsh(@TempDir Path dir) throws Exception {
        Path script = completion(dir);
        Path zsh = Path.of("/usr/bin/zsh");
        assumeTrue(Files.isExecutable(zsh), "needs zsh (CI installs it: .ci/run)");
        String out = shell(zsh.toString(), "-f", "-c", "source " + script + " && whence -w _complete_sbench");
        assertEquals("_complete_sbench: function", out.strip(), "bashcompinit took the bash script");
        // bashcompinit's compgen calls the function in sh emulation (0-based arrays); zsh's compadd then filters by the prefix.
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Files.writeString(traces.resolve("hm_0.csv"), "");
        String words = "COMP_WORDS=(sbench replay x --mode ''); COMP_CWORD=4";
        assertEquals("recorded-qd timed fixed-qd", shell(zsh.toString(), "-f", "-c", "cd " + traces + "; source " + script
                + " 2>/dev/null; f() { emulate -L sh; " + words + "; _complete_sbench; echo \"${COMPREPLY[@]}\"; }; f").strip());
        words = "COMP_WORDS=(sbench inspect hm); COMP_CWORD=2";
        assertEquals("hm_0.csv", shell(zsh.toString(), "-f", "-c", "cd " + traces + "; source " + script
                + " 2>/dev/null; f() { emulate -L sh; " + words + "; _complete_sbench; echo \"${COMPREPLY[@]}\"; }; f").strip(),
                "the TRACE argument completes file names");
    }

    @Test
    void everyCommandHasAManPageNamingAllItsOptions() {
        CommandLine cl = SbenchCommand.newCommandLine();
        List<CommandSpec> specs = new java.util.ArrayList<>(List.of(cl.getCommandSpec()));
        cl.getSubcommands().values().forEach(sub -> specs.add(sub.getCommandSpec()));
        assertTrue(specs.size() > 10, "sbench and its commands");
        for (CommandSpec spec : specs) {
            StringWriter page = new StringWriter();
            ManPageGenerator.writeSingleManPage(new PrintWriter(page), spec);
            String text = page.toString();
            String name = spec.qualifiedName("-");
            assertTrue(text.contains("\n= " + name + "(1)\n"), name + ": " + text);
            assertTrue(text.contains("== Name") && text.contains("== Synopsis"), name);
            for (OptionSpec o : spec.options()) {
                assertTrue(text.contains(o.longestName()), name + " documents " + o.longestName());
            }
        }
    }

    private static Path completion(Path dir) throws IOException {
        CliTest.Run r = CliTest.run("completion");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r.out().lines().findFirst().orElse(""));
        return Files.writeString(dir.resolve("sbench-completion"), r.out());
    }

    /** What bash offers for the last of {@code words} (the word being typed), as the completion function leaves COMPREPLY. */
    private static String complete(String shell, Path script, String... words) throws Exception {
        return complete(shell, script, "true", words);
    }

    /** As {@link #complete} in bash, in directory {@code dir}. */
    private static String completeIn(Path dir, Path script, String... words) throws Exception {
        return complete("bash", script, "cd " + dir, words);
    }

    private static String complete(String shell, Path script, String setup, String[] words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String w : words) {
            array.append(" '").append(w).append('\'');
        }
        String line = String.join(" ", words);
        return shell(shell, "-c", setup + "; source " + script + " 2>/dev/null; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; COMP_LINE='" + line + "'; COMP_POINT=" + line.length() + "; _complete_sbench 2>/dev/null; echo \"${COMPREPLY[@]}\"")
                .strip();
    }

    private static String shell(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** The output of a git command in the repository, or null without git or a repository. */
    private static String git(String... args) throws InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", ROOT.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(TIMEOUT_S, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException noGit) {
            return null;
        }
    }
}
