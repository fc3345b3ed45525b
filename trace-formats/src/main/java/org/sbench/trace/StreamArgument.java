package org.sbench.trace;

import org.sbench.SbenchException;

/** A {@code --stream} value: a stream number, or {@code MAJOR:MINOR} for a device number, as inspect shows it. */
public final class StreamArgument {
    private static final String NUMBER = "[0-9]{1,9}";

    private StreamArgument() {
    }

    /** The stream {@code text} names; {@code orAll} lists {@code all} in the error as the option's third form. */
    public static int parse(String text, boolean orAll) {
        if (text.matches(NUMBER)) {
            return Integer.parseInt(text);
        }
        int dev = DeviceNumbers.parse(text);
        if (dev < 0) {
            throw SbenchException.usage("--stream takes a stream number" + (orAll ? ", a device as MAJOR:MINOR or all" : " or a device as"
                    + " MAJOR:MINOR") + ", found " + SbenchException.quoted(text));
        }
        return dev;
    }
}
