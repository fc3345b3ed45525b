package org.sbench.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDKs installed under /usr/lib/jvm (Debian's and Adoptium's place), one per Java feature version as its
 * release file says: for tests that run the launchers with a Java other than the one running them.
 */
public final class Jdks {
    private static final Path JVM = Path.of("/usr/lib/jvm");
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    private Jdks() {
    }

    /** The bin directory of the oldest installed JDK of feature version {@code from} or later. */
    public static Optional<Path> oldestFrom(int from) {
        return Optional.ofNullable(installed().ceilingEntry(from)).map(Map.Entry::getValue);
    }

    /** The bin directory of the newest installed JDK, when it is of feature version {@code from} or later. */
    public static Optional<Path> newestFrom(int from) {
        return Optional.ofNullable(installed().lastEntry()).filter(e -> e.getKey() >= from).map(Map.Entry::getValue);
    }

    private static TreeMap<Integer, Path> installed() {
        TreeMap<Integer, Path> bins = new TreeMap<>();
        if (!Files.isDirectory(JVM)) {
            return bins;
        }
        try (Stream<Path> homes = Files.list(JVM)) {
            for (Path home : homes.sorted().toList()) {
                Path release = home.resolve("release");
                if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
                    Matcher m = VERSION.matcher(Files.readString(release));
                    if (m.find()) {
                        bins.putIfAbsent(Integer.parseInt(m.group(1)), home.resolve("bin"));
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + JVM, e);
        }
        return bins;
    }
}
