// Spark rows as the JSON `sbench inspect --json` prints.
package org.sbench.spark.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Turns rows into JSON objects by their schema: keys in schema order, nulls written as null. */
final class RowJson {
    private final ObjectMapper mapper;

    RowJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Writes {@code name: [...]}, an object per row, holding one row's object at a time. */
    void array(JsonGenerator g, String name, Iterator<Row> rows, StructType schema) throws IOException {
        g.writeArrayFieldStart(name);
        while (rows.hasNext()) {
            mapper.writeTree(g, object(rows.next(), schema));
        }
        g.writeEndArray();
    }

    ObjectNode object(Row row, StructType schema) {
        ObjectNode o = mapper.createObjectNode();
        StructField[] fields = schema.fields();
        for (int i = 0; i < fields.length; i++) {
            o.set(fields[i].name(), value(row.get(i), fields[i].dataType()));
        }
        return o;
    }

    private JsonNode value(Object v, DataType type) {
        if (v == null) {
            return mapper.nullNode();
        }
        if (type instanceof StructType s) {
            return object((Row) v, s);
        }
        if (type instanceof ArrayType a) {
            ArrayNode out = mapper.createArrayNode();
            for (Object e : scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) v)) {
                out.add(value(e, a.elementType()));
            }
            return out;
        }
        return mapper.valueToTree(v);
    }
}
