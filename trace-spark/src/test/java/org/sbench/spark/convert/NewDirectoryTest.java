package org.sbench.spark.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class NewDirectoryTest {
    /**
     * A table renamed into place where another process made the directory meanwhile is refused, not
     * moved into it: two {@code sbench-spark convert} to one OUT at once (4,808 and 2,404 records) both
     * exited 0 saying "wrote 4808 records", the second's table a hidden directory inside the first's.
     */
    @Test
    void aTableWhoseDirectoryAnotherMadeMeanwhileIsRefused(@TempDir Path dir) throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path temp = Files.createDirectories(dir.resolve(".out.parquet.sbench-1"));
        Files.writeString(temp.resolve("part-0.parquet"), "mine");
        Path out = Files.createDirectories(dir.resolve("out.parquet"));
        Files.writeString(out.resolve("part-0.parquet"), "theirs");
        SbenchException e = assertThrows(SbenchException.class,
                () -> NewDirectory.rename(fs, new org.apache.hadoop.fs.Path(temp.toString()), "OUT", out.toString()));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("OUT exists: " + out + " (made while this table was written; a table is written as a new directory)",
                e.getMessage());
        try (Stream<Path> left = Files.list(out)) {
            assertEquals(List.of(out.resolve("part-0.parquet")), left.toList());
        }
        assertFalse(Files.exists(temp));
    }

    /**
     * The hidden directory a table is written into goes when its FileSystem is closed, as Hadoop's
     * shutdown hook closes every FileSystem when SIGINT, SIGTERM or SIGHUP ends the JVM: an
     * {@code sbench-spark convert} to Parquet killed by SIGTERM while it wrote (heavy-2011, 87 s in)
     * left {@code .o.parquet.sbench-UUID/_temporary} beside OUT, one more each time.
     */
    @Test
    void theHiddenDirectoryGoesWhenTheFileSystemIsClosed(@TempDir Path dir) throws Exception {
        FileSystem fs = FileSystem.newInstance(new Configuration());
        Path out = dir.resolve("out.parquet");
        List<String> leftAtClose = new java.util.ArrayList<>();
        assertThrows(IllegalStateException.class, () -> NewDirectory.write(fs, "OUT", out.toString(), at -> {
            Files.writeString(Files.createDirectories(Path.of(at).resolve("_temporary")).resolve("part-0"), "half");
            fs.close();
            try (Stream<Path> left = Files.list(dir)) {
                left.forEach(p -> leftAtClose.add(p.getFileName().toString()));
            }
            throw new IllegalStateException("the JVM ends here: nothing after the shutdown hooks runs");
        }));
        assertEquals(List.of(), leftAtClose);
    }

    /**
     * A table whose file system filled up as it was written is said to be so, naming OUT: {@code sbench-spark convert
     * l11.csv o.parquet} on a tmpfs with 64 KiB free said "the Spark job failed: [TASK_WRITE_FAILED] Task failed while
     * writing rows to file:.../.o.parquet.sbench-UUID/o.parquet. SQLSTATE: 58030", naming the hidden directory and not the
     * cause. The writer throws the chain Spark threw there: its task failure, Parquet's, Hadoop's FSError (an Error) of the ENOSPC.
     */
    @Test
    void aTableOnAFullDiskIsSaidSoNamingOut(@TempDir Path dir) throws Exception {
        FileSystem fs = FileSystem.newInstance(new Configuration());
        Path out = dir.resolve("out.parquet");
        IOException full = new IOException("No space left on device");
        SbenchException e = assertThrows(SbenchException.class, () -> NewDirectory.write(fs, "OUT", out.toString(), at -> {
            throw new RuntimeException("[TASK_WRITE_FAILED] Task failed while writing rows to file:" + at,
                    new IllegalStateException("Unable to close resource", new Error(full)));
        }));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot write " + out + ": No space left on device", e.getMessage());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aTableWrittenIsNoLongerDeletedWhenTheFileSystemIsClosed(@TempDir Path dir) throws Exception {
        FileSystem fs = FileSystem.newInstance(new Configuration());
        Path out = dir.resolve("out.parquet");
        NewDirectory.write(fs, "OUT", out.toString(),
                at -> Files.writeString(Files.createDirectories(Path.of(at)).resolve("part-0"), "whole"));
        fs.close();
        assertEquals("whole", Files.readString(out.resolve("part-0")));
    }
}
