package org.sbench.result.chart;

import java.util.function.DoubleFunction;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.statistics.StatisticalCategoryDataset;

/** The value label at the end of a bar, with its unit; "± sd" added where a bar has a standard deviation. */
final class FormattedLabels implements CategoryItemLabelGenerator {
    private final DoubleFunction<String> format;
    private final String unit;

    /** {@code unit}: appended after the number(s), or null when {@code format} already says it. */
    FormattedLabels(DoubleFunction<String> format, String unit) {
        this.format = format;
        this.unit = unit;
    }

    @Override
    public String generateRowLabel(CategoryDataset dataset, int row) {
        return dataset.getRowKey(row).toString();
    }

    @Override
    public String generateColumnLabel(CategoryDataset dataset, int column) {
        return dataset.getColumnKey(column).toString();
    }

    @Override
    public String generateLabel(CategoryDataset dataset, int row, int column) {
        Number v = dataset.getValue(row, column);
        if (v == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(format.apply(v.doubleValue()));
        if (dataset instanceof StatisticalCategoryDataset) {
            Number sd = ((StatisticalCategoryDataset) dataset).getStdDevValue(row, column);
            if (sd != null) {
                b.append(" \u00b1 ").append(format.apply(sd.doubleValue()));
            }
        }
        if (unit != null && !unit.isEmpty()) {
            b.append(' ').append(unit);
        }
        return b.toString();
    }
}
