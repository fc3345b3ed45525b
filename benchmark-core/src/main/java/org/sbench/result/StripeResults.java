// The striped-target section of a result: the geometry and what each member did.
package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import org.sbench.metrics.IoGroup;
import org.sbench.metrics.MemberMetrics;
import org.sbench.metrics.SplitCount;
import org.sbench.target.StripedTarget;
import org.sbench.target.Target;
import org.sbench.trace.Op;

/** Derives the {@link ReplayResult.Stripe} section of a run on a striped target, once, at its end. */
public final class StripeResults {
    private StripeResults() {
    }

    /**
     * {@code result} with the stripe section of {@code target} and the member numbers of the run
     * ({@code splits}, from {@link SplitCount#attach}: {@link MemberMetrics} on a striped target);
     * {@code result} itself for any other target.
     */
    public static ReplayResult addTo(ReplayResult result, Target target, SplitCount splits) {
        StripedTarget stripe = target.stripe();
        if (!(splits instanceof MemberMetrics members) || stripe == null) {
            return result;
        }
        List<ReplayResult.Member> out = new ArrayList<>();
        for (int m = 0; m < members.members(); m++) {
            Target t = stripe.members().get(m);
            IoGroup all = members.all(m);
            out.add(new ReplayResult.Member(t.path(), t.kind(), t.capacityBytes(), t.describe(), members.inFlightCap(m), all.ios(),
                    members.op(m, Op.READ).ios(), members.op(m, Op.WRITE).ios(), members.op(m, Op.TRIM).ios(),
                    members.op(m, Op.FLUSH).ios(), all.bytesRead(), all.bytesWritten(), all.busyNs(), ReplayResults.perSecond(all.ios(), all.busyNs()),
                    ReplayResults.mbps(all.bytes(), all.busyNs()), all.errors(), ReplayResults.latency(all),
                    ReplayResults.distribution(members.depth(m))));
        }
        return result.withStripe(new ReplayResult.Stripe(stripe.layout().chunkBytes(), out.size(), stripe.memberBytes(),
                stripe.capacityBytes(), members.splitIos(), members.splitParts(), out));
    }
}
