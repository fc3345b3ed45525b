package org.sbench.target;

/** The kernel's choice lists in sysfs and tracefs ("none [mq-deadline] kyber", "[local] global mono"). */
public final class KernelChoices {
    private KernelChoices() {
    }

    /** The bracketed (selected) entry of {@code choices}, or the text as is when nothing is bracketed. */
    public static String selected(String choices) {
        int open = choices.indexOf('[');
        int close = choices.indexOf(']', open + 1);
        return open >= 0 && close > open ? choices.substring(open + 1, close) : choices.trim();
    }
}
