package org.sbench.result;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;

/**
 * A JSON reader's error as a user reads it, one line: what was wrong and where (line, column),
 * without the reader's internals (its placeholder for the source, its settings' and Java types' names).
 */
public final class JsonErrors {
    private JsonErrors() {
    }

    public static String describe(IOException e) {
        if (!(e instanceof JsonProcessingException)) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().split("\n")[0];
        }
        JsonProcessingException j = (JsonProcessingException) e;
        String m = message(j);
        JsonLocation at = j.getLocation();
        return at == null || at.getLineNr() < 1 ? m : m + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }

    /** What was wrong, without where: for a caller that names the line itself. */
    public static String message(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage().strip().split("\n")[0];
        return m.replaceAll("\\[Source: [^;\\]]*; ", "[")
                .replaceAll(", from `[^`]*`", "")
                .replaceAll("`(?:[a-z0-9_]+\\.)+([A-Za-z0-9_$]+)`", "$1");
    }
}
