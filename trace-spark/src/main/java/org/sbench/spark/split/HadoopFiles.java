// Files read through Hadoop's FileSystem (local, HDFS, S3, ...), with a configuration that travels to executors.
package org.sbench.spark.split;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.sbench.trace.input.TraceInput;

/**
 * Opens trace files by their Hadoop path (any scheme Hadoop knows: {@code file:}, {@code hdfs:},
 * {@code s3a:}). Serializable, so that the driver's Hadoop configuration (credentials, endpoints)
 * reaches the tasks; FileSystem instances come from Hadoop's own cache.
 */
public final class HadoopFiles implements Serializable {
    private static final long serialVersionUID = 1L;

    private transient Configuration conf;

    public HadoopFiles(Configuration conf) {
        this.conf = conf;
    }

    public Configuration conf() {
        return conf;
    }

    public FileSystem fileSystem(String path) throws IOException {
        return fileSystem(path, conf);
    }

    /**
     * The FileSystem of {@code path} (a Hadoop path, named in errors as given); a scheme that none
     * on the class path reads is the one-line error of {@link MissingFileSystem}, not Hadoop's
     * exception (a {@link ClassNotFoundException} for {@code s3a:} without hadoop-aws).
     */
    public static FileSystem fileSystem(String path, Configuration conf) throws IOException {
        Path p = path(path);
        try {
            return p.getFileSystem(conf);
        } catch (UnsupportedFileSystemException e) {
            throw MissingFileSystem.of(path, scheme(p, conf));
        } catch (RuntimeException e) {
            if (e.getCause() instanceof ClassNotFoundException) {
                throw MissingFileSystem.of(path, scheme(p, conf));
            }
            throw e;
        }
    }

    /**
     * {@code path} as a Hadoop path. A relative path whose first name holds a colon not followed by
     * a slash ({@code t-12:00.csv}) is a file, as for {@code sbench}: Hadoop would take it for a URI
     * of scheme {@code t-12} with a relative path, which it cannot parse; it is read as
     * {@code ./t-12:00.csv}. URIs ({@code hdfs://nn/a}, {@code file:/a}) are unchanged.
     */
    public static Path path(String path) {
        int colon = path.indexOf(':');
        int slash = path.indexOf('/');
        if (colon > 0 && (slash < 0 || colon < slash) && !path.startsWith("/", colon + 1)) {
            return new Path("./" + path);
        }
        return new Path(path);
    }

    private static String scheme(Path path, Configuration conf) {
        String scheme = path.toUri().getScheme();
        return scheme != null ? scheme : FileSystem.getDefaultUri(conf).getScheme();
    }

    /** The file at Hadoop path {@code path} as trace readers see it: decompressed by magic bytes, named {@code name}. */
    public TraceInput input(String name, String path) {
        return TraceInput.of(name, () -> open(path, 0));
    }

    /** A new stream of the file's raw bytes from {@code position}; the caller closes it. */
    public InputStream open(String path, long position) throws IOException {
        FileSystem fs = fileSystem(path);
        if (fs instanceof ChecksumFileSystem checked) {
            // The local FileSystem reads a file through its checksum file ".NAME.crc", which traces
            // do not have and whose path Hadoop cannot parse when NAME holds a colon (t-12:00.csv).
            fs = checked.getRawFileSystem();
        }
        Path p = path(path);
        FSDataInputStream in = fs.open(p);
        try {
            if (position > 0) {
                in.seek(position);
            }
            return new SkipWithinFile(in, fs.getFileStatus(p).getLen());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * A file's stream whose {@code skip} stops at the file's end, as a local file's stream does for
     * {@code sbench}: Hadoop's local streams seek past the end and report every byte skipped, so a
     * reader skipping to an offset of a truncated file (a .sbt's trailer) learnt of the end only at
     * its next read, and named that offset instead of the file's end.
     */
    private static final class SkipWithinFile extends FilterInputStream {
        private final FSDataInputStream file;
        private final long length;

        SkipWithinFile(FSDataInputStream file, long length) {
            super(file);
            this.file = file;
            this.length = length;
        }

        @Override
        public long skip(long n) throws IOException {
            long at = file.getPos();
            long skipped = Math.max(0, Math.min(n, length - at));
            file.seek(at + skipped);
            return skipped;
        }
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
