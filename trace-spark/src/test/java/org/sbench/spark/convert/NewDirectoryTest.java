package org.sbench.spark.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
