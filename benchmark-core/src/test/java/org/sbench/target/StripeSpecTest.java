package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class StripeSpecTest {
    @Test
    void readsChunkAndMembersInOrder() {
        StripeSpec s = StripeSpec.parse("stripe:64K:/dev/nvme0n1,/dev/nvme1n1");
        assertEquals(64 * 1024, s.chunkBytes());
        assertEquals(List.of("/dev/nvme0n1", "/dev/nvme1n1"), s.members());
        assertEquals(1 << 20, StripeSpec.parse("stripe:1MiB:a,b,c").chunkBytes());
        assertEquals(4096, StripeSpec.parse("stripe:4096:a,b").chunkBytes());
        assertEquals(8192, StripeSpec.parse("stripe:8kb:a,b").chunkBytes());
        assertEquals(List.of("/tmp/x:y"), StripeSpec.parse("stripe:64K:/tmp/x:y").members());
        assertTrue(StripeSpec.names("stripe:64K:a,b"));
        assertFalse(StripeSpec.names("/dev/stripe:64K"));
    }

    @Test
    void namesTheChunkInBinaryUnits() {
        assertEquals("64 KiB", StripeSpec.chunkText(64 * 1024));
        assertEquals("1 MiB", StripeSpec.chunkText(1 << 20));
        assertEquals("4 KiB", StripeSpec.chunkText(4096));
    }

    @Test
    void badSpellingsAreOneLineUsageErrors() {
        assertRefused("stripe:/dev/a", "--target stripe:/dev/a: no chunk size and members; expected stripe:CHUNK:DEV,DEV[,...],"
                + " e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1");
        assertRefused("stripe:64Q:/dev/a,/dev/b", "--target stripe:64Q:/dev/a,/dev/b: chunk size '64Q' is not a size; write bytes or"
                + " a number with K, M or G (powers of 1024); expected stripe:CHUNK:DEV,DEV[,...], e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1");
        assertRefused("stripe:48K:/dev/a,/dev/b", "--target stripe:48K:/dev/a,/dev/b: chunk size 48K is not a power of two of at least 4K"
                + " (4K, 8K, ... 64K, ... 1M)");
        assertRefused("stripe:2K:/dev/a,/dev/b", "--target stripe:2K:/dev/a,/dev/b: chunk size 2K is not a power of two of at least 4K"
                + " (4K, 8K, ... 64K, ... 1M)");
        assertRefused("stripe:99999999999999G:/dev/a", "--target stripe:99999999999999G:/dev/a: chunk size 99999999999999G is 8 EiB"
                + " or more; chunks are powers of two of at least 4K (4K, 8K, ... 64K, ... 1M)");
        assertRefused("stripe:8589934592G:/dev/a", "--target stripe:8589934592G:/dev/a: chunk size 8589934592G is 8 EiB or more;"
                + " chunks are powers of two of at least 4K (4K, 8K, ... 64K, ... 1M)");
        assertRefused("stripe:64K:/dev/a,,/dev/b", "--target stripe:64K:/dev/a,,/dev/b: an empty member name; expected"
                + " stripe:CHUNK:DEV,DEV[,...], e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1");
        assertRefused("stripe:64K:", "--target stripe:64K:: an empty member name; expected stripe:CHUNK:DEV,DEV[,...], e.g."
                + " stripe:64K:/dev/nvme0n1,/dev/nvme1n1");
        assertRefused("stripe:64K:/dev/a,null", "--target stripe:64K:/dev/a,null: member 'null' cannot be striped; members are block"
                + " devices or files");
        assertRefused("stripe:64K:stripe:4K:a,b", "--target stripe:64K:stripe:4K:a,b: member 'stripe:4K:a' cannot be striped; members"
                + " are block devices or files");
    }

    private static void assertRefused(String spec, String message) {
        SbenchException e = assertThrows(SbenchException.class, () -> StripeSpec.parse(spec));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals(message, e.getMessage());
    }
}
