// What the build knew of itself: version, commit, uncommitted changes (written by the pom into build.properties).
package org.sbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and git commit the jar was built from, read from the {@code build.properties} resource
 * the build writes (replayer-cli/pom.xml: {@code git rev-parse} in the checkout). {@code commit} is
 * "unknown" for a build without git or outside a repository; {@code modified} says that tracked files
 * differed from that commit.
 */
record Build(String version, String commit, boolean modified) {
    private static final String RESOURCE = "build.properties";
    private static final String UNKNOWN = "unknown";

    static Build read() {
        Properties p = new Properties();
        try (InputStream in = Build.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // A jar whose resource cannot be read says "unknown" rather than fail --version.
        }
        return new Build(p.getProperty("version", "dev"), p.getProperty("commit", UNKNOWN), Boolean.parseBoolean(p.getProperty("modified")));
    }
}
