package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real browser draws the comparison page: headless Chromium renders it offline to a PNG, which
 * must not be blank. Runs only where /usr/bin/chromium is installed (CI installs Debian's).
 */
class HtmlComparisonBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final long TIMEOUT_S = 120;
    /** A blank page has one colour; charts give thousands of non-white pixels and a clear spread of brightness. */
    private static final double MIN_STDDEV = 10.0;
    private static final double MIN_INK_SHARE = 0.01;
    /** Tall enough for the whole page of 8 drives; right of the page's 1100 px (and its padding) in a 1200 px window. */
    private static final int PAGE_HEIGHT_PX = 12_000;
    private static final int RIGHT_MARGIN_PX = 20;
    /** A phone's window. */
    private static final int NARROW_PX = 400;
    /** A phone's screen, as wide as headless Chromium's narrowest window. */
    private static final int PHONE_PX = 500;
    /** A common phone's screen (iPhone 6 to SE), in a frame. */
    private static final int SMALL_PHONE_PX = 375;
    /** The least height in px of a line of a chart's text (its box in the browser) that a phone shows readable unzoomed. */
    private static final double LEAST_TEXT_PX = 10;

    @Test
    void chromiumRendersTheComparisonPage(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        Path html = dir.resolve("compare.html");
        new HtmlComparisonWriter(RankingMetric.BUSY).write(HtmlComparisonWriterTest.abb(), html);
        BufferedImage image = screenshot(dir, html, 2000);
        double sum = 0;
        double squares = 0;
        long ink = 0;
        long n = (long) image.getWidth() * image.getHeight();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                double luma = 0.299 * (rgb >> 16 & 0xff) + 0.587 * (rgb >> 8 & 0xff) + 0.114 * (rgb & 0xff);
                sum += luma;
                squares += luma * luma;
                if (luma < 200) {
                    ink++;
                }
            }
        }
        double mean = sum / n;
        double stddev = Math.sqrt(squares / n - mean * mean);
        assertTrue(stddev > MIN_STDDEV, "page is blank: brightness standard deviation " + stddev);
        assertTrue(ink > MIN_INK_SHARE * n, "page is nearly blank: " + ink + " dark pixels of " + n);
    }

    /**
     * The tables of 8 drives (3 columns each) spread past the page's 1100 px and the window: the
     * whole page scrolled sideways and the text columns were squeezed to a word a line. They scroll
     * in their own box; nothing is drawn right of the page's column.
     */
    @Test
    void theTablesOfEightDrivesStayInThePagesColumn(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            inputs.add(new ResultComparison.Input("d" + i + ".json", ResultFixtures.load(ResultFixtures.A), "drive number " + i));
        }
        Path html = dir.resolve("compare.html");
        new HtmlComparisonWriter(RankingMetric.BUSY).write(ResultComparison.of(inputs, 0, false), html);
        BufferedImage image = screenshot(dir, html, PAGE_HEIGHT_PX);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = image.getWidth() - RIGHT_MARGIN_PX; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                assertTrue((rgb & 0xffffff) == 0xffffff, "drawn right of the page at x " + x + ", y " + y);
            }
        }
    }

    /**
     * In a window 400 px wide the column list's headings (the drives' labels) did not break, so the page spread to 506 px
     * with labels such as Samsung_SSD_990_PRO_2TB_S6Z2NF0W123456A (694 px in the browser audit's). In a narrow window they
     * break where they must and the page keeps the window's width. The page sits in a 400 px frame: headless Chromium's
     * window is at least 500 px wide.
     */
    @Test
    void theColumnListFitsANarrowWindow(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (String label : List.of("Samsung_SSD_990_PRO_2TB_S6Z2NF0W123456A", "WD_BLACK_SN850X_2000GB_23456789ABCD")) {
            inputs.add(new ResultComparison.Input(label + ".json", ResultFixtures.load(ResultFixtures.A), label));
        }
        Path html = dir.resolve("compare.html");
        new HtmlComparisonWriter(RankingMetric.BUSY).write(ResultComparison.of(inputs, 0, false), html);
        String width = measuredInANarrowWindow(dir, html, NARROW_PX, "d.documentElement.scrollWidth");
        assertTrue(Integer.parseInt(width) <= NARROW_PX, "the page in a " + NARROW_PX + " px window is " + width + " px wide");
    }

    /**
     * In a window up to 640 px wide the facts tables' headings broke anywhere, also inside short words: a report's read
     * "capaci / ty", "statu / s", a scenario's "sc / en / ar / io" (Chromium at 375 px, the browser audit). A word of a
     * heading stays whole; only one longer than a line of the heading's column (a drive's label) breaks.
     */
    @Test
    void theFactsHeadingsKeepTheirWordsWholeInANarrowWindow(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        Path html = Files.writeString(dir.resolve("report.html"), new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)));
        String broken = measuredInANarrowWindow(dir, html, NARROW_PX, "(function () { var c = document.createElement('canvas')"
                + ".getContext('2d'), out = []; d.querySelectorAll('table.facts th').forEach(function (th) {"
                + " var s = d.defaultView.getComputedStyle(th); c.font = s.font;"
                + " var room = th.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);"
                + " th.textContent.split(' ').forEach(function (w) { if (c.measureText(w).width > room + 0.5) out.push(w); }); });"
                + " return 'broken:' + out.join('|'); })()");
        assertEquals("broken:", broken, "headings' words broken in a " + NARROW_PX + " px window");
    }

    /**
     * Charts are drawn 1000 px wide and shrunk to a phone's screen: at 375 px their titles, ticks and legends were 5 px
     * high (Chromium, the browser audit). On a narrow screen a chart keeps a width whose text a phone reads, in a box
     * that scrolls sideways; the page itself keeps the screen's width.
     */
    @Test
    void aPhoneReadsTheChartsText(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        Path html = Files.writeString(dir.resolve("report.html"), new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)));
        String[] measured = measuredInANarrowWindow(dir, html, SMALL_PHONE_PX, "(function () { var least = 1e9;"
                + " d.querySelectorAll('.chart svg text').forEach(function (t) { var h = t.getBoundingClientRect().height;"
                + " if (h > 0 && h < least) least = h; }); return least + ' ' + d.documentElement.scrollWidth; })()").split(" ");
        assertTrue(Double.parseDouble(measured[0]) >= LEAST_TEXT_PX, "a chart's text is " + measured[0] + " px high at "
                + SMALL_PHONE_PX + " px");
        assertTrue(Integer.parseInt(measured[1]) <= SMALL_PHONE_PX, "the page at " + SMALL_PHONE_PX + " px is " + measured[1]
                + " px wide");
    }

    /**
     * A phone's browser lays out a page without a viewport meta tag 980 px wide and shrinks it to the screen: the report's
     * text was some 6 px high on a 375 px phone, and the narrow-window rules (up to 640 px) never applied there. Chromium
     * with a phone's viewport handling (blink settings viewportEnabled, viewportMetaEnabled, viewportStyle 1: mobile), window
     * 500 px: the page is laid out at the window's width.
     */
    @Test
    void aPhoneLaysTheReportOutAtItsScreensWidth(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        String html = new HtmlReportWriter().render(ResultFixtures.load(ResultFixtures.A)).replace("</body>",
                "<script>document.body.setAttribute('data-measured', document.documentElement.clientWidth);</script></body>");
        Path page = Files.writeString(dir.resolve("report.html"), html);
        assertEquals(String.valueOf(PHONE_PX), measured(dir, page, List.of("--window-size=" + PHONE_PX + ",900",
                "--blink-settings=viewportEnabled=true,viewportMetaEnabled=true,viewportStyle=1")), "layout width on a phone");
    }

    /**
     * A table's first column of text did not wrap: comparing two scenario bundles, its step names ("round 1 of 8
     * (degradation): torture 1200ms, 4K random writes at QD 32 over 100%") pushed the second bundle's column and the
     * ratios out of a 1280 px window, and on a 375 px phone every number lay beyond the screen (Chromium, the browser
     * audit). The first column wraps (at least 12em wide): such a table fits a 1200 px window.
     */
    @Test
    void aTableOfLongStepNamesFitsADesktopWindow(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        TextTable t = new TextTable("step", "metric", "unit", "stripe:64K:/dev/nvme0n1,/dev/nvme1n1", "stripe:64K:/dev/sda,/dev/sdb",
                "ratio");
        for (int i = 1; i <= 8; i++) {
            t.row("round " + i + " of 8 (degradation): torture 1200ms, 4K random writes at QD 32 over 100%", "average data rate",
                    "MB/s", "215,666", "58.86", "0.00x");
        }
        assertFitsItsBox(dir, "steps", t, 1200);
    }

    /**
     * A scenario's state log names each step's action in its third column ("round 5 of 8 (degradation): torture 3600ms, 4K
     * random writes at QD 32 over 100%"), kept on one line: the consistency scenario's log was 1,373 px wide where a 1280 px
     * window gives the page 1,100 px. The action wraps between its words: the log fits.
     */
    @Test
    void aStateLogOfLongActionsFitsADesktopWindow(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        TextTable t = new TextTable("at", "step", "action", "written MB", "since purge MB", "temperature C", "kernel counters");
        for (int i = 1; i <= 8; i++) {
            t.row("2026-12-07T10:01:14.287486456Z", Integer.toString(i), "round " + i + " of 8 (degradation): torture 3600ms, 4K"
                    + " random writes at QD 32 over 100%", "2,472.8", "-", "-", "-");
        }
        assertFitsItsBox(dir, "state-log", t, 1280);
    }

    /** Table {@code t} of class {@code tableClass}, alone on a page in a window {@code windowPx} wide, is no wider than its box. */
    private static void assertFitsItsBox(Path dir, String tableClass, TextTable t, int windowPx) throws Exception {
        String html = new XhtmlPage(tableClass).table(tableClass, t).finish().replace("</body>", "<script>var w = document"
                + ".querySelector('.wide'); document.body.setAttribute('data-measured', w.scrollWidth + ' in ' + w.clientWidth);"
                + "</script></body>");
        Path page = Files.writeString(dir.resolve(tableClass + ".html"), html);
        String[] measured = measured(dir, page, List.of("--window-size=" + windowPx + ",900")).split(" in ");
        assertTrue(Integer.parseInt(measured[0]) <= Integer.parseInt(measured[1]), "the " + tableClass + " table is " + measured[0]
                + " px wide in a box of " + measured[1] + " px");
    }

    /**
     * A compare's tables name each column by its label, a drive's path or model, and "best" names the best column's: these
     * did not wrap, so a compare of 2 results labelled by 39- to 65-character paths and models had tables up to 2,238 px
     * wide where a 1280 px window gives the page 1,100 px (of 4: 3,030). Every table of such a compare, of 2, 3 and 4
     * results, fits the page in a 1280 px window.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aCompareOfLongLabelsFitsADesktopWindow(int results, @TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "needs " + CHROMIUM);
        List<String> labels = List.of("/tmp/widecompare/scratch/benchmarks/2026-12-07/nvme0n1p3/s1.img",
                "/dev/disk/by-id/nvme-Samsung_SSD_990_PRO_2TB_S6Z2NF0W123456A", "Samsung_SSD_990_PRO_2TB_S6Z2NF0W123456A",
                "/mnt/scratch/sbench/replays/light-2010/WD_BLACK_SN850X_2000GB.img");
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (int i = 0; i < results; i++) {
            String fixture = i % 2 == 0 ? ResultFixtures.A : ResultFixtures.B;
            inputs.add(new ResultComparison.Input(i + ".json", ResultFixtures.load(fixture), labels.get(i)));
        }
        String html = new HtmlComparisonWriter(RankingMetric.BUSY).render(ResultComparison.of(inputs, 0, false)).replace("</body>",
                "<script>var o = []; document.querySelectorAll('.wide').forEach(function (w) { if (w.scrollWidth > w.clientWidth)"
                + " o.push(w.firstElementChild.className + ' ' + w.scrollWidth + ' px in ' + w.clientWidth); });"
                + " document.body.setAttribute('data-measured', 'wider:' + o.join(', '));</script></body>");
        Path page = Files.writeString(dir.resolve("compare.html"), html);
        assertEquals("wider:", measured(dir, page, List.of("--window-size=1280,900")), "tables of " + results
                + " results wider than the page in a 1280 px window");
    }

    /**
     * {@code expression} (JavaScript, the page's document as {@code d}) evaluated on {@code html} shown in a frame
     * {@code widthPx} wide: headless Chromium's window is at least 500 px wide.
     */
    private static String measuredInANarrowWindow(Path dir, Path html, int widthPx, String expression) throws Exception {
        Path frame = Files.writeString(dir.resolve("frame.html"), "<html><body><iframe id=\"f\" src=\"" + html.getFileName()
                + "\" width=\"" + widthPx + "\" height=\"800\"></iframe><script>document.getElementById('f').onload = function () {"
                + " var d = this.contentDocument; document.body.setAttribute('data-measured', " + expression + "); };</script>"
                + "</body></html>");
        return measured(dir, frame, List.of("--allow-file-access-from-files", "--virtual-time-budget=10000"));
    }

    /** The {@code data-measured} attribute a script of {@code page} set, in the DOM Chromium dumps with {@code flags}. */
    private static String measured(Path dir, Path page, List<String> flags) throws Exception {
        Path profile = Files.createDirectory(dir.resolve("profile"));
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--dump-dom"));
        command.addAll(flags);
        command.add(page.toUri().toString());
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("chromium.log").toFile()).start();
        String dom = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS), "chromium finished within " + TIMEOUT_S + " s");
        java.util.regex.Matcher measured = java.util.regex.Pattern.compile("data-measured=\"([^\"]*)\"").matcher(dom);
        assertTrue(measured.find(), () -> "the page measured: " + dom);
        return measured.group(1);
    }

    /** The page drawn by Chromium in a window {@code 1200 x heightPx}. */
    private static BufferedImage screenshot(Path dir, Path html, int heightPx) throws Exception {
        Path png = dir.resolve("compare.png");
        Path profile = Files.createDirectory(dir.resolve("profile"));
        Process p = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--hide-scrollbars", "--user-data-dir=" + profile, "--screenshot=" + png, "--window-size=1200," + heightPx,
                html.toUri().toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS), "chromium finished within " + TIMEOUT_S + " s");
        assertEquals(0, p.exitValue(), () -> "chromium: " + ResultFixtures.read(dir.resolve("chromium.log")));
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "a PNG");
        assertEquals(1200, image.getWidth());
        return image;
    }
}
