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
    private final Document doc;

    XhtmlDocument(String xhtml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setExpandEntityReferences(false);
        doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xhtml.getBytes(StandardCharsets.UTF_8)));
    }

    /** Elements named {@code tag} whose class is {@code cssClass}, under {@code root} (the document when null). */
    List<Element> byClass(Element root, String tag, String cssClass) {
        NodeList nodes = root == null ? doc.getElementsByTagName(tag) : root.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            if (cssClass.equals(e.getAttribute("class"))) {
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

    String text() {
        return doc.getDocumentElement().getTextContent();
    }
}
