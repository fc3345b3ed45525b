package org.sbench.scenario;

/**
 * Where a planned step sits in its scenario: its part (0-based), and in a group its name, the round
 * (from 1), how many rounds the group has (the most, for one until steady state), and the step's
 * place in the round (0-based); a single step has round 0.
 */
public record Position(int part, String group, int round, int rounds, boolean untilSteady, int step) {

    /** A single step, part {@code part} of the scenario. */
    static Position single(int part) {
        return new Position(part, null, 0, 0, false, 0);
    }

    public boolean inGroup() {
        return group != null;
    }

    /** {@code round 3 of 8 (degradation)}, {@code round 4 of at most 25 (steady-state)}, or empty for a single step. */
    public String describe() {
        if (!inGroup()) {
            return "";
        }
        return "round " + round + " of " + (untilSteady ? "at most " : "") + rounds + " (" + group + ")";
    }

    /** The same place in another bundle of the scenario: part, round and step. */
    String key() {
        return part + "/" + round + "/" + step;
    }
}
