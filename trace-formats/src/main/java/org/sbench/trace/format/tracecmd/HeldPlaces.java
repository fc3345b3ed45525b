// Where in a trace.dat the pages one CPU's merge holds came from, kept as numbers: the text is made only for an error.
package org.sbench.trace.format.tracecmd;

/**
 * The places of the pages read from one CPU and not yet released, oldest first: each the file byte of the page (plain
 * data) or of its compressed chunk, and its page in that chunk (-1 for plain data). A ring of two arrays that grows
 * to the most pages held at once. Not thread-safe.
 */
final class HeldPlaces {
    /** {@code CPU N's data}. */
    private final String data;
    /** The compression of the CPU's data, null for none. */
    private final Codec codec;
    private long[] bytes = new long[4];
    private int[] pages = new int[4];
    /** Where in the arrays the oldest place is. */
    private int first;
    private int size;

    HeldPlaces(int cpu, Codec codec) {
        this.data = "CPU " + cpu + "'s data";
        this.codec = codec;
    }

    int size() {
        return size;
    }

    /** Drops the oldest places until {@code held} are left. */
    void keep(int held) {
        while (size > held) {
            first = (first + 1) % bytes.length;
            size--;
        }
    }

    void add(long at, int pageInChunk) {
        if (size == bytes.length) {
            long[] b = new long[2 * size];
            int[] p = new int[2 * size];
            for (int i = 0; i < size; i++) {
                b[i] = bytes[(first + i) % size];
                p[i] = pages[(first + i) % size];
            }
            bytes = b;
            pages = p;
            first = 0;
        }
        int last = (first + size) % bytes.length;
        bytes[last] = at;
        pages[last] = pageInChunk;
        size++;
    }

    /** Where the {@code i}th oldest page is: {@code byte N (a page of CPU 1's data)}, or its chunk's byte and its place in it. */
    String place(int i) {
        long at = bytes[(first + i) % bytes.length];
        int page = pages[(first + i) % pages.length];
        return "byte " + at + (page < 0 ? " (a page of " : " (page " + page + " of the " + codec.word() + " chunk there, of ") + data + ")";
    }
}
