// The repository explains itself: no doc, source file or `traces` listing points at a document outside it.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code NAME.md} that the README, docs/, bench/, the main sources and resources of every
 * module, or {@code sbench traces --published} mention must be a file of the repository (beside
 * the mentioning file, at the root, or in docs/); so must the target of every relative Markdown
 * link. Reports that the bench scripts write ({@code bench/out/...}) are outputs, not references.
 * In the Markdown documents, a relative link must resolve from the linking file's own directory (as
 * a reader's browser resolves it), its {@code #anchor} must be a heading of the target, and a section
 * named in quotes right after a link to a document ({@code [x.md](x.md), "Section"}) or its path
 * ({@code bench/RESULTS.md, "Section"}) must be a heading of it, as must one named "below" or "above".
 */
class DocsReferencesTest {
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    private static final Pattern MD_NAME = Pattern.compile("[A-Za-z0-9_./-]*[A-Za-z0-9_-]+\\.md\\b");
    private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
    /** A relative link of a Markdown document, with its anchor and the quoted section named after it. */
    private static final Pattern MD_LINK_SECTION =
            Pattern.compile("\\]\\(([^):#\\s]*)(?:#([^)\\s]*))?\\)(?:,\\s+\"([^\"]+)\")?");
    /** A section named in quotes after a document's path in plain text, not a link ({@code bench/RESULTS.md, "Section"}). */
    private static final Pattern PATH_SECTION = Pattern.compile("(?<![/\\w.-])([A-Za-z0-9_./-]*[A-Za-z0-9_-]+\\.md),\\s+\"([^\"]+)\"");
    /** A section of the same document named in quotes ({@code ("The bundle" below)}). */
    private static final Pattern SECTION_HERE = Pattern.compile("\"([^\"\\n]+)\"\\s+(?:below|above)\\b");
    private static final Pattern HEADING = Pattern.compile("(?m)^#+\\s+(.*)$");
    /** A paragraph that opens with its title in bold ({@code **Resuming.** ...}), a section too. */
    private static final Pattern BOLD_LEAD = Pattern.compile("(?m)^\\*\\*([^*]+)\\*\\*");

    @Test
    void everyMentionedDocumentIsInTheRepository() throws IOException {
        assertTrue(Files.isRegularFile(ROOT.resolve("README.md")), "repository root not found from " + ROOT);
        List<String> outside = new ArrayList<>();
        for (Path file : scanned()) {
            String text = read(file);
            if (text == null) {
                continue;
            }
            check(file.getParent(), ROOT.relativize(file).toString(), text, outside);
        }
        assertEquals(List.of(), outside, "documents referred to that are not in the repository");
    }

    @Test
    void everyLinkOfADocumentReachesItsTargetAndSection() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path file : scanned()) {
            if (!file.toString().endsWith(".md")) {
                continue;
            }
            String text = read(file).replaceAll("(?s)```.*?```", "");
            for (Matcher m = MD_LINK_SECTION.matcher(text); m.find();) {
                Path target = m.group(1).isEmpty() ? file : file.getParent().resolve(m.group(1)).normalize();
                String where = ROOT.relativize(file) + ": " + m.group();
                if (!Files.exists(target)) {
                    broken.add(where + " (no " + ROOT.relativize(target) + ")");
                } else if (target.toString().endsWith(".md")) {
                    String markdown = read(target).replaceAll("(?s)```.*?```", "");
                    List<String> headings = titles(HEADING, markdown);
                    if (m.group(2) != null && !anchors(headings).contains(m.group(2))) {
                        broken.add(where + " (no heading of that anchor)");
                    }
                    if (m.group(3) != null && !hasSection(target, m.group(3))) {
                        broken.add(where + " (no heading or bold paragraph title of that name)");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "links of the documents whose file, anchor or section is not there");
    }

    /**
     * Sections named where no link goes: after a document's path in plain text, and "below" or "above" in the same
     * document. Until 2026-12-06 only a section after a link was checked.
     */
    @Test
    void everySectionNamedInTextIsThere() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path file : scanned()) {
            if (!file.toString().endsWith(".md")) {
                continue;
            }
            String text = read(file).replaceAll("(?s)```.*?```", "");
            for (Matcher m = PATH_SECTION.matcher(text); m.find();) {
                Path target = Stream.of(file.getParent(), ROOT, ROOT.resolve("docs")).map(b -> b.resolve(m.group(1)).normalize())
                        .filter(Files::isRegularFile).findFirst().orElse(null);
                if (target != null && !hasSection(target, m.group(2))) {
                    missing.add(ROOT.relativize(file) + ": " + m.group());
                }
            }
            for (Matcher m = SECTION_HERE.matcher(text); m.find();) {
                if (!hasSection(file, m.group(1))) {
                    missing.add(ROOT.relativize(file) + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), missing, "sections named that are no heading or bold paragraph title of their document");
    }

    /** True when {@code markdown}'s headings or bold paragraph titles hold {@code section} (blanks as one, any case). */
    private static boolean hasSection(Path markdown, String section) {
        String text = read(markdown).replaceAll("(?s)```.*?```", "");
        List<String> sections = titles(HEADING, text);
        sections.addAll(titles(BOLD_LEAD, text));
        String wanted = section.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        return sections.stream().anyMatch(h -> h.toLowerCase(Locale.ROOT).contains(wanted));
    }

    /** What {@code title} finds in a Markdown text (fenced code taken out), backquotes left out. */
    private static List<String> titles(Pattern title, String markdown) {
        List<String> titles = new ArrayList<>();
        for (Matcher m = title.matcher(markdown); m.find();) {
            titles.add(m.group(1).strip().replace("`", ""));
        }
        return titles;
    }

    /** The anchors GitHub gives {@code headings}: lower case, punctuation dropped, blanks as '-', repeats numbered. */
    private static Set<String> anchors(List<String> headings) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String h : headings) {
            String slug = h.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    @Test
    void theBundledWorkloadsCiteNothingOutsideTheRepository() {
        CliTest.Run r = CliTest.run("traces", "--published");
        assertEquals(0, r.code(), r.err());
        List<String> outside = new ArrayList<>();
        check(ROOT, "sbench traces --published", r.out(), outside);
        assertEquals(List.of(), outside);
        assertTrue(r.out().contains("docs/workloads.md"), "each source points at the repository's own account: " + r.out());
    }

    private static void check(Path dir, String where, String text, List<String> outside) {
        List<String> names = new ArrayList<>();
        for (Matcher m = MD_NAME.matcher(text); m.find();) {
            names.add(m.group());
        }
        for (Matcher m = MD_LINK.matcher(text); m.find();) {
            if (!m.group(1).contains(":")) {
                names.add(m.group(1));
            }
        }
        for (String name : names) {
            if (!name.startsWith("out/") && !name.contains("/out/") && !inRepository(dir, name)) {
                outside.add(where + ": " + name);
            }
        }
    }

    private static boolean inRepository(Path dir, String name) {
        for (Path base : new Path[] {dir, ROOT, ROOT.resolve("docs")}) {
            Path p = base.resolve(name).normalize();
            if (p.startsWith(ROOT) && Files.exists(p)) {
                return true;
            }
        }
        return false;
    }

    /** README.md, docs/ and bench/, and what every module ships (src/main), build output and tests aside. */
    private static List<Path> scanned() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> all = Files.walk(ROOT)) {
            all.filter(Files::isRegularFile).filter(p -> {
                String rel = ROOT.relativize(p).toString();
                return (rel.startsWith("docs/") || rel.startsWith("bench/") && !rel.startsWith("bench/out/")
                        || rel.contains("/src/main/")) && !rel.contains("/target/") && !rel.startsWith(".git");
            }).forEach(files::add);
        }
        return files;
    }

    /** The file's text, or null for a binary one. */
    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (MalformedInputException binary) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
