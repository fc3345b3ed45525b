package org.sbench.result;

/**
 * The columns a terminal shows text in, as {@code wcwidth(3)} counts them: a combining mark or a format
 * character (a zero-width space, joiner) takes none, an East Asian wide or fullwidth character (CJK, Hangul,
 * kana, fullwidth forms, emoji) two, any other one. A pair of surrogates is one character.
 */
public final class DisplayWidth {
    /**
     * The ranges of East Asian Wide and Fullwidth code points, first and last of each in pairs, as
     * Markus Kuhn's {@code wcwidth.c} has them, with the emoji blocks terminals show wide.
     */
    private static final int[] WIDE = {
        0x1100, 0x115F, 0x2329, 0x232A, 0x2E80, 0x303E, 0x3040, 0xA4CF, 0xAC00, 0xD7A3, 0xF900, 0xFAFF,
        0xFE10, 0xFE19, 0xFE30, 0xFE6F, 0xFF00, 0xFF60, 0xFFE0, 0xFFE6, 0x1F300, 0x1F64F, 0x1F900, 0x1F9FF,
        0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    };
    private static final int SOFT_HYPHEN = 0x00AD;

    private DisplayWidth() {
    }

    /** The columns {@code text} takes. */
    public static int of(String text) {
        return text.codePoints().map(DisplayWidth::columns).sum();
    }

    /** The longest start of {@code text} in at most {@code columns} columns. */
    public static String head(String text, int columns) {
        int used = 0;
        int end = 0;
        while (end < text.length()) {
            int c = text.codePointAt(end);
            used += columns(c);
            if (used > columns) {
                break;
            }
            end += Character.charCount(c);
        }
        return text.substring(0, end);
    }

    /** The longest end of {@code text} in at most {@code columns} columns. */
    public static String tail(String text, int columns) {
        int used = 0;
        int start = text.length();
        while (start > 0) {
            int c = text.codePointBefore(start);
            used += columns(c);
            if (used > columns) {
                break;
            }
            start -= Character.charCount(c);
        }
        return text.substring(start);
    }

    /** The columns of code point {@code c}. */
    private static int columns(int c) {
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.FORMAT && c != SOFT_HYPHEN) {
            return 0;
        }
        for (int i = 0; i < WIDE.length && c >= WIDE[i]; i += 2) {
            if (c <= WIDE[i + 1]) {
                return 2;
            }
        }
        return 1;
    }
}
