package org.sbench.result;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.sbench.SbenchException;

/**
 * Columns aligned for the terminal: the first column left-aligned, the others right-aligned (numbers)
 * unless made left-aligned (words). A cell's control characters (a phase named in a trace) are shown
 * as {@link SbenchException#printable} shows them, before the widths are taken, and the widths are the
 * columns a terminal shows ({@link DisplayWidth}): a CJK character takes two, a combining mark none.
 */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;
    private final boolean[] left;

    public TextTable(String... header) {
        columns = header.length;
        left = new boolean[columns];
        left[0] = true;
        rows.add(header);
    }

    /** Aligns {@code columnIndexes} (from 0) left, as words are, header included. */
    public TextTable alignLeft(int... columnIndexes) {
        for (int c : columnIndexes) {
            left[c] = true;
        }
        return this;
    }

    public TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns");
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = SbenchException.printable(String.valueOf(cells[i]));
        }
        rows.add(r);
        return this;
    }

    /** The header row. */
    String[] header() {
        return rows.get(0);
    }

    /** The rows after the header, as given. */
    List<String[]> body() {
        return rows.subList(1, rows.size());
    }

    public void print(PrintWriter out, String indent) {
        print(out, indent, 0);
    }

    /** Prints the rows without the header (a list, not a table), aligned as with it. */
    public void printRows(PrintWriter out, String indent) {
        print(out, indent, 1);
    }

    private void print(PrintWriter out, String indent, int firstRow) {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], DisplayWidth.of(r[i]));
            }
        }
        for (String[] r : rows.subList(firstRow, rows.size())) {
            StringBuilder b = new StringBuilder(indent);
            for (int i = 0; i < columns; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                String pad = " ".repeat(width[i] - DisplayWidth.of(r[i]));
                b.append(left[i] ? r[i] + pad : pad + r[i]);
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
