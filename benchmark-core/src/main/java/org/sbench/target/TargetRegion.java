package org.sbench.target;

import java.util.List;
import java.util.Map;

/**
 * The first {@code bytes} of an opened target, as a target of that size: what {@code sbench run
 * --scale F} runs its steps on, so that a shortened scenario is the whole scenario on a drive F times
 * the size (its fill fills the region its replays then read). Everything but the capacity is the
 * whole target's; IOs and erasures go to it as they are, each inside the region. Closing the region
 * leaves the whole target open: its owner closes it.
 */
public final class TargetRegion implements Target {
    private final Target whole;
    private final long bytes;

    /** The first {@code bytes} of {@code whole} (a multiple of its logical block, at most its capacity). */
    public TargetRegion(Target whole, long bytes) {
        if (bytes <= 0 || bytes > whole.capacityBytes() || bytes % whole.logicalBlockSize() != 0) {
            throw new IllegalArgumentException("a region of " + bytes + " bytes of " + whole.path() + " ("
                    + whole.capacityBytes() + " bytes, logical block " + whole.logicalBlockSize() + ")");
        }
        this.whole = whole;
        this.bytes = bytes;
    }

    @Override
    public String kind() {
        return whole.kind();
    }

    @Override
    public String path() {
        return whole.path();
    }

    @Override
    public long capacityBytes() {
        return bytes;
    }

    @Override
    public int logicalBlockSize() {
        return whole.logicalBlockSize();
    }

    @Override
    public int physicalBlockSize() {
        return whole.physicalBlockSize();
    }

    @Override
    public int fd() {
        return whole.fd();
    }

    @Override
    public Map<String, String> describe() {
        return whole.describe();
    }

    @Override
    public long unwrittenBytes(long endBytes) {
        return whole.unwrittenBytes(Math.min(endBytes, bytes));
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return whole.discard(offsetBytes, lengthBytes);
    }

    @Override
    public DiscardGeometry discardGeometry() {
        return whole.discardGeometry();
    }

    @Override
    public SplitGeometry splitGeometry() {
        return whole.splitGeometry();
    }

    @Override
    public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        return whole.erase(method, offsetBytes, lengthBytes);
    }

    @Override
    public Erasure erasure(EraseMethod method) {
        return whole.erasure(method);
    }

    @Override
    public int flush() {
        return whole.flush();
    }

    @Override
    public List<Target> members() {
        return whole.members();
    }

    @Override
    public StripedTarget stripe() {
        return whole.stripe();
    }

    /** Nothing: the whole target is its owner's to close. */
    @Override
    public void close() {
    }
}
