// A RAID 0 array that sbench makes itself over several devices or files, without md or dm.
package org.sbench.target;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.sbench.SbenchException;
import org.sbench.trace.units.Sizes;

/**
 * Several targets striped as RAID 0 ({@link StripeLayout}): the replay splits each trace IO into
 * member IOs itself (the engines hold one descriptor per member), so the drives' own behaviour is
 * measured, per drive and for the array, with no RAID driver or controller in between. Each member
 * is opened as a target of its own ({@link Targets#open}): locked, checked, its {@code nomerges}
 * set and restored. Every member contributes the smallest member's size rounded down to whole
 * chunks; the rest of a larger member is never touched.
 *
 * <p>Array-wide calls: {@link #flush} flushes every member, {@link #discard} and {@link #erase}
 * (a purge) send one ranged call to each member the range touches. The target owns its members and
 * closes them.
 */
public final class StripedTarget implements Target {
    public static final String KIND = "stripe";

    // describe() keys
    public static final String KEY_STRIPE = "stripe";
    public static final String KEY_CHUNK_BYTES = "chunkBytes";
    public static final String KEY_MEMBERS = "members";
    public static final String KEY_MEMBER_BYTES = "memberBytes";

    private final String spec;
    private final StripeLayout layout;
    private final List<Target> members;
    private final long memberBytes;
    private final int logicalBlockSize;
    private final int physicalBlockSize;
    private boolean closed;

    private StripedTarget(String spec, StripeLayout layout, List<Target> members, long memberBytes) {
        this.spec = spec;
        this.layout = layout;
        this.members = List.copyOf(members);
        this.memberBytes = memberBytes;
        int logical = 0;
        int physical = 0;
        for (Target m : members) {
            logical = Math.max(logical, m.logicalBlockSize());
            physical = Math.max(physical, m.physicalBlockSize());
        }
        this.logicalBlockSize = logical;
        this.physicalBlockSize = physical;
    }

    /**
     * Opens every member of {@code stripe} with {@code open} (a file member gets its share of the
     * array's {@code --size}), in the order of their identities ({@link #checkDistinct}), once {@code checkMembers} has
     * checked them and found room for all of them on their file systems together ({@link FileTarget#checkMembersRoom}); when a later
     * one fails, abandons those opened ({@link Target#abandon}). Opening locks a member: in stripe order, two
     * stripes of shared members named in other orders, started together, could each lock one and be refused the
     * other's, and neither ran; in one order the first shared member decides.
     *
     * @throws SbenchException a usage error for a member named twice, members on one disk, a member
     *                         smaller than a chunk or a chunk smaller than a member's block; whatever
     *                         opening a member throws
     */
    static StripedTarget open(String spec, StripeSpec stripe, TargetSettings settings,
                              BiFunction<String, TargetSettings, Target> open, BiConsumer<List<String>, TargetSettings> checkMembers) {
        StripeLayout layout = new StripeLayout(stripe.members().size(), stripe.chunkBytes());
        List<String> lockOrder = checkDistinct(spec, stripe.members());
        TargetSettings each = share(settings, layout);
        checkMembers.accept(stripe.members(), each);
        List<Target> opened = new ArrayList<>();
        Map<String, Target> byMember = new HashMap<>();
        try {
            long smallest = Long.MAX_VALUE;
            for (String member : lockOrder) {
                Target t = open.apply(member, each);
                opened.add(t);
                byMember.put(member, t);
                if (t.logicalBlockSize() > stripe.chunkBytes()) {
                    throw SbenchException.usage("--target " + spec + ": chunk " + StripeSpec.chunkText(stripe.chunkBytes())
                            + " is smaller than the " + t.logicalBlockSize() + "-byte blocks of " + member);
                }
                if (t.capacityBytes() < stripe.chunkBytes()) {
                    throw SbenchException.usage("--target " + spec + ": member " + member + " holds " + t.capacityBytes()
                            + " bytes, less than one chunk");
                }
                smallest = Math.min(smallest, t.capacityBytes());
            }
            return new StripedTarget(spec, layout, stripe.members().stream().map(byMember::get).toList(), layout.memberBytes(smallest));
        } catch (RuntimeException e) {
            RuntimeException closing = closeAll(opened, Target::abandon);
            if (closing != null) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** {@link Targets#check} of a stripe: its members distinct, each checked by {@code check} with the settings it would be opened with. */
    static void check(String spec, StripeSpec stripe, TargetSettings settings, BiConsumer<String, TargetSettings> check) {
        checkDistinct(spec, stripe.members());
        TargetSettings each = share(settings, new StripeLayout(stripe.members().size(), stripe.chunkBytes()));
        stripe.members().forEach(member -> check.accept(member, each));
    }

    /**
     * Refuses a member named twice, through whatever path: the same disk (a partition's disk too:
     * its members would share one queue, and one run lock per disk) or the same file. Returns the
     * members in the order of their identities' text (the disk's {@code MAJOR:MINOR}, the file's
     * device and inode, a new file's path), which every process gives them whatever the stripe's order.
     */
    private static List<String> checkDistinct(String spec, List<String> members) {
        Map<Object, String> seen = new TreeMap<>(Comparator.comparing(Object::toString));
        for (String member : members) {
            Path path = Path.of(member);
            Object key;
            String same;
            if (SysfsBlockDevice.isBlockDevice(path)) {
                SysfsBlockDevice disk = SysfsBlockDevice.ofDeviceNode(path, Targets.SYS).disk();
                key = disk.majorMinor();
                same = "on the same disk (" + disk.devPath() + ")";
            } else {
                key = FileKey.of(path).map(Object.class::cast).orElse(path.toAbsolutePath().normalize());
                same = "the same file";
            }
            String earlier = seen.putIfAbsent(key, member);
            if (earlier != null) {
                throw SbenchException.usage("--target " + spec + ": " + (earlier.equals(member) ? "member " + member + " is named twice"
                        : "members " + earlier + " and " + member + " are " + same) + "; a stripe needs distinct drives");
            }
        }
        return List.copyOf(seen.values());
    }

    /** A member's settings: a file member is made or grown to its share of {@code --size} (or of the default size). */
    private static TargetSettings share(TargetSettings settings, StripeLayout layout) {
        TargetSettings each = settings;
        if (settings.sizeBytes().isPresent()) {
            each = each.withSizeBytes(perMember(settings.sizeBytes().getAsLong(), layout));
        }
        if (settings.defaultSizeBytes().isPresent()) {
            each = each.withDefaultSizeBytes(perMember(settings.defaultSizeBytes().getAsLong(), layout),
                    "its share of " + settings.defaultSizeSource());
        }
        return each;
    }

    /**
     * Whole chunks on each member, enough for {@code arrayBytes} over all of them (a member's chunks
     * of the rows {@code [0, arrayBytes)} reaches), or 2^63 - 1 bytes when that is past it.
     */
    private static long perMember(long arrayBytes, StripeLayout layout) {
        int n = layout.members();
        return Sizes.roundedUp(arrayBytes / n + (arrayBytes % n == 0 ? 0 : 1), layout.chunkBytes());
    }

    /** Closes {@code targets} by {@code closing}, the last first, each also if another failed; the first failure (the others suppressed by it), or null. */
    private static RuntimeException closeAll(List<Target> targets, Consumer<Target> closing) {
        RuntimeException failure = null;
        for (int i = targets.size() - 1; i >= 0; i--) {
            try {
                closing.accept(targets.get(i));
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        return failure;
    }

    public StripeLayout layout() {
        return layout;
    }

    /** Bytes used on every member: the smallest member's capacity in whole chunks. */
    public long memberBytes() {
        return memberBytes;
    }

    /** The members in stripe order (chunk 0 on the first). */
    @Override
    public List<Target> members() {
        return members;
    }

    @Override
    public StripedTarget stripe() {
        return this;
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The spec as the user gave it: {@code stripe:64K:/dev/nvme0n1,/dev/nvme1n1}. */
    @Override
    public String path() {
        return spec;
    }

    @Override
    public long capacityBytes() {
        return memberBytes * members.size();
    }

    /** The largest of the members' (all powers of two, so a multiple of each). */
    @Override
    public int logicalBlockSize() {
        return logicalBlockSize;
    }

    @Override
    public int physicalBlockSize() {
        return physicalBlockSize;
    }

    /** -1: IOs go to the members' descriptors. */
    @Override
    public int fd() {
        return -1;
    }

    /**
     * The geometry: {@link #KEY_STRIPE} in words ({@code 2 x 64.0 GB striped, 64 KiB}), chunk,
     * member count and bytes used per member, {@code nomerges} as the members had it for the
     * run (one value when they agree), and, when every member has a serial number, theirs in stripe
     * order ({@code S1,S2}): the array's identity, by which a bundle is resumed only on these drives
     * in this order. Each member describes itself ({@link #members()}).
     */
    @Override
    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(KEY_STRIPE, words(members.size(), memberBytes, layout.chunkBytes()));
        d.put(KEY_CHUNK_BYTES, Long.toString(layout.chunkBytes()));
        d.put(KEY_MEMBERS, Integer.toString(members.size()));
        d.put(KEY_MEMBER_BYTES, Long.toString(memberBytes));
        List<String> nomerges = new ArrayList<>();
        List<String> serials = new ArrayList<>();
        for (Target m : members) {
            Map<String, String> md = m.describe();
            String v = md.get(BlockDeviceTarget.KEY_NOMERGES);
            if (v != null) {
                addOnce(nomerges, v);
            }
            serials.add(md.get(BlockDeviceTarget.KEY_SERIAL));
        }
        if (!nomerges.isEmpty()) {
            d.put(BlockDeviceTarget.KEY_NOMERGES, String.join(",", nomerges));
        }
        if (!serials.contains(null)) {
            d.put(BlockDeviceTarget.KEY_SERIAL, String.join(",", serials));
        }
        return d;
    }

    /** A stripe in the words reviews use: {@code 2 x 64.0 GB striped, 64 KiB}. */
    public static String words(int members, long memberBytes, long chunkBytes) {
        return members + " x " + TargetSafety.decimalSize(memberBytes) + " striped, " + StripeSpec.chunkText(chunkBytes);
    }

    /**
     * The members' unwritten bytes over the rows of chunks that {@code [0, endBytes)} reaches, or
     * {@link #UNWRITTEN_UNKNOWN} when a member cannot tell; at most the range itself.
     */
    @Override
    public long unwrittenBytes(long endBytes) {
        long perMember = Math.min(memberBytes, perMember(endBytes, layout));
        long total = 0;
        for (Target m : members) {
            long u = m.unwrittenBytes(perMember);
            if (u == UNWRITTEN_UNKNOWN) {
                return UNWRITTEN_UNKNOWN;
            }
            total += u;
        }
        return Math.min(total, endBytes);
    }

    /** One ranged discard on each member the range touches; the first failure, or 0. Thread-safe as the members are. */
    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return onEachMember(offsetBytes, lengthBytes, Target::discard);
    }

    /** The range erased by {@code method} on each member it touches, as one ranged call there (a purge); the first failure, or 0. */
    @Override
    public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        return onEachMember(offsetBytes, lengthBytes, (member, start, length) -> member.erase(method, start, length));
    }

    /** A call on one member's range: 0 or a negative errno. */
    @FunctionalInterface
    private interface RangeCall {
        int call(Target member, long offsetBytes, long lengthBytes);
    }

    /** {@code call} on the part of array range [offsetBytes, +lengthBytes) each member holds, where it holds any; the first failure, or 0. */
    private int onEachMember(long offsetBytes, long lengthBytes, RangeCall call) {
        int rc = 0;
        for (int m = 0; m < members.size(); m++) {
            long start = layout.rangeStart(offsetBytes, m);
            long end = layout.rangeStart(offsetBytes + lengthBytes, m);
            if (start < end) {
                int r = call.call(members.get(m), start, end - start);
                rc = rc == 0 ? r : rc;
            }
        }
        return rc;
    }

    /**
     * What the members say of {@code method}: their words and calls (one each where they agree), the
     * first member's refusal (a stripe is erased on every member or not at all), and their notes: once,
     * of "each member", where every member says the same of itself.
     */
    @Override
    public Erasure erasure(EraseMethod method) {
        List<String> words = new ArrayList<>();
        List<String> calls = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String refusal = null;
        for (Target m : members) {
            Erasure e = m.erasure(method);
            addOnce(words, e.method());
            addOnce(calls, e.call());
            if (e.note() != null) {
                addOnce(notes, e.note());
            }
            refusal = refusal == null ? e.refusal() : refusal;
        }
        return new Erasure(String.join(",", words), String.join(", ", calls) + " on each member", refusal, joined(notes));
    }

    /** The members' notes, one of "each member" where each is the same sentence of the member it comes from. */
    private String joined(List<String> notes) {
        if (notes.isEmpty()) {
            return null;
        }
        String first = members.get(0).path() + " ";
        if (notes.size() == members.size() && notes.get(0).startsWith(first)) {
            String said = notes.get(0).substring(first.length());
            boolean alike = true;
            for (int i = 1; i < notes.size() && alike; i++) {
                alike = notes.get(i).equals(members.get(i).path() + " " + said);
            }
            if (alike) {
                return "each member " + said;
            }
        }
        return String.join("; ", notes);
    }

    private static void addOnce(List<String> list, String value) {
        if (!list.contains(value)) {
            list.add(value);
        }
    }

    /** Flushes every member; the first failure, or 0. */
    @Override
    public int flush() {
        int rc = 0;
        for (Target m : members) {
            int r = m.flush();
            rc = rc == 0 ? r : rc;
        }
        return rc;
    }

    /** Closes every member (restoring its queue settings, releasing its lock), the last first, each also if another failed. */
    @Override
    public void close() {
        close(Target::close);
    }

    /** Abandons every member: the files the array created are deleted. */
    @Override
    public void abandon() {
        close(Target::abandon);
    }

    private void close(Consumer<Target> closing) {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = closeAll(members, closing);
        if (failure != null) {
            throw failure;
        }
    }
}
