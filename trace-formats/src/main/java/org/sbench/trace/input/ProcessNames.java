// Process-name reuse for readers: one String per name instead of one per line or event.
package org.sbench.trace.input;

import java.nio.charset.StandardCharsets;

/**
 * Returns the same String for a process name seen recently, so that a line whose process was
 * seen before allocates nothing. Direct-mapped by hash: a new name replaces the one in its
 * slot, so memory stays bounded by {@link #SLOTS} names however many processes a trace has.
 * Not thread-safe; one per reader.
 */
public final class ProcessNames {
    /** A power of two; traces typically name a few dozen processes. */
    static final int SLOTS = 512;
    private final String[] slots = new String[SLOTS];

    /** Bytes {@code [from, to)} of field {@code field} of the current line ({@link Fields#text(int, int, int)}). */
    public String of(Fields fields, int field, int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + fields.charAt(field, i);
        }
        int slot = slot(hash);
        String cached = slots[slot];
        if (cached != null && matches(cached, fields, field, from, to)) {
            return cached;
        }
        String name = fields.text(field, from, to);
        slots[slot] = name;
        return name;
    }

    /** Bytes {@code [from, to)} of {@code bytes}, read as UTF-8: a name seen before allocates nothing. */
    public String of(byte[] bytes, int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + bytes[i];
        }
        int slot = slot(hash);
        String cached = slots[slot];
        if (cached != null && matches(cached, bytes, from, to)) {
            return cached;
        }
        String name = new String(bytes, from, to - from, StandardCharsets.UTF_8);
        slots[slot] = name;
        return name;
    }

    /** The cached String equal to {@code name}, or {@code name}, now cached. */
    public String intern(String name) {
        int slot = slot(name.hashCode());
        String cached = slots[slot];
        if (name.equals(cached)) {
            return cached;
        }
        slots[slot] = name;
        return name;
    }

    private static int slot(int hash) {
        return (hash ^ (hash >>> 16)) & (SLOTS - 1);
    }

    /** Only ASCII bytes match: beyond ASCII, bytes and characters are not one to one. */
    private static boolean matches(String s, byte[] bytes, int from, int to) {
        if (s.length() != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (bytes[i] < 0 || s.charAt(i - from) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /** Only an ASCII line matches: beyond ASCII, bytes and characters are not one to one. */
    private static boolean matches(String s, Fields fields, int field, int from, int to) {
        if (!fields.ascii() || s.length() != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (s.charAt(i - from) != fields.charAt(field, i)) {
                return false;
            }
        }
        return true;
    }
}
