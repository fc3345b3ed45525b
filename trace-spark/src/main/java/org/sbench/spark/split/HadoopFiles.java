// Files read through Hadoop's FileSystem (local, HDFS, S3, ...), with a configuration that travels to executors.
package org.sbench.spark.split;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
        return new Path(path).getFileSystem(conf);
    }

    /** The file as trace readers see it: decompressed by magic bytes, named as {@link #displayName} says. */
    public TraceInput input(String path) {
        return TraceInput.of(displayName(path), () -> open(path, 0));
    }

    /** A new stream of the file's raw bytes from {@code position}; the caller closes it. */
    public InputStream open(String path, long position) throws IOException {
        FSDataInputStream in = fileSystem(path).open(new Path(path));
        try {
            if (position > 0) {
                in.seek(position);
            }
            return in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * The name a file has in messages and in the {@code file} column: a local file by its path, as
     * {@code sbench} names it; any other by its URI.
     */
    public static String displayName(String path) {
        java.net.URI uri = new Path(path).toUri();
        return uri.getScheme() == null || "file".equals(uri.getScheme()) ? uri.getPath() : uri.toString();
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
