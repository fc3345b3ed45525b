package org.sbench.trace;

/** The operation of one IO; {@link #code()} is the letter used by the CSV form and the tables. */
public enum Op {
    READ('R'),
    WRITE('W'),
    /** Discard / TRIM / UNMAP of a range. */
    TRIM('T'),
    /** Cache flush; has no range (offset and length 0). */
    FLUSH('F');

    private static final Op[] VALUES = values();
    private final char code;

    Op(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    /** True for the ops that move data (reads and writes). */
    public boolean transfersData() {
        return this == READ || this == WRITE;
    }

    /** The op for a code letter (case-insensitive), or null. */
    public static Op ofCode(char c) {
        switch (Character.toUpperCase(c)) {
            case 'R': return READ;
            case 'W': return WRITE;
            case 'T': return TRIM;
            case 'F': return FLUSH;
            default: return null;
        }
    }

    /** The op with this {@link #ordinal()}, for binary formats. */
    public static Op ofOrdinal(int ordinal) {
        return ordinal >= 0 && ordinal < VALUES.length ? VALUES[ordinal] : null;
    }
}
