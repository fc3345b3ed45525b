package org.sbench.engine;

import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import org.sbench.target.Target;

/**
 * A target without a descriptor, for engine tests that do no reads or writes: of {@code kind} ("null": the null
 * target as the engines see it), its flush doing what it is given, of the members given (none: itself alone).
 */
final class StubTarget implements Target {
    private final String kind;
    private final IntSupplier flush;
    private final List<Target> members;

    StubTarget(String kind) {
        this(kind, () -> 0, List.of());
    }

    StubTarget(String kind, IntSupplier flush, List<Target> members) {
        this.kind = kind;
        this.flush = flush;
        this.members = members;
    }

    @Override public String kind() { return kind; }
    @Override public String path() { return null; }
    @Override public long capacityBytes() { return 1L << 40; }
    @Override public int logicalBlockSize() { return 512; }
    @Override public int physicalBlockSize() { return 512; }
    @Override public int fd() { return -1; }
    @Override public Map<String, String> describe() { return Map.of(); }
    @Override public int discard(long offsetBytes, long lengthBytes) { return 0; }
    @Override public int flush() { return flush.getAsInt(); }
    @Override public void close() { }

    @Override
    public List<Target> members() {
        return members.isEmpty() ? List.of(this) : members;
    }
}
