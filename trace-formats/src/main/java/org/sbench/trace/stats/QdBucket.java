package org.sbench.trace.stats;

/** The queue-depth ranges in which trace statistics are stated: 1, 2, 3, 4–5, 6–10, 11–20, 21–32, >32. */
public enum QdBucket {
    QD1("1", 1),
    QD2("2", 2),
    QD3("3", 3),
    QD4_5("4-5", 5),
    QD6_10("6-10", 10),
    QD11_20("11-20", 20),
    QD21_32("21-32", 32),
    OVER_32(">32", Integer.MAX_VALUE);

    private static final QdBucket[] VALUES = values();
    private static final QdBucket[] BY_QD = byDepth();
    private final String label;
    private final int max;

    QdBucket(String label, int max) {
        this.label = label;
        this.max = max;
    }

    public String label() {
        return label;
    }

    /** The bucket of a queue depth of at least 1. */
    public static QdBucket of(int qd) {
        return qd < BY_QD.length ? BY_QD[qd] : OVER_32;
    }

    /** The bucket of each depth up to 32, by depth; a table rather than a walk over the buckets. */
    private static QdBucket[] byDepth() {
        QdBucket[] table = new QdBucket[QD21_32.max + 1];
        for (int qd = 0; qd < table.length; qd++) {
            for (int b = VALUES.length - 1; b >= 0 && qd <= VALUES[b].max; b--) {
                table[qd] = VALUES[b];
            }
        }
        return table;
    }
}
