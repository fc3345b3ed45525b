package org.sbench.trace.input;

/**
 * A file name's suffix, from the first dot of its last part on ({@code d.v1/hm_1.csv.xz}: {@code .csv.xz}; a leading dot
 * starts none). A command sbench suggests names its new file with the suffix of the one it comes from ({@code NEW.csv}),
 * or the file given with the suffix it needs ({@code hm_1.sbt}), not with a bare placeholder.
 */
public final class FileSuffix {
    private FileSuffix() {
    }

    /** The suffix of {@code path}, empty when its name has none. */
    public static String of(String path) {
        int name = path.lastIndexOf('/') + 1;
        int dot = path.indexOf('.', name + 1);
        return dot < 0 ? "" : path.substring(dot);
    }

    /** {@code path} with its suffix {@code suffix} instead. */
    public static String replaced(String path, String suffix) {
        return path.substring(0, path.length() - of(path).length()) + suffix;
    }
}
