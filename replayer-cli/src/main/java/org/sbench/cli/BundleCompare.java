package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.result.OutputFiles;
import org.sbench.result.RankingMetric;
import org.sbench.scenario.BundleComparison;
import org.sbench.scenario.BundleComparisonWriter;
import org.sbench.scenario.ScenarioBundle;
import org.sbench.step.BundleDirectory;

/** {@code compare BUNDLE_A/ BUNDLE_B/}: bundles of one scenario, step by step ({@link BundleComparison}). */
final class BundleCompare {
    private final List<Path> bundles;
    private final List<String> labels;
    private final boolean force;
    private final Path html;
    private final Path csv;

    BundleCompare(List<Path> bundles, List<String> labels, boolean force, Path html, Path csv) {
        this.bundles = bundles;
        this.labels = labels;
        this.force = force;
        this.html = html;
        this.csv = csv;
    }

    /**
     * True when {@code paths} name bundles (directories with a bundle index); a usage error when they
     * mix bundles and results, a bad-input error naming a directory among bundles that holds none.
     */
    static boolean given(List<Path> paths) {
        long dirs = paths.stream().filter(p -> Files.isRegularFile(p.resolve(BundleDirectory.INDEX))).count();
        if (dirs > 0) {
            // A directory beside bundles is meant as one: say what it lacks.
            paths.stream().filter(Files::isDirectory).forEach(BundleDirectory::open);
        }
        if (dirs > 0 && dirs < paths.size()) {
            throw SbenchException.usage("compare takes results (FILE.json) or bundles (BUNDLE/), not both; a bundle's results are"
                    + " in BUNDLE/steps/");
        }
        return dirs > 0;
    }

    int run(RankingMetric rankBy, PrintWriter out) {
        List<ScenarioBundle> read = new ArrayList<>();
        for (Path p : bundles) {
            read.add(ScenarioBundle.read(p));
        }
        BundleComparison c = BundleComparison.of(read, labels, force);
        BundleComparisonWriter writer = new BundleComparisonWriter();
        writer.write(c, rankBy, out);
        try (OutputFiles files = new OutputFiles()) {
            if (html != null) {
                writer.writeHtml(c, html, files);
            }
            if (csv != null) {
                writer.writeCsv(c, csv, files);
            }
            files.commit();
        }
        if (html != null) {
            out.println("wrote    html " + html);
        }
        if (csv != null) {
            out.println("wrote    csv " + csv);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
