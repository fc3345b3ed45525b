// What reading one trace counted beside its IOs.
package org.sbench.spark.source;

import java.io.Serializable;
import org.sbench.trace.RequestAccounts;

/**
 * @param skipped            bad records skipped
 * @param incompleteLastLine the number of a last line without a line end, not read (else 0)
 * @param requests           the requests of other kinds and failed IOs the reader counted (null: none to
 *                           count)
 */
public record TraceTally(long skipped, long incompleteLastLine, RequestAccounts.Counts requests) implements Serializable {
}
