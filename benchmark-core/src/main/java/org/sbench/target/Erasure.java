package org.sbench.target;

/**
 * What a target says, before any call, of erasing ranges of it by one {@link EraseMethod}.
 *
 * @param method  the method as results name it: {@code trim}, {@code secure-trim}, {@code zero}, or on a
 *                file {@code punch-hole}, {@code zero-range}
 * @param call    what runs, for messages: {@code ioctl BLKDISCARD}, {@code fallocate(PUNCH_HOLE|KEEP_SIZE)}
 * @param refusal why the target will refuse the method (the kernel says so in sysfs: no discard), or
 *                null when nothing says it will
 * @param note    what the user should know of how it is done (no WRITE ZEROES command: the kernel
 *                writes the zeros), or null
 */
public record Erasure(String method, String call, String refusal, String note) {
}
