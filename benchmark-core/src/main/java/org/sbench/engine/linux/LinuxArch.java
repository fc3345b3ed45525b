package org.sbench.engine.linux;

import com.sun.jna.Platform;

/** The two architectures whose system call numbers sbench knows. */
final class LinuxArch {
    static final boolean X86_64 = Platform.isLinux() && Platform.isIntel() && Platform.is64Bit();
    static final boolean AARCH64 = Platform.isLinux() && Platform.isARM() && Platform.is64Bit();
    /** Not a system call on either architecture: calls made with it fail with ENOSYS. */
    static final long UNKNOWN = -1;

    private LinuxArch() {
    }

    /** The number for this machine: {@code x86} on x86-64, {@code arm64} on arm64, else {@link #UNKNOWN}. */
    static long pick(long x86, long arm64) {
        return X86_64 ? x86 : AARCH64 ? arm64 : UNKNOWN;
    }
}
