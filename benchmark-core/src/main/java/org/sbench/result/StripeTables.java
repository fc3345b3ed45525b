// How a result on a striped target shows its members next to the array, on the terminal and in HTML.
package org.sbench.result;

import java.util.ArrayList;
import java.util.List;
import org.sbench.target.StripeSpec;
import org.sbench.target.TargetSafety;

/**
 * The stripe section of a result ({@link ReplayResult#stripe()}) as text: the geometry in one line,
 * the members next to the array (IOs, MB, busy time, rates, depth, cap, p99, errors, identity), and
 * the depth each saw at its submits next to the array's. The same tables feed the terminal
 * ({@link TableResultWriter}) and the HTML report ({@link HtmlReportWriter}).
 */
final class StripeTables {
    private StripeTables() {
    }

    /**
     * {@code 2 members x 500 GB, chunk 64 KiB, 1.00 TB usable; 307 reads and writes split into 1,908
     * member IOs} (at chunk boundaries, and where a member takes no more whole).
     */
    static String geometry(ReplayResult r) {
        ReplayResult.Stripe s = r.stripe();
        return s.memberCount() + (s.memberCount() == 1 ? " member x " : " members x ") + TargetSafety.decimalSize(s.memberBytes())
                + ", chunk " + StripeSpec.chunkText(s.chunkBytes()) + ", " + TargetSafety.decimalSize(s.usableBytes()) + " usable; "
                + (s.splitIos() == 0 ? "no read or write split" : TableResultWriter.count(s.splitIos())
                + (s.splitIos() == 1 ? " read or write" : " reads and writes") + " split into " + TableResultWriter.count(s.splitParts())
                + " member IOs");
    }

    /** The array's row, then one per member: what each did over its own busy time. */
    static TextTable members(ReplayResult r) {
        TextTable t = new TextTable("", "IOs", "MB", "busy s", "MB/s", "IOPS", "QD avg", "cap", "p99 us", "errors", "identity");
        ReplayResult.Summary m = r.summary();
        ReplayResult.Fidelity f = r.fidelity();
        t.row("array", TableResultWriter.count(m.ios()), TableResultWriter.mb(m.bytesRead() + m.bytesWritten()),
                TableResultWriter.sec(m.busyNs()), TableResultWriter.f1(m.mbps()), TableResultWriter.f0(m.iops()),
                TableResultWriter.f2(f.qdReplayed().avg()), TableResultWriter.count(f.inFlightCap()),
                TableResultWriter.f1(m.latency().get("all").p99Us()), TableResultWriter.count(m.errors()), "trace IOs");
        int i = 0;
        for (ReplayResult.Member x : r.stripe().members()) {
            boolean none = x.ios() == 0;
            t.row("member " + i++, TableResultWriter.count(x.ios()), TableResultWriter.mb(x.bytesRead() + x.bytesWritten()),
                    none ? "-" : TableResultWriter.sec(x.busyNs()), none ? "-" : TableResultWriter.f1(x.mbps()),
                    none ? "-" : TableResultWriter.f0(x.iops()), none ? "-" : TableResultWriter.f2(x.qd().avg()),
                    TableResultWriter.count(x.inFlightCap()), none ? "-" : TableResultWriter.f1(x.latency().p99Us()),
                    TableResultWriter.count(x.errors()), x.path() + TableResultWriter.device(x.device()));
        }
        return t;
    }

    /** The share of submits at each queue depth: the array's (trace IOs), then each member's (its own IOs). */
    static TextTable depths(ReplayResult r) {
        List<String> header = new ArrayList<>(List.of("QD % of submits"));
        for (ReplayResult.QdRow row : r.fidelity().qdReplayed().histogram()) {
            header.add(row.qd());
        }
        TextTable t = new TextTable(header.toArray(new String[0]));
        t.row(shares("array", r.fidelity().qdReplayed(), false));
        int i = 0;
        for (ReplayResult.Member x : r.stripe().members()) {
            t.row(shares("member " + i++, x.qd(), x.ios() == 0));
        }
        return t;
    }

    /** A row of shares of {@code d}'s submits at each depth; "-" in each where there were {@code none}. */
    private static Object[] shares(String label, ReplayResult.QdDistribution d, boolean none) {
        List<String> cells = new ArrayList<>(List.of(label));
        for (ReplayResult.QdRow row : d.histogram()) {
            cells.add(none ? "-" : TableResultWriter.f1(row.pct()));
        }
        return cells.toArray();
    }

    /** The members' caps in words, for the fidelity line: {@code 128, 128 requests}. */
    static String caps(ReplayResult r) {
        List<String> caps = new ArrayList<>();
        for (ReplayResult.Member x : r.stripe().members()) {
            caps.add(TableResultWriter.count(x.inFlightCap()));
        }
        return String.join(", ", caps);
    }
}
