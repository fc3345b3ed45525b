// A Spark standalone cluster on 127.0.0.1 (a master and two one-core workers) from the Maven artifacts.
package org.sbench.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts {@code org.apache.spark.deploy.master.Master} and two {@code Worker}s in their own JVMs
 * with the class path Maven resolved for Spark (written at package time). A worker launches its
 * executors from {@code SPARK_HOME/jars}; here that is a folder of links to the same Maven jars,
 * so no Spark distribution is involved. Closing it stops the processes it started, and only those.
 */
public final class StandaloneCluster implements AutoCloseable {
    private static final long START_TIMEOUT_MS = 120_000;
    private static final int WORKERS = 2;

    private final List<Process> processes = new ArrayList<>();
    private final String masterUrl;

    /**
     * @param sparkClassPath the Maven class path of Spark (provided scope)
     * @param javaOptions    the JVM options Spark needs on Java 17
     * @param dir            a fresh folder for SPARK_HOME, work folders and logs
     */
    public StandaloneCluster(String sparkClassPath, String javaOptions, Path dir) throws IOException, InterruptedException {
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String entry : sparkClassPath.split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (entry.endsWith(".jar") && !Files.exists(jars.resolve(jar.getFileName()))) {
                Files.createSymbolicLink(jars.resolve(jar.getFileName()), jar);
            }
        }
        int port = freePort();
        masterUrl = "spark://127.0.0.1:" + port;
        try {
            start(dir, home, sparkClassPath, javaOptions, "master", List.of("org.apache.spark.deploy.master.Master",
                    "--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port", Integer.toString(freePort())));
            awaitPort(port);
            for (int w = 0; w < WORKERS; w++) {
                Path work = Files.createDirectories(dir.resolve("work-" + w));
                start(dir, home, sparkClassPath, javaOptions, "worker-" + w, List.of("org.apache.spark.deploy.worker.Worker",
                        masterUrl, "--host", "127.0.0.1", "--cores", "1", "--memory", "1g", "--work-dir", work.toString(),
                        "--webui-port", Integer.toString(freePort())));
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    public String masterUrl() {
        return masterUrl;
    }

    public int workers() {
        return WORKERS;
    }

    private void start(Path dir, Path home, String classPath, String javaOptions, String name, List<String> mainAndArgs)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String o : javaOptions.trim().split("\\s+")) {
            cmd.add(o);
        }
        cmd.add("-Xmx512m");
        // No REST submission server: its fixed port would clash with any other master on the host.
        cmd.add("-Dspark.master.rest.enabled=false");
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.addAll(mainAndArgs);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        processes.add(pb.start());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void awaitPort(int port) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            for (Process p : processes) {
                if (!p.isAlive()) {
                    throw new IOException("the Spark master exited (" + p.exitValue() + ") before it listened");
                }
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(250);
            }
        }
        throw new IOException("the Spark master did not listen on port " + port + " within " + START_TIMEOUT_MS + " ms");
    }

    @Override
    public void close() throws InterruptedException {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
