// Finds the traces that input paths name, and what each one is, on the driver.
package org.sbench.spark.split;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.blktrace.BlktraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Turns the paths a user gives (files, directories, globs, in any Hadoop FileSystem) into traces:
 * files in path order (a directory's files recursively, leaving out names starting with {@code _}
 * or {@code .}, as Spark's file sources do), each file's format detected from its head as
 * {@code sbench} detects it (or named by {@code from}), a blktrace file joined with its per-CPU
 * siblings into one trace. Each trace's reader is opened once to learn its {@link TraceInfo}.
 */
public final class TraceListing {
    private final HadoopFiles files;
    private final TraceFormats formats;

    public TraceListing(HadoopFiles files, TraceFormats formats) {
        this.files = files;
        this.formats = formats;
    }

    /** The traces, and in the same order their formats. */
    public record Traces(List<TraceSource> sources, List<TraceFormat> formats) {
    }

    public Traces list(List<String> paths, String from) {
        List<TraceSource> sources = new ArrayList<>();
        List<TraceFormat> found = new ArrayList<>();
        Set<String> taken = new LinkedHashSet<>();
        for (Map.Entry<String, String> named : expand(paths).entrySet()) {
            String file = named.getKey();
            if (taken.contains(file)) {
                continue;
            }
            TraceInput input = files.input(named.getValue(), file);
            TraceFormat format = from == null ? formats.detect(input) : formats.byName(from);
            List<String> group = format instanceof BlktraceFormat ? cpuFiles(file, named.getValue()) : List.of(file);
            taken.addAll(group);
            List<String> names = new ArrayList<>();
            List<TraceInput> inputs = new ArrayList<>();
            for (String p : group) {
                String name = p.equals(file) ? named.getValue() : sibling(named.getValue(), new Path(p).getName());
                names.add(name);
                inputs.add(p.equals(file) ? input : files.input(name, p));
            }
            sources.add(new TraceSource(names, group, length(file, named.getValue()), format.name(), input.compressed(),
                    new TraceDescription(infoOf(format, inputs))));
            found.add(format);
        }
        return new Traces(sources, found);
    }

    private TraceInfo infoOf(TraceFormat format, List<TraceInput> inputs) {
        try (TraceReader reader = format instanceof BlktraceFormat blktrace
                ? blktrace.openReader(inputs, ReadOptions.DEFAULTS) : format.openReader(inputs.get(0), ReadOptions.DEFAULTS)) {
            return reader.info();
        }
    }

    /** Every file the paths name, in path order, without duplicates, each with its name ({@link #nameOf}). */
    private Map<String, String> expand(List<String> paths) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String arg : paths) {
            try {
                Path p = HadoopFiles.path(arg);
                FileSystem fs = HadoopFiles.fileSystem(arg, files.conf());
                // A path that names a file or directory is that one, as sbench takes it, even when its
                // name holds glob characters (x[1].csv); only a path that names nothing is a glob.
                FileStatus[] matches = fs.exists(p) ? new FileStatus[] {fs.getFileStatus(p)} : fs.globStatus(p);
                if (matches == null || matches.length == 0) {
                    throw SbenchException.badInput(arg, "no such file");
                }
                TreeSet<Path> sorted = new TreeSet<>();
                for (FileStatus m : matches) {
                    if (m.isDirectory()) {
                        addFiles(fs, m.getPath(), new HashSet<>(), sorted);
                    } else {
                        sorted.add(m.getPath());
                    }
                }
                Path given = fs.makeQualified(p);
                for (Path f : sorted) {
                    out.putIfAbsent(f.toString(), nameOf(arg, given, f, fs.getWorkingDirectory()));
                }
            } catch (IOException e) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot list " + arg + ": " + SbenchException.reason(e), e);
            }
        }
        if (out.isEmpty()) {
            throw SbenchException.badInput(String.join(" ", paths), "no trace files found");
        }
        return out;
    }

    /**
     * How a file is named in messages and in the {@code file} column: as the path given names it,
     * as {@code sbench} names the files it is given. The path itself when it names the file; a
     * file that a directory or a glob led to, relative to the working directory when the path was
     * relative (as a shell expands a glob), by its path when the path had no scheme, else by its URI.
     */
    static String nameOf(String arg, Path given, Path file, Path workingDirectory) {
        if (file.equals(given)) {
            return arg;
        }
        java.net.URI argUri = HadoopFiles.path(arg).toUri();
        if (argUri.getScheme() != null) {
            return "file".equals(file.toUri().getScheme()) ? file.toUri().getPath() : file.toString();
        }
        String path = file.toUri().getPath();
        if (argUri.getPath().startsWith("/")) {
            return path;
        }
        return java.nio.file.Path.of(workingDirectory.toUri().getPath()).relativize(java.nio.file.Path.of(path)).toString();
    }

    /** The name of file {@code fileName} in the directory of the file named {@code name}. */
    private static String sibling(String name, String fileName) {
        return name.substring(0, name.lastIndexOf('/') + 1) + fileName;
    }

    /**
     * The files under {@code dir}, recursively, leaving out names that start with _ or . (Spark's
     * rule), each directory listed once: a link back to a directory listed already ({@code loop ->
     * ..}) adds nothing, where following it would list the same files again at every level.
     */
    private static void addFiles(FileSystem fs, Path dir, Set<String> listed, Set<Path> into) throws IOException {
        if (!listed.add(realPath(dir))) {
            return;
        }
        for (FileStatus s : fs.listStatus(dir)) {
            String name = s.getPath().getName();
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            if (s.isDirectory()) {
                addFiles(fs, s.getPath(), listed, into);
            } else {
                into.add(s.getPath());
            }
        }
    }

    /** A directory's path with links resolved, where the file system has links to follow (local files). */
    private static String realPath(Path dir) throws IOException {
        java.net.URI uri = dir.toUri();
        return "file".equals(uri.getScheme()) ? java.nio.file.Path.of(uri).toRealPath().toString() : dir.toString();
    }

    /** The per-CPU files of the blktrace trace {@code file} (named {@code name}) belongs to, found beside it. */
    private List<String> cpuFiles(String file, String name) {
        Path p = new Path(file);
        try {
            List<String> names = new ArrayList<>();
            for (FileStatus s : files.fileSystem(file).listStatus(p.getParent())) {
                if (s.isFile()) {
                    names.add(s.getPath().toString());
                }
            }
            List<String> group = BlktraceFormat.sameTrace(p.getName(), names, f -> new Path(f).getName());
            return group.isEmpty() ? List.of(file) : group;
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot list the per-CPU files beside " + name + ": "
                    + SbenchException.reason(e), e);
        }
    }

    private long length(String file, String name) {
        try {
            return files.fileSystem(file).getFileStatus(new Path(file)).getLen();
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + name + ": " + SbenchException.reason(e), e);
        }
    }
}
