package org.sbench.target;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Test fixture: loop devices this test makes to be the members of a striped target
 * ({@code stripe:CHUNK:/dev/loopA,/dev/loopB}), each as {@link LoopDevice#create} makes it, all
 * detached by {@link #close()} (each also when another fails).
 */
public final class LoopStripe implements AutoCloseable {
    private final List<LoopDevice> members;

    private LoopStripe(List<LoopDevice> members) {
        this.members = List.copyOf(members);
    }

    /** {@code count} loop devices of {@code bytes}; those made are detached again when a later one fails. */
    public static LoopStripe create(int count, long bytes) throws IOException {
        List<LoopDevice> made = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                made.add(LoopDevice.create(bytes));
            }
            return new LoopStripe(made);
        } catch (IOException | RuntimeException e) {
            try {
                new LoopStripe(made).close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** The members, in stripe order. */
    public List<LoopDevice> members() {
        return members;
    }

    public LoopDevice member(int m) {
        return members.get(m);
    }

    /** The target spec of all members striped in chunks of {@code chunk} ({@code 64K}). */
    public String spec(String chunk) {
        return spec(chunk, members);
    }

    /** The target spec of {@code devices} striped in chunks of {@code chunk}. */
    public static String spec(String chunk, List<LoopDevice> devices) {
        StringBuilder b = new StringBuilder("stripe:" + chunk + ":");
        for (int i = 0; i < devices.size(); i++) {
            b.append(i == 0 ? "" : ",").append(devices.get(i).path());
        }
        return b.toString();
    }

    /** Detaches every member, the last first; the first failure is thrown, the others suppressed by it. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int i = members.size() - 1; i >= 0; i--) {
            try {
                members.get(i).close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
