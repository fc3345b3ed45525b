// The directory a table is written into: a new one, on a FileSystem that is here, checked before any job.
package org.sbench.spark.convert;

import java.io.IOException;
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
                throw SbenchException.usage(option + " exists: " + out + " (a table is written as a new directory)");
            }
            return fs;
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot check " + out + ": " + SbenchException.reason(e), e);
        }
    }
}
