// The part files of a Parquet table in file order, and a row's place in that order.
package org.sbench.spark.source;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.regexp_extract;
import static org.apache.spark.sql.functions.shiftleft;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataTypes;
import org.sbench.SbenchException;

/**
 * Spark writes a part file per task, {@code part-N-UUID-c000.snappy.parquet}, and with
 * {@code spark.sql.files.maxRecordsPerFile} more of them per task, {@code -c001}, {@code -c002}, ...,
 * in the order it wrote them. A row's place in file order is its part's number, then its file's
 * counter (0 without one), then its row in that file: those three packed into a long, the file's
 * number ({@code part << counterBits | counter}) in the top 23 bits, as few bits for the counter as
 * the table's largest needs, and the row in {@link #ROW_BITS}.
 */
final class PartFiles {
    /** Bits of the row within its file in a row's place: a file holds fewer than 2^40 rows. */
    static final int ROW_BITS = 40;
    /** Bits of the file's number (part and counter) above them, the long's sign bit left clear. */
    static final int FILE_BITS = Long.SIZE - 1 - ROW_BITS;
    private static final String PART = "part-(\\d+)";
    /** Compression suffixes ({@code .zstd}) and the extension. */
    private static final String SUFFIX = "(?:\\.[A-Za-z0-9]+)*\\.parquet";
    /** A file counter, {@code -cNNN} (or {@code .cNNN} after a bucket), at the suffix. */
    private static final String COUNTER = "[-.]c(\\d+)" + SUFFIX;
    /** {@code part-N}, a UUID, a counter and the like, the suffix. */
    private static final Pattern NAME = Pattern.compile(PART + "(?:-.*)?" + SUFFIX);
    /**
     * A file's counter in its name, the first that reaches the end: the one a row's place reads, so the files are
     * numbered by it too.
     */
    private static final Pattern COUNTER_AT_END = Pattern.compile(COUNTER + "$");

    private final Map<Long, String> byNumber;
    private final int counterBits;

    private PartFiles(Map<Long, String> byNumber, int counterBits) {
        this.byNumber = Map.copyOf(byNumber);
        this.counterBits = counterBits;
    }

    /**
     * The part files among {@code names}, the files in the directory of {@code table}: a name that
     * starts with {@code _} or {@code .} is not one; any other name must be a part file's, and no
     * two may have the same part number and counter.
     */
    static PartFiles of(String table, List<String> names) {
        Map<String, long[]> numbers = new TreeMap<>();
        long maxCounter = 0;
        for (String name : names) {
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            Matcher m = NAME.matcher(name);
            if (!m.matches()) {
                throw SbenchException.badInput(table + "/" + name, "expected a part file of a Parquet table, part-N-....parquet");
            }
            Matcher counter = COUNTER_AT_END.matcher(name);
            long[] partAndCounter = {number(m.group(1)), counter.find() ? number(counter.group(1)) : 0};
            numbers.put(name, partAndCounter);
            maxCounter = Math.max(maxCounter, partAndCounter[1]);
        }
        int counterBits = Long.SIZE - Long.numberOfLeadingZeros(maxCounter);
        Map<Long, String> byNumber = new HashMap<>();
        for (Map.Entry<String, long[]> file : numbers.entrySet()) {
            long part = file.getValue()[0];
            long counter = file.getValue()[1];
            if (counterBits > FILE_BITS || part >= 1L << (FILE_BITS - counterBits)) {
                throw SbenchException.badInput(table + "/" + file.getKey(), "expected part numbers below 2^" + (FILE_BITS - Math.min(
                        counterBits, FILE_BITS)) + " with file counters up to " + counterName(maxCounter) + " (a row's place in file "
                        + "order is its part, file counter and row, in " + (Long.SIZE - 1) + " bits), found part " + part + ", "
                        + counterName(counter));
            }
            String other = byNumber.put(part << counterBits | counter, file.getKey());
            if (other != null) {
                throw SbenchException.badInput(table + "/" + file.getKey(), "expected one part file of part " + part + " and file counter "
                        + counterName(counter) + ", found " + other + " too (a table appended to?): the order of their rows is not known");
            }
        }
        return new PartFiles(byNumber, counterBits);
    }

    /** A part number or file counter; one too long for a long is beyond any the bits take. */
    private static long number(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** A file counter as Spark writes it in a name, {@code c007}. */
    private static String counterName(long counter) {
        return String.format("c%03d", counter);
    }

    /**
     * The place in file order of a row read from one of these files, from Spark's {@code _metadata} of it: the
     * counter's expression only for a table that has counters above 0, so that one without pays one match a row.
     */
    Column place() {
        Column name = col("_metadata.file_name");
        Column file = regexp_extract(name, "^" + PART, 1).cast(DataTypes.LongType);
        if (counterBits > 0) {
            // A name without a counter gives "": "0" before it makes the counter 0 (ANSI casts refuse "").
            Column counter = concat(lit("0"), regexp_extract(name, COUNTER_AT_END.pattern(), 1)).cast(DataTypes.LongType);
            file = shiftleft(file, counterBits).bitwiseOR(counter);
        }
        return shiftleft(file, ROW_BITS).bitwiseOR(col("_metadata.row_index"));
    }

    /** The checks of rows of {@code table} read from these files, which name a bad row's file from its place. */
    TableRowCheck rowCheck(String table) {
        return new TableRowCheck(table, byNumber, ROW_BITS);
    }
}
