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
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code NAME.md} that the README, docs/, bench/, the main sources and resources of every
 * module, or {@code sbench traces --published} mention must be a file of the repository (beside
 * the mentioning file, at the root, or in docs/); so must the target of every relative Markdown
 * link. Reports that the bench scripts write ({@code bench/out/...}) are outputs, not references.
 */
class DocsReferencesTest {
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    private static final Pattern MD_NAME = Pattern.compile("[A-Za-z0-9_./-]*[A-Za-z0-9_-]+\\.md\\b");
    private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

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
