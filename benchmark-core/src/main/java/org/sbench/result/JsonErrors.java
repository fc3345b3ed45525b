package org.sbench.result;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sbench.SbenchException;

/**
 * A JSON reader's error as a user reads it, one line: what was wrong and where (line, column),
 * without the reader's internals (its placeholder for the source, its settings' and Java types' names).
 */
public final class JsonErrors {
    private static final Pattern FOUND = Pattern.compile("from ([A-Z][A-Za-z-]*) value");

    private JsonErrors() {
    }

    /**
     * Refuses {@code file} when its {@code kind} format ({@code result}, {@code bundle}) is newer than
     * {@code known}, the newest this build reads; a file without a format is of the first.
     */
    public static void refuseNewer(String file, String kind, Integer format, int known) {
        if (format != null && format > known) {
            throw SbenchException.badInput(file, "written by a newer sbench (" + kind + " format " + format
                    + "; this sbench reads formats up to " + known + "): read it with that sbench or a later one");
        }
    }

    /**
     * {@code in} read as a {@code type} by {@code mapper}; a failure at one of the parser's limits
     * (StreamReadConstraints: nesting 1,000 deep, a number of 1,000 digits, a string of 20,000,000
     * characters), which carries no place of its own, gets the parser's, for {@link #describe}.
     */
    public static <T> T read(ObjectMapper mapper, InputStream in, Class<T> type) throws IOException {
        try (JsonParser p = mapper.createParser(in)) {
            try {
                return mapper.readValue(p, type);
            } catch (StreamConstraintsException e) {
                throw at(e, p);
            }
        }
    }

    /** {@code e}, or when it has no place, the same with {@code p}'s current one. */
    public static JsonProcessingException at(JsonProcessingException e, JsonParser p) {
        return e.getLocation() != null || !(e instanceof StreamConstraintsException) ? e
                : new StreamConstraintsException(e.getOriginalMessage(), p.currentLocation());
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
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return mismatch(m);
        }
        String m = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage().strip().split("\n")[0];
        return m.replaceAll("\\[Source: [^;\\]]*; ", "[")
                .replaceAll(": enable `[^`]*` to allow", " (not JSON)")
                .replaceAll(", from `[^`]*`", "")
                .replaceAll("`(?:[a-z0-9_]+\\.)+([A-Za-z0-9_$]+)`", "$1");
    }

    /** {@code PATH: expected an object, found an array}: the part, what it must be and what it is, in JSON's words. */
    private static String mismatch(MismatchedInputException m) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        String found = found(m);
        return (path.length() == 0 ? "" : path + ": ") + "expected " + kind(m.getTargetType())
                + (found == null ? "" : ", found " + found);
    }

    /** What was found, in JSON's words, as Jackson's message names it ("from Array value"); null when it does not. */
    private static String found(MismatchedInputException m) {
        Matcher f = FOUND.matcher(String.valueOf(m.getOriginalMessage()));
        if (!f.find()) {
            return null;
        }
        return switch (f.group(1)) {
            case "Array" -> "an array";
            case "Object" -> "an object";
            case "String" -> "a string";
            case "Integer", "Floating-point", "Number" -> "a number";
            case "Boolean" -> "true or false";
            case "Null" -> "null";
            default -> null;
        };
    }

    private static String kind(Class<?> type) {
        if (type == String.class || type == char.class || type == Character.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        return "an object";
    }
}
