package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

    /**
     * A terminal shows a CJK character in two columns and a combining mark in none: a trace named
     * ディスク.csv (8 characters, 12 columns) was padded as if 8 columns wide, its row's numbers four
     * columns right of the others.
     */
    @Test
    void columnsAreAlignedByTheColumnsATerminalShows() {
        TextTable t = new TextTable("trace", "IOs", "phase").alignLeft(2)
                .row("ディスク.csv", 12, "書き込み")
                .row("cafe\u0301.csv", 3456, "re\u0301sume\u0301")
                .row("hm_1.csv", 7, "x");
        StringWriter s = new StringWriter();
        t.print(new PrintWriter(s, true), "");
        assertEquals(List.of(
                "trace" + " ".repeat(10) + "IOs  phase",
                "ディスク.csv    12  書き込み",
                "cafe\u0301.csv" + " ".repeat(6) + "3456  re\u0301sume\u0301",
                "hm_1.csv" + " ".repeat(9) + "7  x"),
                s.toString().lines().toList());
    }

    @Test
    void displayWidthCountsWideTwiceMarksNoneAndNeverSplitsAPair() {
        assertEquals(36, DisplayWidth.of("reading /トレース/ディスクの記録.csv"));
        assertEquals(24, DisplayWidth.of("reading /cafe\u0301-re\u0301sume\u0301.csv"));
        assertEquals("😀😀", DisplayWidth.head("😀😀😀", 5), "a pair of surrogates is one character of 2 columns, never split");
        assertEquals("😀😀", DisplayWidth.tail("😀😀😀", 5));
    }
}
