package org.sbench.target;

import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/**
 * How a purge erases a range of a target ({@code --method}): discard it (TRIM, deallocate), discard
 * it securely where the device can, or write zeros over it. On a file, a discard punches a hole and
 * zeros are a zeroed range; a file has no secure discard.
 */
public enum EraseMethod {
    TRIM("trim"),
    SECURE_TRIM("secure-trim"),
    ZERO("zero");

    private final String word;

    EraseMethod(String word) {
        this.word = word;
    }

    /** The word users type: {@code trim}, {@code secure-trim}, {@code zero}. */
    public String word() {
        return word;
    }

    /** The method {@code word} names; a usage error naming {@code --method} otherwise. */
    public static EraseMethod of(String word) {
        for (EraseMethod m : values()) {
            if (m.word.equals(Words.of(word))) {
                return m;
            }
        }
        throw SbenchException.usage("--method takes trim, secure-trim or zero, found " + SbenchException.quoted(word));
    }
}
