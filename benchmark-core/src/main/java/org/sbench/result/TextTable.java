package org.sbench.result;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Columns aligned for the terminal: the first column left-aligned, the others right-aligned. */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... header) {
        columns = header.length;
        rows.add(header);
    }

    public TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns");
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    public void print(PrintWriter out, String indent) {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder(indent);
            for (int i = 0; i < columns; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                String pad = " ".repeat(width[i] - r[i].length());
                b.append(i == 0 ? r[i] + pad : pad + r[i]);
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
