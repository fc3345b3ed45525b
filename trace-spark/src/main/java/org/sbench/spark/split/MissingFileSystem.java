// The one-line error for a path whose scheme no Hadoop FileSystem on the class path reads, with what to add.
package org.sbench.spark.split;

import java.util.Map;
import org.apache.hadoop.util.VersionInfo;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * Hadoop names a FileSystem class for {@code s3a:} and {@code abfs:} that lives in a module of its
 * own (hadoop-aws, hadoop-azure), not in the Hadoop client Spark brings; other schemes need some
 * jar that registers them. The message says which, in the running Hadoop's version, for
 * spark-submit and for {@code ./sbench-spark}.
 */
final class MissingFileSystem {
    /** Hadoop's own FileSystem modules by scheme; each is released with Hadoop, in its version. */
    private static final Map<String, String> HADOOP_MODULES = Map.of("s3a", "hadoop-aws", "abfs", "hadoop-azure", "abfss", "hadoop-azure");

    private MissingFileSystem() {
    }

    static SbenchException of(String path, String scheme) {
        String module = HADOOP_MODULES.get(scheme);
        String add = module == null
                ? "add a jar with its FileSystem (spark-submit --jars or --packages; ./sbench-spark: SBENCH_SPARK_CLASSPATH)"
                : "add org.apache.hadoop:" + module + ":" + VersionInfo.getVersion() + " and the libraries it needs (spark-submit --packages"
                        + " org.apache.hadoop:" + module + ":" + VersionInfo.getVersion() + "; ./sbench-spark: their jars in SBENCH_SPARK_CLASSPATH)";
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, path + ": no Hadoop FileSystem here reads " + scheme + ": paths; " + add);
    }
}
