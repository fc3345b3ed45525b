// What an .sbt writer or reader keeps of its process names in memory.
package org.sbench.trace.format.sbt;

/**
 * The process names an .sbt writer or reader keeps in memory: {@code tableBytes} of its {@link ProcessTable} (the rest
 * goes to the temporary directory), the writer's index of the {@code indexedNames} names met last, the reader's
 * {@link ProcessNameCache} of {@code cachedNames} Strings (a power of two).
 */
record NameMemory(int tableBytes, int indexedNames, int cachedNames) {
    /** A trace's: some 4,000 names of 256 bytes in memory, the indexes of 16,384 (some 5 MB of 256-byte names), 4,096 Strings. */
    static final NameMemory TRACE = new NameMemory(1 << 20, 1 << 14, 1 << 12);
    /**
     * One of the external sort's runs, 64 of which a merge reads at once, each from its first record to its last: 64 KiB
     * of names (some 3,500 of a Linux comm), the indexes of 1,024 and 256 Strings, some 150 KiB however long the names.
     */
    static final NameMemory RUN = new NameMemory(64 << 10, 1 << 10, 1 << 8);
}
