package org.sbench.step;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A bundle as one JSON document, for {@code --json} on standard output: {@code bundle.json}'s fields,
 * and in each run, beside its name (and its file where the bundle was written), its whole result as
 * {@code result}, the document {@code report} reads from a run's file.
 */
public final class BundleJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BundleJson() {
    }

    /** {@code bundle} with its runs' results in it; every run must hold its result (a bundle just run, not read back). */
    public static JsonNode withResults(Bundle bundle) {
        ObjectNode doc = MAPPER.valueToTree(bundle);
        ArrayNode steps = (ArrayNode) doc.get("steps");
        for (int s = 0; s < bundle.steps().size(); s++) {
            ArrayNode runs = (ArrayNode) steps.get(s).get("runs");
            for (int r = 0; r < bundle.steps().get(s).runs().size(); r++) {
                ((ObjectNode) runs.get(r)).set("result", MAPPER.valueToTree(bundle.steps().get(s).runs().get(r).result()));
            }
        }
        return doc;
    }
}
