// The man pages the build makes (after package, where asciidoctor has run): one per command, with the version and examples, and man renders them.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ManPagesIT {
    private static final Path MAN = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/man");
    private static final long TIMEOUT_S = 60;

    @Test
    void everyCommandHasARoffManPageStampedWithTheVersion() throws Exception {
        CommandLine cl = SbenchCommand.newCommandLine();
        List<String> pages = new ArrayList<>(List.of("sbench.1"));
        cl.getSubcommands().keySet().forEach(name -> pages.add("sbench-" + name + ".1"));
        String version = new SbenchCommand.Version().getVersion()[0].replace("-", "\\-");
        for (String page : pages) {
            Path file = MAN.resolve(page);
            assertTrue(Files.isRegularFile(file), file + " (the build's man pages: " + MAN + ")");
            String roff = Files.readString(file);
            String title = page.substring(0, page.length() - 2).toUpperCase(java.util.Locale.ROOT).replace("-", "\\-");
            assertTrue(roff.contains("\n.TH \"" + title + "\" \"1\" \""), page + ": " + roff.lines().limit(12).toList());
            assertTrue(roff.lines().anyMatch(l -> l.startsWith(".TH ") && l.contains("\"" + version + "\"")),
                    page + " names the version and commit, " + version);
            // The commands' examples (their footers, HelpTextTest), which until 2026-12-06 no page had.
            int examples = roff.indexOf("\n.SH \"EXAMPLES\"\n");
            assertTrue(examples >= 0 && roff.indexOf("sbench ", examples) >= 0, page + " has no EXAMPLES section of sbench commands");
        }
    }

    @Test
    void manRendersThem() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/man")), "needs man (man-db)");
        ProcessBuilder man = new ProcessBuilder("/usr/bin/man", "-l", MAN.resolve("sbench-replay.1").toString()).redirectErrorStream(true);
        man.environment().put("MANWIDTH", "80");
        Process p = man.start();
        p.getOutputStream().close();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.contains("NAME") && text.contains("sbench-replay - Replay a trace"), text);
        assertTrue(text.contains("SYNOPSIS") && text.contains("--max-idle"), text);
        assertTrue(!text.contains(".TH") && !text.contains("\\fB"), "rendered, not roff source: " + text);
        // The commit in the footer, readable in 80 columns: until 2026-12-07 the page's date was printed over it
        // ("(commit b2702026-12-07").
        Matcher commit = Pattern.compile("commit [0-9a-f]{12}|commit unknown").matcher(new SbenchCommand.Version().getVersion()[0]);
        assertTrue(commit.find());
        String footer = text.strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(footer.contains(commit.group()), "the footer at 80 columns: " + footer);
    }
}
