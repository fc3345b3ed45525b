package org.sbench.step;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * A figure that does not exist yet (NaN in Java) as JSON {@code null}, and back: so that a field of
 * {@code bundle.json} is a number or null, never the string {@code "NaN"} that JSON readers take for
 * text.
 */
final class NanAsNull {
    private NanAsNull() {
    }

    static final class Writer extends StdSerializer<Double> {
        Writer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value == null || value.isNaN()) {
                gen.writeNull();
            } else {
                gen.writeNumber(value);
            }
        }
    }

    static final class Reader extends StdDeserializer<Double> {
        Reader() {
            super(Double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return p.getValueAsDouble(Double.NaN);
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.NaN;
        }
    }
}
