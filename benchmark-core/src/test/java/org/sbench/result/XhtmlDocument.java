package org.sbench.result;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** A report page parsed as XML (which fails unless it is well-formed), and what tests look for in it. */
final class XhtmlDocument {
    private static final Pattern STROKE = Pattern.compile("(?:^|;)stroke:([^;]+)");
    private static final Pattern FILL = Pattern.compile("(?:^|;)\\s*fill:\\s*([^;]+)");
    private static final Pattern FONT_SIZE = Pattern.compile("font-size:\\s*([0-9]+)px");
    private final Document doc;

    XhtmlDocument(String xhtml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setExpandEntityReferences(false);
        doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xhtml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The page's style sheet, its rules with whitespace runs made one space: the rules within {@code @media print} when {@code print}. */
    String style(boolean print) {
        String css = doc.getElementsByTagName("style").item(0).getTextContent().replaceAll("\\s+", " ");
        int at = css.indexOf("@media print {");
        return print ? (at < 0 ? "" : css.substring(at)) : (at < 0 ? css : css.substring(0, at));
    }

    /** Elements named {@code tag} whose class is {@code cssClass}, under {@code root} (the document when null). */
    List<Element> byClass(Element root, String tag, String cssClass) {
        NodeList nodes = root == null ? doc.getElementsByTagName(tag) : root.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            if (List.of(e.getAttribute("class").split(" ")).contains(cssClass)) {
                out.add(e);
            }
        }
        return out;
    }

    List<Element> charts() {
        return byClass(null, "div", "chart");
    }

    Element chart(String name) {
        for (Element c : charts()) {
            if (c.getAttribute("id").equals("chart-" + name)) {
                return c;
            }
        }
        throw new AssertionError("no chart-" + name);
    }

    List<String> chartIds() {
        List<String> ids = new ArrayList<>();
        for (Element c : charts()) {
            ids.add(c.getAttribute("id").substring("chart-".length()));
        }
        return ids;
    }

    int bars(String chart) {
        return byClass(chart(chart), "g", "bar").size();
    }

    int curves(String chart) {
        return byClass(chart(chart), "g", "curve").size();
    }

    /** The points of each curve of a chart (the vertices of its path), by series name. */
    Map<String, Integer> curvePoints(String chart) {
        Map<String, Integer> out = new TreeMap<>();
        for (Element g : byClass(chart(chart), "g", "curve")) {
            String d = ((Element) g.getElementsByTagName("path").item(0)).getAttribute("d");
            out.put(g.getAttribute("data-series"), d.split("[ML]").length - 1);
        }
        return out;
    }

    /** Each curve's series name and its line colour (as the SVG states it, "rgb(r,g,b)"). */
    Map<String, String> curveColours(String chart) {
        Map<String, String> out = new TreeMap<>();
        for (Element g : byClass(chart(chart), "g", "curve")) {
            Matcher stroke = STROKE.matcher(((Element) g.getElementsByTagName("g").item(0)).getAttribute("style"));
            out.put(g.getAttribute("data-series"), stroke.find() ? stroke.group(1) : null);
        }
        return out;
    }

    /** The categories of a chart's bars in drawing order. */
    List<String> barCategories(String chart) {
        List<String> out = new ArrayList<>();
        for (Element g : byClass(chart(chart), "g", "bar")) {
            out.add(g.getAttribute("data-category"));
        }
        return out;
    }

    /** All text drawn in a chart (title, axis labels, ticks, bar labels, legend). */
    List<String> texts(String chart) {
        NodeList nodes = chart(chart).getElementsByTagName("text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent());
        }
        return out;
    }

    /** The categories of a chart's bars of series {@code series}, in drawing order. */
    List<String> barCategories(String chart, String series) {
        List<String> out = new ArrayList<>();
        for (Element g : byClass(chart(chart), "g", "bar")) {
            if (g.getAttribute("data-series").equals(series)) {
                out.add(g.getAttribute("data-category"));
            }
        }
        return out;
    }

    /** Each bar's fill colour ("rgb(r,g,b)") by "series/category". */
    Map<String, String> barColours(String chart) {
        Map<String, String> out = new TreeMap<>();
        for (Element g : byClass(chart(chart), "g", "bar")) {
            Matcher fill = FILL.matcher(((Element) g.getElementsByTagName("rect").item(0)).getAttribute("style"));
            out.put(g.getAttribute("data-series") + "/" + g.getAttribute("data-category"), fill.find() ? fill.group(1) : null);
        }
        return out;
    }

    /** The font sizes (px) of all text drawn in a chart. */
    List<Integer> fontSizes(String chart) {
        NodeList nodes = chart(chart).getElementsByTagName("text");
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Matcher m = FONT_SIZE.matcher(((Element) nodes.item(i)).getAttribute("style"));
            if (m.find()) {
                out.add(Integer.parseInt(m.group(1)));
            }
        }
        return out;
    }

    /** The rows of table {@code cssClass}: cells' text, header row first. */
    List<List<String>> table(String cssClass) {
        List<List<String>> rows = new ArrayList<>();
        List<Element> tables = byClass(null, "table", cssClass);
        if (tables.size() != 1) {
            throw new AssertionError(tables.size() + " tables of class " + cssClass);
        }
        NodeList trs = tables.get(0).getElementsByTagName("tr");
        for (int i = 0; i < trs.getLength(); i++) {
            List<String> cells = new ArrayList<>();
            NodeList cs = trs.item(i).getChildNodes();
            for (int j = 0; j < cs.getLength(); j++) {
                cells.add(cs.item(j).getTextContent());
            }
            rows.add(cells);
        }
        return rows;
    }

    String text() {
        return doc.getDocumentElement().getTextContent();
    }
}
