package org.sbench.target;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.sbench.SbenchException;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * Recognises user data in an existing file that is no drive image, which a write to it as a target
 * would destroy: a trace of any format sbench detects (compressed or not), compressed data, a tar
 * archive, sbench's JSON (a result or a bundle's index) and any other text, UTF-8, in one byte a
 * character (Latin-1, Windows-1252) or UTF-16 after its byte order mark. A drive image holds none
 * of these at its start: what sbench writes (random data, zeros) and a fresh file (zeros) are not
 * text, as a NUL byte is in almost every 64 KiB of random data.
 */
final class FileContent {
    private static final String SBENCH_JSON_KEY = "\"sbenchVersion\"";
    /** UTF-16 text has control characters (other than tab and line ends) in at most one of this many. */
    private static final int CONTROL_SHARE_DIVISOR = 20;

    private FileContent() {
    }

    /** What {@code file} holds, as a phrase ("a trace in sbt format", "text"); empty for what may be a drive image. */
    static Optional<String> recognise(Path file) {
        TraceInput input = TraceInput.of(file);
        TraceHead head;
        try {
            head = input.head();
        } catch (SbenchException e) {
            if (input.compressed()) {
                // A compression magic over bytes that do not decompress: random data that begins so.
                return Optional.empty();
            }
            throw e;
        }
        Optional<String> compression = input.compression();
        Optional<String> trace = TraceFormats.standard().recognise(head)
                .map(format -> "a trace in " + format.name() + " format" + compression.map(c -> ", " + c + "-compressed").orElse(""));
        if (trace.isPresent()) {
            return trace;
        }
        if (compression.isPresent()) {
            return Optional.of(compression.get() + "-compressed data");
        }
        if (TraceFormats.isTarArchive(head)) {
            return Optional.of("a tar archive");
        }
        if (isUtf16Text(head.bytes())) {
            return Optional.of("text");
        }
        if (!head.isText() || !isUtf8(head.bytes()) && !isMostlyAscii(head.bytes())) {
            return Optional.empty();
        }
        String text = new String(head.bytes(), StandardCharsets.ISO_8859_1);
        return Optional.of(text.contains(SBENCH_JSON_KEY) ? "sbench JSON (a result or a bundle's index)" : "text");
    }

    /**
     * True when {@code bytes} are UTF-8, but for a character cut at their end. TraceHead counts every
     * byte from 0x80 as printable (text in any 8-bit charset), so an image filled with 0xFF (an erased
     * flash chip's) would be text; as UTF-8 it is malformed.
     */
    private static boolean isUtf8(byte[] bytes) {
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder();
        return !strict.decode(ByteBuffer.wrap(bytes), CharBuffer.allocate(bytes.length), false).isError();
    }

    /**
     * True when {@code bytes} are UTF-16 after a byte order mark (Notepad's "Unicode"), but for a
     * character cut at their end, with control characters in no more than one in twenty (text: a NUL
     * is in every ASCII character, so {@link TraceHead#isText} says no). Random data that begins with
     * a byte order mark holds an unpaired surrogate in its first KiB, malformed.
     */
    private static boolean isUtf16Text(byte[] bytes) {
        Charset charset = bytes.length < 2 ? null
                : bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE ? StandardCharsets.UTF_16LE
                : bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF ? StandardCharsets.UTF_16BE : null;
        if (charset == null) {
            return false;
        }
        CharBuffer text = CharBuffer.allocate(bytes.length / 2);
        if (charset.newDecoder().decode(ByteBuffer.wrap(bytes, 2, bytes.length - 2), text, false).isError()) {
            return false;
        }
        text.flip();
        long controls = text.chars().filter(c -> c < ' ' && c != '\t' && c != '\n' && c != '\r').count();
        return text.length() > 0 && controls * CONTROL_SHARE_DIVISOR <= text.length();
    }

    /**
     * True when more than half of {@code bytes} are ASCII: text in one byte a character (Latin-1,
     * Windows-1252), whose accented letters are a few in a hundred, and not a fill of test patterns
     * above ASCII (0xFF, 0xAB; 0xAA and 0x55 in turn, half).
     */
    private static boolean isMostlyAscii(byte[] bytes) {
        int ascii = 0;
        for (byte b : bytes) {
            if (b >= 0) {
                ascii++;
            }
        }
        return 2 * ascii > bytes.length;
    }
}
