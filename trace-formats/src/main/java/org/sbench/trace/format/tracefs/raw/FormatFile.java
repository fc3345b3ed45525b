// The fields of a tracefs format file (events/*/*/format, events/header_page): name, offset, size, signedness.
package org.sbench.trace.format.tracefs.raw;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sbench.SbenchException;

/**
 * A tracefs {@code format} file as the kernel prints it for an event ({@code name:}, {@code ID:},
 * then one {@code field:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;} line a field) or for the ring
 * buffer's page header ({@code events/header_page}, the same field lines). Fields are found by
 * name ({@code rwbs} for {@code char rwbs[10]}), never by position: kernels add, drop and move them.
 */
public final class FormatFile {
    /** One field: where in the event's data, how wide, and how to read it. */
    public record Field(String name, int offset, int size, boolean signed, boolean dataLoc) {
    }

    private final String source;
    private final String name;
    private final int id;
    private final Map<String, Field> fields;

    private FormatFile(String source, String name, int id, Map<String, Field> fields) {
        this.source = source;
        this.name = name;
        this.id = id;
        this.fields = fields;
    }

    /**
     * Parses {@code text}, read from {@code source} (named in errors).
     *
     * @throws SbenchException a bad input naming the line that is not as the kernel prints it
     */
    public static FormatFile parse(String source, String text) {
        String name = null;
        int id = -1;
        Map<String, Field> fields = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("name:")) {
                name = l.substring("name:".length()).strip();
            } else if (l.startsWith("ID:")) {
                id = number(source, l, l.substring("ID:".length()).strip());
            } else if (l.startsWith("field:")) {
                Field f = field(source, l);
                fields.put(f.name(), f);
            }
        }
        if (fields.isEmpty()) {
            throw SbenchException.badInput(source, "no 'field:TYPE NAME; offset:N; size:N; signed:N;' line: not a tracefs format file");
        }
        return new FormatFile(source, name, id, fields);
    }

    private static Field field(String source, String line) {
        String[] parts = line.split(";");
        if (parts.length < 4) {
            throw SbenchException.badInput(source, SbenchException.quoted(line)
                    + ": expected 'field:TYPE NAME; offset:N; size:N; signed:N;'");
        }
        String declaration = parts[0].substring("field:".length()).strip();
        int space = declaration.lastIndexOf(' ');
        String fieldName = declaration.substring(space + 1);
        int bracket = fieldName.indexOf('[');
        if (bracket >= 0) {
            fieldName = fieldName.substring(0, bracket);
        }
        int offset = number(source, line, value(source, line, parts[1], "offset"));
        int size = number(source, line, value(source, line, parts[2], "size"));
        boolean signed = number(source, line, value(source, line, parts[3], "signed")) != 0;
        return new Field(fieldName, offset, size, signed, declaration.startsWith("__data_loc"));
    }

    private static String value(String source, String line, String part, String key) {
        String p = part.strip();
        if (!p.startsWith(key + ":")) {
            throw SbenchException.badInput(source, SbenchException.quoted(line) + ": expected '" + key + ":N'");
        }
        return p.substring(key.length() + 1).strip();
    }

    private static int number(String source, String line, String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw SbenchException.badInput(source, SbenchException.quoted(line) + ": " + SbenchException.quoted(digits)
                    + " is not a number");
        }
    }

    /** Where the text was read from, as errors name it. */
    public String source() {
        return source;
    }

    /** The event's name ({@code block_rq_issue}); null for the page header. */
    public String name() {
        return name;
    }

    /** The event's {@code common_type}; -1 for the page header. */
    public int id() {
        return id;
    }

    /** The field {@code fieldName}, or null when this kernel has none of that name. */
    public Field optional(String fieldName) {
        return fields.get(fieldName);
    }

    /**
     * The field {@code fieldName}.
     *
     * @throws SbenchException a bad input when this format has no such field
     */
    public Field required(String fieldName) {
        Field f = fields.get(fieldName);
        if (f == null) {
            throw SbenchException.badInput(source, "no field '" + fieldName + "' (fields: " + String.join(", ", fields.keySet()) + ")");
        }
        return f;
    }
}
