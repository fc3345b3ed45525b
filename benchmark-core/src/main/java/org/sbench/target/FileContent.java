package org.sbench.target;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.sbench.SbenchException;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * Recognises user data in an existing file that is no drive image, which a write to it as a target
 * would destroy: a trace of any format sbench detects (compressed or not), compressed data, a tar
 * archive, sbench's JSON (a result or a bundle's index) and any other text: UTF-8, in one byte a
 * character (Latin-1, Windows-1252; Windows-1251, KOI8-R, ISO-8859-7 words), UTF-16 or UTF-32
 * (after its byte order mark, or words or CJK text without one), CJK text in a legacy double-byte
 * encoding (GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR). A drive image holds none of these at its start: what
 * sbench writes (random data, zeros) and a fresh file (zeros) are not text, as a NUL byte is in
 * almost every 64 KiB of random data.
 */
final class FileContent {
    private static final String SBENCH_JSON_KEY = "\"sbenchVersion\"";
    /** UTF-16 text has control characters (other than tab and line ends) and unassigned ones in at most one of this many. */
    private static final int CONTROL_SHARE_DIVISOR = 20;
    /** Words have whitespace (spaces, line ends) in at least one character of this many. */
    private static final int WHITESPACE_SHARE_DIVISOR = 32;
    /** Words have at least this many different characters, where a fill of a test pattern has a few. */
    private static final int MIN_DISTINCT_CHARACTERS = 16;
    /** CJK text has ideographs, kana or Hangul in at least one character of this many. */
    private static final int CJK_SHARE_DIVISOR = 4;
    private static final Set<Character.UnicodeScript> CJK_SCRIPTS = EnumSet.of(Character.UnicodeScript.HAN,
            Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA, Character.UnicodeScript.HANGUL);
    /** The legacy encodings of CJK text, each the superset Windows uses: GBK and GB2312 within GB18030, EUC-KR within UHC. */
    private static final List<Charset> CJK_CHARSETS = List.of(Charset.forName("GB18030"), Charset.forName("Big5"),
            Charset.forName("windows-31j"), Charset.forName("EUC-JP"), Charset.forName("x-windows-949"));
    /** The wide encodings of text by their byte order marks, UTF-32's first: its little-endian mark begins with UTF-16's. */
    private static final Map<byte[], Charset> BYTE_ORDER_MARKS = marks();

    private FileContent() {
    }

    private static Map<byte[], Charset> marks() {
        Map<byte[], Charset> marks = new LinkedHashMap<>();
        marks.put(new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0}, Charset.forName("UTF-32LE"));
        marks.put(new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF}, Charset.forName("UTF-32BE"));
        marks.put(new byte[] {(byte) 0xFF, (byte) 0xFE}, StandardCharsets.UTF_16LE);
        marks.put(new byte[] {(byte) 0xFE, (byte) 0xFF}, StandardCharsets.UTF_16BE);
        return Collections.unmodifiableMap(marks);
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
        String text = new String(head.bytes(), StandardCharsets.ISO_8859_1);
        if (head.isText() && (isUtf8(head.bytes()) || isMostlyAscii(head.bytes()) || isWords(text) || isLegacyCjk(head.bytes()))) {
            return Optional.of(text.contains(SBENCH_JSON_KEY) ? "sbench JSON (a result or a bundle's index)" : "text");
        }
        // Wide text after text in bytes: ASCII read as UTF-16 is mostly ideographs (bytes 0x4E to 0x7E in pairs), so CJK text.
        return isWideText(head.bytes()) ? Optional.of("text") : Optional.empty();
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
     * True when {@code bytes} are UTF-16 (Notepad's "Unicode") or UTF-32, but for a character cut at
     * their end, with control characters and unassigned ones (U+FFFF) in no more than one in twenty
     * (text: a NUL is in every ASCII character, so {@link TraceHead#isText} says no): after a byte order
     * mark, or without one {@link #isWords words} or {@link #isCjk CJK text} in either byte order. Random
     * data holds an unpaired surrogate in its first KiB (UTF-16) or a value beyond U+10FFFF in its first few (UTF-32),
     * malformed; zeros are controls; a fill of one byte or two (0xAB, 0xAA and 0x55) decodes, but to
     * no words; a compiled terminfo entry has -1 (U+FFFF) in every other character.
     */
    private static boolean isWideText(byte[] bytes) {
        for (Map.Entry<byte[], Charset> mark : BYTE_ORDER_MARKS.entrySet()) {
            if (Arrays.equals(bytes, 0, Math.min(bytes.length, mark.getKey().length), mark.getKey(), 0, mark.getKey().length)) {
                return wideText(bytes, mark.getKey().length, mark.getValue()) != null;
            }
        }
        return BYTE_ORDER_MARKS.values().stream().map(c -> wideText(bytes, 0, c))
                .anyMatch(text -> text != null && (isWords(text) || isCjk(text)));
    }

    /** {@code bytes} from {@code offset} decoded as {@code charset} when they are UTF-16 or UTF-32 text ({@link #isWideText}); null if not. */
    private static String wideText(byte[] bytes, int offset, Charset charset) {
        CharBuffer text = CharBuffer.allocate(bytes.length / 2);
        if (charset.newDecoder().decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset), text, false).isError()) {
            return null;
        }
        text.flip();
        long controls = text.codePoints()
                .filter(c -> c < ' ' && c != '\t' && c != '\n' && c != '\r' || Character.getType(c) == Character.UNASSIGNED).count();
        return text.length() > 0 && controls * CONTROL_SHARE_DIVISOR <= text.length() ? text.toString() : null;
    }

    /**
     * True when {@code text} is words: whitespace in at least one character of thirty-two and sixteen
     * different characters or more. Text of any script has them (Cyrillic in Windows-1251 or KOI8-R,
     * Greek in ISO-8859-7: mostly bytes from 0x80, read here as Latin-1, one character a byte; UTF-16
     * without a byte order mark); a fill of a test pattern has a few characters, and one of bytes
     * counting up from 0x80 has no whitespace.
     */
    private static boolean isWords(String text) {
        long whitespace = text.chars().filter(Character::isWhitespace).count();
        return whitespace * WHITESPACE_SHARE_DIVISOR >= text.length() && hasManyCharacters(text);
    }

    /** True when {@code text} has {@link #MIN_DISTINCT_CHARACTERS} different characters or more. */
    private static boolean hasManyCharacters(String text) {
        return text.chars().distinct().limit(MIN_DISTINCT_CHARACTERS).count() == MIN_DISTINCT_CHARACTERS;
    }

    /**
     * True when {@code bytes} decode strictly (but for a character cut at their end) in a legacy encoding of
     * Chinese, Japanese or Korean to {@link #isCjk CJK text}: its bytes from 0x80 pair up into characters.
     * A fill of high bytes is malformed there (0xFF) or one character again and again (0xAB).
     */
    private static boolean isLegacyCjk(byte[] bytes) {
        for (Charset charset : CJK_CHARSETS) {
            CharBuffer text = CharBuffer.allocate(bytes.length);
            if (!charset.newDecoder().decode(ByteBuffer.wrap(bytes), text, false).isError() && isCjk(text.flip().toString())) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code text} is Chinese, Japanese or Korean, which may have no whitespace in a long line:
     * ideographs, kana or Hangul in at least one character of four, whitespace or CJK punctuation
     * (、。「」，：？) in at least one of thirty-two, and sixteen different characters or more. Binary data
     * that decodes (a mid-grey raw image as UTF-16: bytes 0x40 to 0xC0 in pairs are mostly ideographs)
     * has no such punctuation. ASCII punctuation does not count: binary data holds those bytes too.
     */
    private static boolean isCjk(String text) {
        long cjk = text.codePoints().filter(c -> CJK_SCRIPTS.contains(Character.UnicodeScript.of(c))).count();
        long breaks = text.codePoints().filter(c -> Character.isWhitespace(c) || isCjkPunctuation(c)).count();
        return cjk * CJK_SHARE_DIVISOR >= text.length() && breaks * WHITESPACE_SHARE_DIVISOR >= text.length()
                && hasManyCharacters(text);
    }

    /** Punctuation of the CJK Symbols and Punctuation block (、。「」) or fullwidth (，：？！（）). */
    private static boolean isCjkPunctuation(int c) {
        Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
        return (block == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION || block == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS)
                && isPunctuation(c);
    }

    private static boolean isPunctuation(int c) {
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
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
