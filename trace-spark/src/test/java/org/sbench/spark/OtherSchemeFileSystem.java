// The local file system under another scheme, tfs:, so that tests read through a FileSystem other than file:.
package org.sbench.spark;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Local files as {@code tfs:///PATH}: Hadoop qualifies, lists and opens them as it would the
 * files of HDFS or S3, through this class, and names them {@code tfs:} URIs. Registered as a
 * FileSystem service (META-INF/services), as FileSystem jars register theirs: on the class path, it
 * reads its scheme.
 */
public final class OtherSchemeFileSystem extends RawLocalFileSystem {
    public static final String SCHEME = "tfs";
    private static final URI ROOT = URI.create(SCHEME + ":///");

    /** The {@code tfs:} URI of an absolute local path. */
    public static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    @Override
    public URI getUri() {
        return ROOT;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
