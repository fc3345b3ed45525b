// What -V prints: sbench-spark's version and those of the Spark, Scala, Hadoop and Java it runs on.
package org.sbench.spark.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.hadoop.util.VersionInfo;
import org.apache.spark.SparkBuildInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * The version the build wrote into {@code version.properties}, and the versions of the libraries
 * found at run time: under spark-submit those of the cluster, not those the jar was built against.
 */
final class Versions implements IVersionProvider {
    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {"sbench-spark " + p.getProperty("version", "unknown") + " (Spark " + SparkBuildInfo.spark_version()
                + ", Scala " + scala.util.Properties.versionNumberString() + ", Hadoop " + VersionInfo.getVersion()
                + ", Java " + Runtime.version() + ")"};
    }
}
