package org.sbench;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * The one exception users see. Its message is a complete single line naming the file and line
 * or byte (or the device) and what was expected; the command line prints it as is.
 */
public final class SbenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int MAX_FOUND_CHARS = 60;
    /** A word of a message (a run without spaces: a file name) longer than this is cut, its head and tail kept. */
    private static final int MAX_WORD_CHARS = 400;
    private static final int KEPT_WORD_END_CHARS = 150;
    /** ENOSPC in words, as the JDK gives it (strerror's). */
    private static final String NO_SPACE = "No space left on device";
    /** EDQUOT in words, as the JDK gives it. */
    private static final String QUOTA_EXCEEDED = "Disk quota exceeded";

    private final ErrorKind kind;

    public SbenchException(ErrorKind kind, String message) {
        super(wordsCut(message));
        this.kind = kind;
    }

    public SbenchException(ErrorKind kind, String message, Throwable cause) {
        super(wordsCut(message), cause);
        this.kind = kind;
    }

    /**
     * {@code message} with each word (a file name, a path) longer than {@value #MAX_WORD_CHARS} characters cut to its
     * first and last {@value #KEPT_WORD_END_CHARS}, saying how many were cut: a hostile name of 4,000 characters made
     * an error line of 4,000. Names of any real length (255 bytes a component) are kept whole. Every message made here
     * passes it; a line sbench prints otherwise (a warning) passes it too.
     */
    public static String wordsCut(String message) {
        if (message == null || message.length() <= MAX_WORD_CHARS) {
            return message;
        }
        StringBuilder b = new StringBuilder(message.length());
        int start = 0;
        for (int i = 0; i <= message.length(); i++) {
            if (i == message.length() || Character.isWhitespace(message.charAt(i))) {
                int length = i - start;
                if (length > MAX_WORD_CHARS) {
                    // Each cut lands between code points: half of an emoji's surrogate pair would print as '?'.
                    int headEnd = Character.isLowSurrogate(message.charAt(start + KEPT_WORD_END_CHARS))
                            ? start + KEPT_WORD_END_CHARS - 1 : start + KEPT_WORD_END_CHARS;
                    int tailStart = Character.isLowSurrogate(message.charAt(i - KEPT_WORD_END_CHARS))
                            ? i - KEPT_WORD_END_CHARS + 1 : i - KEPT_WORD_END_CHARS;
                    b.append(message, start, headEnd).append("...(").append(message.codePointCount(headEnd, tailStart))
                            .append(" characters cut)...").append(message, tailStart, i);
                } else {
                    b.append(message, start, i);
                }
                if (i < message.length()) {
                    b.append(message.charAt(i));
                }
                start = i + 1;
            }
        }
        return b.toString();
    }

    public ErrorKind kind() {
        return kind;
    }

    /** {@code FILE:LINE: expected WHAT, found 'TEXT'}, a long TEXT {@link #quoted} cut with its length. */
    public static SbenchException badLine(String file, long line, String expected, CharSequence found) {
        return new SbenchException(ErrorKind.BAD_INPUT, file + ":" + line + ": expected " + expected + ", found " + quoted(found));
    }

    /**
     * {@code FILE:LINE: expected WHAT, found 'START...' (more than N bytes)}: a line longer than {@code maxBytes}, read
     * no further than its {@code start}.
     */
    public static SbenchException lineTooLong(String file, long line, String expected, CharSequence start, int maxBytes) {
        String head = start.toString();
        return new SbenchException(ErrorKind.BAD_INPUT, file + ":" + line + ": expected " + expected + ", found '"
                + printable(head.substring(0, Math.min(head.length(), MAX_FOUND_CHARS))) + "...' (more than " + maxBytes + " bytes)");
    }

    /** {@code FILE: byte N: expected WHAT, found WHAT}. */
    public static SbenchException badBytes(String file, long byteOffset, String expected, String found) {
        return new SbenchException(ErrorKind.BAD_INPUT,
                file + ": byte " + byteOffset + ": expected " + expected + ", found " + found);
    }

    /** A whole-file problem: {@code FILE: MESSAGE}. */
    public static SbenchException badInput(String file, String message) {
        return new SbenchException(ErrorKind.BAD_INPUT, file + ": " + message);
    }

    public static SbenchException usage(String message) {
        return new SbenchException(ErrorKind.USAGE, message);
    }

    /** A failed read or write of a file, named with the operation and the reason ({@link #reason}). */
    public static SbenchException ioFailure(String what, Path file, IOException cause) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + what + " " + file + ": " + reason(cause), cause);
    }

    /**
     * A directory of outputs that cannot be made, {@code what} naming it: refused before the run as a usage error (a
     * read-only file system, no permission), but a full disk or an exhausted quota is a system failure, as a write it
     * fills is: the command line was right.
     */
    public static SbenchException cannotBeMade(String what, IOException e) {
        String message = what + " cannot be made: " + reason(e);
        return isNoSpace(e) || isQuotaExceeded(e) ? new SbenchException(ErrorKind.SYSTEM_FAILURE, message, e) : usage(message);
    }

    /** True when {@code e} is the system's ENOSPC: the file system written to is full. */
    public static boolean isNoSpace(IOException e) {
        return NO_SPACE.equalsIgnoreCase(reason(e));
    }

    /** True when {@code e} is the system's EDQUOT: the user's disk quota on the file system written to ran out. */
    public static boolean isQuotaExceeded(IOException e) {
        return QUOTA_EXCEEDED.equalsIgnoreCase(reason(e));
    }

    /**
     * An IO failure in words, on one line: the system's reason ("permission denied", "not a
     * directory"), never the bare file name that Java's file-system exceptions carry as their
     * message when the system gave no text.
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException) {
            String r = ((FileSystemException) e).getReason();
            if (r != null && !r.isBlank()) {
                return printable(Character.toLowerCase(r.charAt(0)) + r.substring(1));
            }
            if (e instanceof AccessDeniedException) {
                return "permission denied";
            }
            if (e instanceof NoSuchFileException) {
                return "no such file";
            }
            if (e instanceof NotDirectoryException) {
                return "not a directory";
            }
            if (e instanceof FileAlreadyExistsException) {
                return "file exists";
            }
            if (e instanceof DirectoryNotEmptyException) {
                return "directory not empty";
            }
            return e.getClass().getSimpleName();
        }
        if (e instanceof EOFException && e.getMessage() == null) {
            // What a decompressor throws when the data stops inside a block.
            return "unexpected end of data";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : printable(e.getMessage());
    }

    /**
     * What a command line shows for a failure that ended it: for an SbenchException, its message
     * as one line after {@code program: }, and its kind's exit status; for anything else an
     * internal error ({@value #INTERNAL_EXIT}), "rerun with --debug". With {@code debug} the stack
     * trace follows. Written to {@code err}, which the command line owns.
     */
    public static int report(Exception failure, String program, boolean debug, java.io.PrintWriter err) {
        int status;
        if (failure instanceof SbenchException s) {
            err.println(program + ": " + printable(s.getMessage()));
            status = s.kind().exitCode();
        } else {
            err.println(program + ": internal error: " + failure + (debug ? "" : " (rerun with --debug for details)"));
            status = INTERNAL_EXIT;
        }
        if (debug) {
            failure.printStackTrace(err);
        }
        err.flush();
        return status;
    }

    /** The exit status of an internal error (a bug). */
    public static final int INTERNAL_EXIT = 70;

    /**
     * A user's value quoted in a message: {@code 'TEXT'} shown as {@link #printable} shows it, its first 60 characters and
     * how many there are when longer ({@code '99999...' (500000 characters)}), so that a huge value makes no huge line.
     */
    public static String quoted(CharSequence value) {
        String s = String.valueOf(value);
        return "'" + shorten(s) + "'" + (s.length() > MAX_FOUND_CHARS ? " (" + s.length() + " characters)" : "");
    }

    /** {@code message} with each {@code 'value'} in it {@link #quoted}: a message of another's (picocli's) that quotes a user's value whole. */
    public static String requoted(String message, String value) {
        return message.replace("'" + value + "'", quoted(value));
    }

    private static String shorten(String s) {
        return s.length() <= MAX_FOUND_CHARS ? printable(s) : printable(s.substring(0, MAX_FOUND_CHARS)) + "...";
    }

    /**
     * {@code message} as one line a terminal shows as it is: a tab as {@code \t}, other control
     * characters (a newline, an escape sequence from a file's bytes, C1 controls such as U+009B, which
     * some terminals take for an escape) as '?'.
     */
    public static String printable(String message) {
        return shown(String.valueOf(message), false);
    }

    /** {@code text} shown as {@link #printable} shows a line, but with its line ends ({@code \n}) kept. */
    public static String printableLines(String text) {
        return shown(text, true);
    }

    private static String shown(String s, boolean keepLineEnds) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\t') {
                b.append("\\t");
            } else if (c == '\n' && keepLineEnds) {
                b.append(c);
            } else {
                b.append(Character.isISOControl(c) ? '?' : c);
            }
        }
        return b.toString();
    }
}
