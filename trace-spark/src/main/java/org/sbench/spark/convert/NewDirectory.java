// The directory a table is written into: a new one, on a FileSystem that is here, checked before any job.
package org.sbench.spark.convert;

import java.io.IOException;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.split.HadoopFiles;

/** Spark writes a table as a directory; an existing one is refused, as is a scheme no FileSystem reads, before the job. */
public final class NewDirectory {
    private NewDirectory() {
    }

    /** The FileSystem of {@code out}, which {@code option} names (OUT, --out); a usage error when it exists. */
    public static FileSystem check(SparkSession spark, String option, String out) {
        Path target = new Path(out);
        try {
            FileSystem fs = HadoopFiles.fileSystem(out, spark.sparkContext().hadoopConfiguration());
            if (fs.exists(target)) {
                throw exists(option, out, "");
            }
            return fs;
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot check " + out + ": " + SbenchException.reason(e), e);
        }
    }

    /** Writes a table at the path it is given. */
    @FunctionalInterface
    public interface TableWriter {
        void writeAt(String path) throws Exception;
    }

    /**
     * Has {@code writer} write the table in a hidden sibling of {@code out} (which {@code option}
     * names), then renames it into place. The sibling goes in any case: when the table is in place or
     * the writing failed, and when the JVM ends first (SIGINT, SIGTERM, SIGHUP: Hadoop's shutdown hook
     * closes every FileSystem, which deletes what it holds {@link FileSystem#deleteOnExit}, a path
     * that exists: the sibling is made first and the table written inside it). A SIGKILL leaves it.
     */
    public static void write(FileSystem fs, String option, String out, TableWriter writer) throws Exception {
        Path target = new Path(out);
        Path temp = new Path(target.getParent(), "." + target.getName() + ".sbench-" + UUID.randomUUID());
        try {
            fs.mkdirs(temp);
            fs.deleteOnExit(temp);
            Path table = new Path(temp, target.getName());
            writer.writeAt(table.toString());
            rename(fs, table, option, out);
        } catch (Exception e) {
            IOException full = noSpace(e);
            if (full != null) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + out + ": " + SbenchException.reason(full), e);
            }
            throw e;
        } finally {
            try {
                fs.delete(temp, true);
                fs.cancelDeleteOnExit(temp);
            } catch (IOException ignored) {
                // The failure being reported matters more than a temporary directory left behind.
            }
        }
    }

    /**
     * The ENOSPC among {@code e}'s causes, or null. Spark's task failure says only that it failed writing, naming the hidden
     * directory; the full file system is found deep in its causes (through Parquet's and Hadoop's FSError).
     */
    private static IOException noSpace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io && SbenchException.isNoSpace(io)) {
                return io;
            }
        }
        return null;
    }

    /**
     * Renames the table written at {@code temp} to {@code out}. A FileSystem moves a directory into one
     * that exists, so where another process made {@code out} since {@link #check} the table is deleted
     * and refused as {@link #check} refuses: the second of two converts to one OUT was a hidden
     * directory in the first's, and said it wrote the first's records.
     */
    static void rename(FileSystem fs, Path temp, String option, String out) throws IOException {
        Path target = new Path(out);
        if (!fs.rename(temp, target)) {
            throw new IOException("rename failed");
        }
        Path movedInto = new Path(target, temp.getName());
        if (fs.exists(movedInto)) {
            fs.delete(movedInto, true);
            throw exists(option, out, "made while this table was written; ");
        }
    }

    private static SbenchException exists(String option, String out, String when) {
        return SbenchException.usage(option + " exists: " + out + " (" + when + "a table is written as a new directory)");
    }
}
