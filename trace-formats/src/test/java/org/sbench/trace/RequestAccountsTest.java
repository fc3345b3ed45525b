package org.sbench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestAccountsTest {
    /** Two readers' counts add up; each error's IOs together, in errno order, unnamed ones and those past MAX_ERRNO too. */
    @Test
    void countsOfSeveralReadersAddUpByError() {
        RequestAccounts a = new RequestAccounts();
        a.otherRequest(4096);
        a.failed(61);
        a.failed(42);
        RequestAccounts b = new RequestAccounts();
        b.otherRequest(0);
        b.failed(5);
        b.failed(61);
        b.failed(9000);
        RequestAccounts sum = new RequestAccounts();
        sum.add(a.counts());
        sum.add(b.counts());
        assertEquals(new RequestAccounts.Counts(2, 4096, 5, List.of(new RequestAccounts.Failure("EIO", 1),
                new RequestAccounts.Failure("errno 42", 1), new RequestAccounts.Failure("ENODATA", 2),
                new RequestAccounts.Failure("errno 4095", 1))), sum.counts());
    }
}
