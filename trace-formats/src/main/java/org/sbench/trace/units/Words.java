// The words options take, as every command line and scenario file reads them.
package org.sbench.trace.units;

import java.util.Locale;

/**
 * Words options take ({@code --fit wrap}, {@code --mode fixed-qd}, a scenario step's {@code op = write}):
 * users may write them in any case; each place that reads one compares {@link #of} with its
 * lower-case words, keeps the lower-case word, and names the lower-case words in its messages.
 */
public final class Words {
    private Words() {
    }

    /** {@code typed} as its word: in lower case ({@code FIXED-QD} is {@code fixed-qd}). */
    public static String of(String typed) {
        return typed.toLowerCase(Locale.ROOT);
    }
}
