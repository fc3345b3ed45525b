package org.sbench.result;

import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/** What {@code compare --metric} ranks drives by: the word the user types and the metric behind it. */
public enum RankingMetric {
    BUSY("busy", Metric.BUSY),
    MBPS("mbps", Metric.MBPS),
    IOPS("iops", Metric.IOPS),
    LATENCY("latency", Metric.P99);

    private final String word;
    private final Metric metric;

    RankingMetric(String word, Metric metric) {
        this.word = word;
        this.metric = metric;
    }

    public Metric metric() {
        return metric;
    }

    public static RankingMetric of(String word) {
        for (RankingMetric m : values()) {
            if (m.word.equals(Words.of(word))) {
                return m;
            }
        }
        throw SbenchException.usage("--metric takes busy, mbps, iops or latency, found " + SbenchException.quoted(word));
    }
}
