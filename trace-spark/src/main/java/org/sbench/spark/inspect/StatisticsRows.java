// TraceStatistics as Spark rows, and back, by the record's own components.
package org.sbench.spark.inspect;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Maps {@link TraceStatistics} (and the records inside it) to Spark rows and back through the
 * records' components, so the table has exactly the keys {@code sbench inspect --json} prints, in
 * its order, whatever components trace-formats adds. The one rename is the CLI's: a size class's
 * {@code sizeClass} is the column {@code class}.
 */
public final class StatisticsRows {
    /** The schema of one statistics row. */
    public static final StructType SCHEMA = structOf(TraceStatistics.class);
    /** A row of a statistics table: the file (per-file rows, per-file volumes) and stream (volumes), then {@link #SCHEMA}. */
    public static final StructType KEYED_SCHEMA = keyed();
    private static final int KEYS = 2;

    private static final String SIZE_CLASS_COMPONENT = "sizeClass";
    private static final String SIZE_CLASS_COLUMN = "class";

    private StatisticsRows() {
    }

    /** A row of {@link #KEYED_SCHEMA}; {@code file} and {@code stream} may be null. */
    public static Row toRow(String file, Integer stream, TraceStatistics stats) {
        Row values = (Row) toValue(stats);
        Object[] all = new Object[KEYS + values.length()];
        all[0] = file;
        all[1] = stream;
        for (int i = 0; i < values.length(); i++) {
            all[KEYS + i] = values.get(i);
        }
        return RowFactory.create(all);
    }

    /** The statistics of a row of {@link #KEYED_SCHEMA}. */
    public static TraceStatistics toStatistics(Row keyed) {
        Object[] values = new Object[keyed.length() - KEYS];
        for (int i = 0; i < values.length; i++) {
            values[i] = keyed.get(KEYS + i);
        }
        return (TraceStatistics) fromValue(RowFactory.create(values), TraceStatistics.class);
    }

    private static StructType keyed() {
        StructType keys = new StructType()
                .add("file", DataTypes.StringType, true)
                .add("stream", DataTypes.IntegerType, true);
        for (StructField f : SCHEMA.fields()) {
            keys = keys.add(f);
        }
        return keys;
    }

    private static StructType structOf(Class<?> record) {
        RecordComponent[] components = record.getRecordComponents();
        StructField[] fields = new StructField[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            fields[i] = new StructField(columnName(c), typeOf(c.getGenericType()), !c.getType().isPrimitive(), Metadata.empty());
        }
        return new StructType(fields);
    }

    private static String columnName(RecordComponent c) {
        return c.getName().equals(SIZE_CLASS_COMPONENT) ? SIZE_CLASS_COLUMN : c.getName();
    }

    private static DataType typeOf(Type type) {
        if (type == long.class) {
            return DataTypes.LongType;
        }
        if (type == int.class) {
            return DataTypes.IntegerType;
        }
        if (type == double.class) {
            return DataTypes.DoubleType;
        }
        if (type == boolean.class) {
            return DataTypes.BooleanType;
        }
        if (type == String.class) {
            return DataTypes.StringType;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return new ArrayType(typeOf(p.getActualTypeArguments()[0]), false);
        }
        if (type instanceof Class<?> c && c.isRecord()) {
            return structOf(c);
        }
        throw new IllegalArgumentException("no Spark type for " + type);
    }

    private static Object toValue(Object value) {
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(toValue(o));
            }
            return scala.jdk.javaapi.CollectionConverters.asScala(out).toSeq();
        }
        if (value != null && value.getClass().isRecord()) {
            RecordComponent[] components = value.getClass().getRecordComponents();
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                try {
                    values[i] = toValue(components[i].getAccessor().invoke(value));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return RowFactory.create(values);
        }
        return value;
    }

    private static Object fromValue(Object value, Type type) {
        if (value == null) {
            return null;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            List<Object> out = new ArrayList<>();
            Type element = p.getActualTypeArguments()[0];
            for (Object o : listOf(value)) {
                out.add(fromValue(o, element));
            }
            return out;
        }
        if (type instanceof Class<?> c && c.isRecord()) {
            Row row = (Row) value;
            RecordComponent[] components = c.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            Object[] args = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                args[i] = fromValue(row.get(i), components[i].getGenericType());
            }
            try {
                Constructor<?> canonical = c.getDeclaredConstructor(types);
                return canonical.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return value;
    }

    private static List<?> listOf(Object value) {
        if (value instanceof List<?> l) {
            return l;
        }
        if (value instanceof scala.collection.Seq<?> s) {
            return scala.jdk.javaapi.CollectionConverters.asJava(s);
        }
        throw new IllegalArgumentException("not a list: " + value.getClass());
    }
}
