package org.sbench.result;

import java.util.List;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * A self-contained report page: XHTML (well-formed XML that browsers also read as HTML), styles
 * inline, charts as inline SVG, no scripts and no external files, so it renders offline. Each
 * chart sits in {@code <div class="chart" id="chart-NAME">}.
 */
public final class XhtmlPage {
    private static final String STYLE = String.join("\n",
            "body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; color: #222; margin: 1.5em auto;"
                    + " max-width: 1100px; padding: 0 1em; }",
            "h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }",
            "table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }",
            "th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; }",
            "th { background: #f2f2f2; text-align: left; }",
            "td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }",
            "table.facts th { white-space: nowrap; font-weight: normal; }",
            // A path, a SHA-256 or a label wider than a narrow window breaks where it must: the page keeps the window's width.
            "h1, p, table.facts td { overflow-wrap: anywhere; }",
            // So does a facts heading (compare's column list names drives by their labels) in a narrow window; a wider one
            // keeps each heading on one line. Its column is at least 8em wide, else the table gave it the width of one
            // letter ("capaci ty"): a heading's words up to some 13 letters stay whole.
            "@media (max-width: 640px) { table.facts th { white-space: normal; overflow-wrap: anywhere; min-width: 8em; } }",
            ".wide { overflow-x: auto; } .wide th, .wide td { white-space: nowrap; }",
            // But the first column (a step's name in a scenario's tables) wraps: unbroken, it pushed the numbers off screen.
            // A word longer than LONG_WORD letters in another column (a path, a drive's model, in a compare's headings and
            // "best" column) breaks anywhere; shorter ones stay whole. With cells padded less, a compare of 4 results labelled
            // by 60-letter paths fits the 1,100 px of a 1280 px window (it was 3,690 px wide). (Printed, every text cell wraps
            // by its own rules.)
            "@media screen { .wide td:first-child { white-space: normal; min-width: 8em; }"
                    + " .wide .long { white-space: normal; overflow-wrap: anywhere; } .wide th, .wide td { padding: 0.2em 0.4em; } }",
            // A scenario's state log names each step's action in its third column (its first is a time, kept whole): on one
            // line the log was 1,373 px wide in the 1,100 px a 1280 px window gives the page. It wraps between words.
            "@media screen { table.state-log td:nth-child(3) { white-space: normal; min-width: 16em; } }",
            ".chart { margin: 1em 0; } .chart svg { max-width: 100%; height: auto; }",
            // A chart is drawn 1000 px wide: shrunk to a phone's 375 px its text was 5 px high. On screen it stays at least
            // 640 px wide (its text some 10 px high), in a box that scrolls sideways. (Printed, A4's 718 px are wider.)
            "@media screen { .chart { overflow-x: auto; } .chart svg { min-width: 640px; } }",
            ".warning { background: #fff0f0; border: 1px solid #c00; padding: 0.5em 1em; font-weight: bold; }",
            ".note { color: #555; font-size: 0.9em; }",
            // Paper does not scroll: a wide table's columns past the page were cut off. In print, text cells wrap (numbers
            // stay whole) in a smaller type, and a chart or a row is not split across pages, nor a heading left from its section.
            "@media print {",
            "  body { max-width: none; margin: 0; padding: 0; }",
            "  .wide { overflow-x: visible; } .wide table { font-size: 0.75em; }",
            "  .wide th, .wide td { white-space: normal; padding: 0.1em 0.3em; } th, td { overflow-wrap: anywhere; }",
            "  td.num { white-space: nowrap; } table.facts th { white-space: normal; }",
            "  .chart, tr { break-inside: avoid; } h2 { break-after: avoid; }",
            "}");

    /** A cell that is a number (with grouping, sign, unit suffix %, x or none), right-aligned. */
    private static final Pattern NUMBER = Pattern.compile("[-+]?[0-9][0-9,]*(\\.[0-9]+)?(%|x)?( \\+/-[0-9][0-9,.]*)?");
    private static final String NONE = "-";
    /** The most letters of a word in a wide table's cell that never breaks on screen. */
    private static final int LONG_WORD = 16;
    private final StringBuilder b = new StringBuilder(1 << 16);

    public XhtmlPage(String title) {
        b.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n")
                // A phone lays out a page without it 980 px wide and shrinks it to its screen: text some 6 px high.
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("\n</style>\n</head>\n<body>\n")
                .append("<h1>").append(escape(title)).append("</h1>\n");
    }

    public XhtmlPage h2(String text) {
        b.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    /** A paragraph with a class ({@code note}, {@code warning}), or none when {@code cssClass} is null. */
    public XhtmlPage p(String cssClass, String text) {
        b.append(cssClass == null ? "<p>" : "<p class=\"" + cssClass + "\">").append(escape(text)).append("</p>\n");
        return this;
    }

    /** Name/value rows: what ran. */
    public XhtmlPage meta(List<String[]> rows) {
        return facts("meta", rows);
    }

    /** Name/value rows in a table of class {@code cssClass}. */
    public XhtmlPage facts(String cssClass, List<String[]> rows) {
        b.append("<table class=\"").append(cssClass).append(" facts\">\n");
        for (String[] r : rows) {
            b.append("<tr><th>").append(escape(r[0])).append("</th><td>").append(escape(r[1])).append("</td></tr>\n");
        }
        b.append("</table>\n");
        return this;
    }

    /**
     * A table as the terminal prints it; columns of numbers (with "-" for none) are right-aligned.
     * It sits in a box that scrolls sideways, its lines unbroken: a comparison of 8 drives is wider
     * than any page, and would otherwise widen the page and squeeze its words a line each.
     */
    public XhtmlPage table(String cssClass, TextTable t) {
        String[] header = t.header();
        boolean[] numeric = new boolean[header.length];
        for (int i = 1; i < header.length; i++) {
            numeric[i] = true;
            for (String[] row : t.body()) {
                if (!row[i].isEmpty() && !NONE.equals(row[i]) && !NUMBER.matcher(row[i]).matches()) {
                    numeric[i] = false;
                }
            }
        }
        b.append("<div class=\"wide\">\n<table class=\"").append(cssClass).append("\">\n<tr>");
        for (int i = 0; i < header.length; i++) {
            b.append(numeric[i] ? "<th class=\"num\">" : "<th>").append(cell(i, header[i])).append("</th>");
        }
        b.append("</tr>\n");
        for (String[] row : t.body()) {
            b.append("<tr>");
            for (int i = 0; i < row.length; i++) {
                b.append(numeric[i] ? "<td class=\"num\">" : "<td>").append(cell(i, row[i])).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n</div>\n");
        return this;
    }

    /**
     * A wide table's cell: its words longer than {@link #LONG_WORD} letters marked {@code long}, to break anywhere, except in
     * the first column, which wraps between words (a state log's times there stay whole).
     */
    private static String cell(int column, String text) {
        if (column == 0) {
            return escape(text);
        }
        StringJoiner out = new StringJoiner(" ");
        for (String word : text.split(" ", -1)) {
            out.add(word.length() > LONG_WORD ? "<span class=\"long\">" + escape(word) + "</span>" : escape(word));
        }
        return out.toString();
    }

    /** A chart: {@code svg} is one complete {@code <svg>} element (from {@code SvgChart}). */
    public XhtmlPage chart(String name, String svg) {
        b.append("<div class=\"chart\" id=\"chart-").append(name).append("\">\n").append(svg).append("\n</div>\n");
        return this;
    }

    public String finish() {
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    /** Text for XML content and attributes; control characters XML 1.0 forbids become '?'. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '"': out.append("&quot;"); break;
                case '\'': out.append("&#39;"); break;
                default: out.append(c < ' ' && c != '\n' && c != '\t' ? '?' : c);
            }
        }
        return out.toString();
    }
}
