package org.sbench.cdm;

import java.util.Locale;

/**
 * One test of the synthetic suite: sequential or random IOs of one size at one queue depth (one
 * thread), run as reads and then as writes over the test region.
 *
 * @param label      as the grid prints it, e.g. {@code SEQ1M Q8T1}
 * @param sequential sequential IOs wrapping over the region, else random block-aligned offsets in it
 * @param blockBytes size of every IO
 * @param qd         IOs kept outstanding
 */
public record CdmTest(String label, boolean sequential, int blockBytes, int qd) {
    /** Tests of IOs this small show IOPS in the grid too, as CrystalDiskMark does for 4K. */
    private static final int IOPS_SHOWN_UP_TO_BYTES = 4096;

    public boolean showsIops() {
        return blockBytes <= IOPS_SHOWN_UP_TO_BYTES;
    }

    /** The label as a file-name part: {@code seq1m-q8t1}. */
    public String slug() {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
