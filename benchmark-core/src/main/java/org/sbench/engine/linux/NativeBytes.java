package org.sbench.engine.linux;

import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Copies between Java byte arrays and native memory such as a slot's buffer, for code outside this
 * package that must not import JNA (write patterns, tests). Bounds are the caller's to respect.
 * {@link #put} and {@link #get} make one small JNA object per call; code that copies per IO should
 * keep a {@link #view} per buffer instead.
 */
public final class NativeBytes {

    private NativeBytes() {
    }

    /**
     * A native-order direct buffer over {@code bytes} bytes at {@code address} (at most 2 GiB). It
     * does not own the memory: it is valid only while the memory's owner keeps it mapped.
     */
    public static ByteBuffer view(long address, long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(bytes + " bytes is too large for one buffer view");
        }
        return new Pointer(address).getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    }

    /** Writes {@code length} bytes of {@code src} from {@code srcOffset} to native address {@code address}. */
    public static void put(long address, byte[] src, int srcOffset, int length) {
        new Pointer(address).write(0, src, srcOffset, length);
    }

    /** Reads {@code length} bytes at native address {@code address} into {@code dst} from {@code dstOffset}. */
    public static void get(long address, byte[] dst, int dstOffset, int length) {
        new Pointer(address).read(0, dst, dstOffset, length);
    }
}
