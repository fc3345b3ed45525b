package org.sbench.spark.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** {@code sbench-spark ARGS} in this JVM: its exit status and what it printed. */
record CommandRun(int status, String out, String err) {
    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SbenchSparkCommand.newCommandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new CommandRun(status, out.toString(), err.toString());
    }
}
