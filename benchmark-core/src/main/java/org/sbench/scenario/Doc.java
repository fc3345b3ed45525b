package org.sbench.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.JsonErrors;

/**
 * A YAML or JSON document read as a tree whose every key and value knows its line, so that a
 * scenario file's errors name {@code FILE:LINE}. Read with Jackson's streaming parser (YAML through
 * jackson-dataformat-yaml; JSON when the file name ends in {@code .json}); scalars are kept as the
 * text written ({@code 10m}, {@code 2}, {@code true}). Duplicate keys and several documents are refused.
 */
final class Doc {
    /** A value: a scalar (text, or null for an empty value), a list or a map. */
    sealed interface Node permits Scalar, Items, Fields {
        int line();
    }

    /** A scalar as written; {@code text} null for an empty value ({@code purge:}). */
    record Scalar(String text, int line) implements Node {
    }

    record Items(List<Node> items, int line) implements Node {
    }

    /** A map in the order written. */
    record Fields(Map<String, Field> fields, int line) implements Node {
    }

    /** One key of a map, its line, and its value. */
    record Field(String key, int line, Node value) {
    }

    private Doc() {
    }

    /** The document of {@code text}, read from {@code file} (named in errors). */
    static Node read(String file, String text) {
        JsonFactory factory = file.endsWith(".json") ? new JsonFactory() : new YAMLFactory();
        try (JsonParser p = factory.createParser(text)) {
            try {
                return document(file, p);
            } catch (JsonProcessingException e) {
                JsonLocation at = JsonErrors.at(e, p).getLocation();
                int line = at == null ? 1 : Math.max(1, at.getLineNr());
                throw error(file, line, "not " + (factory instanceof YAMLFactory ? "YAML" : "JSON") + ": " + JsonErrors.message(e));
            }
        } catch (IOException e) {
            throw error(file, 1, "unreadable: " + e.getMessage());
        }
    }

    private static Node document(String file, JsonParser p) throws IOException {
        if (p.nextToken() == null) {
            throw error(file, 1, "empty file; a scenario lists its steps under 'steps:'");
        }
        Node root = node(file, p);
        if (p.nextToken() != null) {
            throw error(file, line(p), "a second document; a scenario file holds one");
        }
        return root;
    }

    private static Node node(String file, JsonParser p) throws IOException {
        int line = line(p);
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, Field> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = line(p);
                    p.nextToken();
                    Field f = new Field(key, keyLine, node(file, p));
                    if (fields.put(key, f) != null) {
                        throw error(file, keyLine, SbenchException.quoted(key) + " given twice");
                    }
                }
                return new Fields(fields, line);
            }
            case START_ARRAY: {
                List<Node> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(node(file, p));
                }
                return new Items(items, line);
            }
            case VALUE_NULL:
                return new Scalar(null, line);
            case VALUE_STRING:
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new Scalar(p.getText(), line);
            default:
                throw error(file, line, "unexpected " + t);
        }
    }

    private static int line(JsonParser p) {
        return Math.max(1, p.currentTokenLocation().getLineNr());
    }

    /** {@code FILE:LINE: MESSAGE}, a bad-input error. */
    static SbenchException error(String file, int line, String message) {
        return new SbenchException(ErrorKind.BAD_INPUT, file + ":" + line + ": " + message);
    }
}
