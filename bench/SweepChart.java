// Draws bench/sweep.sh's ratios as the HTML reports draw their charts (benchmark-core's
// GroupedBarChart and SvgChart: JFreeChart onto JFreeSVG): one bar per workload at each queue
// depth, a line at 1.0. Two SVGs in DIR: sweep-iops.svg (sbench IOPS / fio's best engine's) and
// sweep-cpu.svg (sbench CPU per IO / fio's lowest). Input: the TSV of
// `bench/sweep-report.py --chart-data RAW` (workload, qd, sbench variant, IOPS ratio, CPU ratio).
//   java -cp replayer-cli/target/sbench.jar bench/SweepChart.java CHART.tsv DIR
import java.awt.BasicStroke;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.sbench.result.chart.ChartStyle;
import org.sbench.result.chart.GroupedBarChart;
import org.sbench.result.chart.SvgChart;

public class SweepChart {
    public static void main(String[] args) throws Exception {
        List<String> depths = new ArrayList<>();
        // series name -> depth -> {iops ratio, cpu ratio}
        Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
        List<String> variants = Files.readAllLines(Path.of(args[0])).stream().filter(l -> !l.isBlank()).map(l -> l.split("\t")[2])
                .distinct().toList();
        boolean severalVariants = variants.size() > 1;
        // With one variant the subtitle names it; the bars are then the workloads alone.
        String who = severalVariants ? "sbench" : "sbench " + variants.get(0);
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (!depths.contains(f[1])) {
                depths.add(f[1]);
            }
            String name = severalVariants ? f[0] + " " + f[2] : f[0];
            series.computeIfAbsent(name, k -> new LinkedHashMap<>())
                    .put(f[1], new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4])});
        }
        depths.sort((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)));
        Path dir = Path.of(args[1]);
        Files.createDirectories(dir);
        write(dir.resolve("sweep-iops.svg"), "sweep-iops", chart("IOPS: sbench / fio's best engine",
                who + " (fixed-qd replay) vs fio (libaio; io_uring --fixedbufs --registerfiles), medians; above 1: sbench faster",
                "ratio", depths, series, 0));
        write(dir.resolve("sweep-cpu.svg"), "sweep-cpu", chart("CPU time per IO: sbench / fio's lowest",
                who + ": user + system time of the process per IO, medians; below 1: sbench cheaper",
                "ratio", depths, series, 1));
    }

    static JFreeChart chart(String title, String subtitle, String axis, List<String> depths,
                            Map<String, Map<String, double[]>> series, int which) {
        List<GroupedBarChart.Series> bars = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Map<String, double[]>> e : series.entrySet()) {
            double[] values = new double[depths.size()];
            for (int d = 0; d < depths.size(); d++) {
                double[] v = e.getValue().get(depths.get(d));
                values[d] = v == null ? Double.NaN : v[which];
            }
            bars.add(new GroupedBarChart.Series(e.getKey(), ChartStyle.series(i++), values));
        }
        JFreeChart chart = GroupedBarChart.create(title, subtitle, "queue depth", axis, depths, bars, null, false);
        chart.getCategoryPlot().addRangeMarker(new ValueMarker(1.0, ChartStyle.BASELINE, new BasicStroke(2f)));
        return chart;
    }

    static void write(Path file, String id, JFreeChart chart) throws Exception {
        Files.writeString(file, SvgChart.render(chart, id, 1000, 450) + "\n", StandardCharsets.UTF_8);
        System.out.println("wrote " + file);
    }
}
