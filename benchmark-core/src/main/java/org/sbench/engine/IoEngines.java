package org.sbench.engine;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.DeviceQueue;
import org.sbench.replay.NanoClock;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripeLayout;
import org.sbench.target.StripedTarget;
import org.sbench.target.Target;

/**
 * The engines by the word users type ({@code --engine}), and {@code auto}: io_uring, else libaio,
 * else sync, saying why each better engine was refused. The null target always gets the
 * {@code null} engine, which serves no other target (its results would claim IO that never ran).
 * A striped target gets the engine asked for opened over all its members, inside a
 * {@link StripedEngine} that splits each IO into member IOs, each member capped at what its queue
 * holds ({@link DeviceQueue#memberLimits}). So does a block device whose largest IO the block layer
 * would split, for the engines that cut IOs themselves ({@link #cutsIos}), as a stripe of one: each
 * read or write goes out as the requests the device takes whole.
 */
public final class IoEngines {
    public static final String AUTO = "auto";
    private static final String NULL_TARGET_KIND = "null";

    /** Opens an engine as {@link IoEngines#open} does; tests give one they control. */
    @FunctionalInterface
    public interface Opener {
        Opened open(String name, Target target, int depth, int maxIoBytes, NanoClock clock);
    }

    /** One engine's constructor, as the factories below are: {@code partSlots} slots without a buffer follow the {@code depth} buffered ones. */
    @FunctionalInterface
    interface Factory {
        IoEngine open(Target target, int depth, int maxIoBytes, int partSlots, NanoClock clock);
    }

    /** An engine {@code auto} may pick. */
    record Candidate(String name, Factory factory) {
    }

    /** What a user chooses from; the null engine, which the null target gets whatever is asked, is taken by name too. */
    private static final List<String> NAMES = List.of(AUTO, IoUringEngine.NAME, LibaioEngine.NAME, SyncEngine.NAME);
    /** The kernel-facing engines in the order {@code auto} tries them. */
    private static final List<Candidate> AUTO_ORDER = List.of(
            new Candidate(IoUringEngine.NAME, IoUringEngine::new),
            new Candidate(LibaioEngine.NAME, LibaioEngine::new),
            new Candidate(SyncEngine.NAME, SyncEngine::new));

    private IoEngines() {
    }

    /** The engines a user chooses from, {@code auto} first: every one but {@code null}, which serves only the null target. */
    public static List<String> names() {
        return NAMES;
    }

    /** True when {@link #open} takes {@code word} (lower case) as an engine's name: one of {@link #names()}, or {@code null}. */
    public static boolean isName(String word) {
        return NAMES.contains(word) || word.equals(NullEngine.NAME);
    }

    /**
     * Opens the engine {@code name} ({@code auto} or one of {@link #names()}, case-insensitive) on
     * {@code target} with {@code depth} slots whose buffers hold {@code maxIoBytes}.
     *
     * @throws SbenchException a usage error for an unknown name or bad sizes; a system failure
     *         naming the call when the named engine (or, for auto, the last resort) cannot start
     */
    public static Opened open(String name, Target target, int depth, int maxIoBytes, NanoClock clock) {
        return open(name, target, depth, maxIoBytes, clock, UnaryOperator.identity());
    }

    /**
     * As {@link #open(String, Target, int, int, NanoClock)}, with the kernel-facing engine it opens
     * passed through {@code kernel} (a test watching its calls): on a striped target, or a device
     * whose IOs are cut, the engine that the {@link StripedEngine} hands the member IOs to.
     */
    public static Opened open(String name, Target target, int depth, int maxIoBytes, NanoClock clock, UnaryOperator<IoEngine> kernel) {
        checkServes(name, target);
        String wanted = canonical(name);
        if (NULL_TARGET_KIND.equals(target.kind())) {
            IoEngine engine = new NullEngine(depth, maxIoBytes, clock);
            boolean asked = wanted.equals(AUTO) || wanted.equals(NullEngine.NAME);
            return new Opened(engine, asked ? "" : "the null target does no IO: using null");
        }
        StripedTarget stripe = target.stripe();
        boolean striped = stripe != null;
        if (!striped && !DeviceQueue.splits(target, maxIoBytes)) {
            Opened opened = openKernel(wanted, target, depth, maxIoBytes, 0, false, clock);
            return new Opened(kernel.apply(opened.engine()), opened.fallbackReason());
        }
        StripeLayout layout = striped ? stripe.layout() : StripeLayout.ONE;
        int partSlots = 0;
        for (int cap : DeviceQueue.memberLimits(target, layout, depth, maxIoBytes, true, true, 0)) {
            partSlots = Math.min(SlotBuffers.MAX_PART_SLOTS, partSlots + cap);
        }
        Opened opened = openKernel(wanted, target, depth, maxIoBytes, partSlots, striped, clock);
        IoEngine inner = kernel.apply(opened.engine());
        if (inner.slots().length == depth) {
            // An engine that does not cut IOs on a single target: the kernel splits them inside each call.
            return new Opened(inner, opened.fallbackReason());
        }
        try {
            // Without huge pages large parts split into more requests, so the members take fewer.
            boolean hugePages = inner.hugePageBytes() > 0;
            boolean cut = cutsIos(inner.name());
            int[] caps = DeviceQueue.memberLimits(target, layout, depth, maxIoBytes, hugePages, cut, inner.spareRequests());
            SplitGeometry[] splits = new SplitGeometry[layout.members()];
            for (int m = 0; m < splits.length; m++) {
                splits[m] = cut ? target.members().get(m).splitGeometry() : SplitGeometry.NONE;
            }
            return new Opened(new StripedEngine(inner, depth, layout, caps, splits), opened.fallbackReason());
        } catch (RuntimeException e) {
            inner.close();
            throw e;
        }
    }

    /**
     * Refuses (usage error) an engine {@link #open} would refuse by its name alone: one not in
     * {@link #names()}, or {@code null} for a target other than the null target. For the checks
     * before a target's first IO, so that a file made for a run the engine refuses is deleted again.
     */
    public static void checkServes(String name, Target target) {
        if (canonical(name).equals(NullEngine.NAME) && !NULL_TARGET_KIND.equals(target.kind())) {
            throw SbenchException.usage("engine 'null' serves only the null target, not " + target.path());
        }
    }

    /**
     * True when engine {@code name} cuts reads and writes into the requests the device takes whole:
     * io_uring and libaio, which hand the parts to the block layer in order from one thread. The sync
     * engine's workers would race them there; the kernel splits its IOs inside each call instead.
     */
    static boolean cutsIos(String name) {
        return !name.equals(SyncEngine.NAME);
    }

    /**
     * The kernel-facing engine {@code wanted} (or the first of auto's that opens), with
     * {@code partSlots} slots for member IOs when it cuts IOs ({@link #cutsIos}) or {@code always}.
     */
    private static Opened openKernel(String wanted, Target target, int depth, int maxIoBytes, int partSlots, boolean always,
                                     NanoClock clock) {
        if (!wanted.equals(AUTO)) {
            for (Candidate c : AUTO_ORDER) {
                if (c.name().equals(wanted)) {
                    return new Opened(c.factory().open(target, depth, maxIoBytes, partSlotsOf(c, partSlots, always), clock), "");
                }
            }
        }
        return openFirst(AUTO_ORDER, target, depth, maxIoBytes, partSlots, always, clock);
    }

    private static int partSlotsOf(Candidate c, int partSlots, boolean always) {
        return always || cutsIos(c.name()) ? partSlots : 0;
    }

    /** The first of {@code candidates} that opens; a usage error (bad sizes) stops the search. */
    static Opened openFirst(List<Candidate> candidates, Target target, int depth, int maxIoBytes, int partSlots, boolean always,
                            NanoClock clock) {
        StringBuilder refused = new StringBuilder();
        SbenchException last = null;
        for (Candidate c : candidates) {
            try {
                IoEngine engine = c.factory().open(target, depth, maxIoBytes, partSlotsOf(c, partSlots, always), clock);
                return new Opened(engine, refused.length() == 0 ? "" : refused + ": using " + c.name());
            } catch (SbenchException e) {
                if (e.kind() == ErrorKind.USAGE) {
                    throw e;
                }
                last = e;
                refused.append(refused.length() == 0 ? "" : "; ").append(c.name()).append(" refused (").append(e.getMessage()).append(')');
            }
        }
        throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "no IO engine could start: " + refused, last);
    }

    private static String canonical(String name) {
        String word = name.toLowerCase(Locale.ROOT);
        if (isName(word)) {
            return word;
        }
        throw SbenchException.usage("unknown IO engine " + SbenchException.quoted(name) + "; known engines: "
                + String.join(", ", NAMES));
    }

    /**
     * An open engine and, when {@code auto} or the null target changed the choice, why, as one
     * line such as {@code io_uring refused (io_uring_setup failed on ...: EPERM (...)): using
     * libaio}; empty when the engine asked for is the engine opened.
     */
    public record Opened(IoEngine engine, String fallbackReason) {
    }
}
