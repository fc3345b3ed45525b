// Test helper: issues chosen IOs on a target through a real engine, one batch at a time.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.IoSlot;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * A known IO pattern for the device tests: each {@link #batch} submits its IOs together (so they
 * overlap: QD up to the batch size) and waits for all of them; successive batches do not overlap.
 * Remembers every IO it issued, in order, as the trace should show it.
 */
final class IoPattern implements AutoCloseable {
    static final int DEPTH = 8;
    static final int MAX_IO = 256 << 10;

    private final IoEngine engine;
    private final long baseOffset;
    private final List<IoRecord> issued = new ArrayList<>();

    /** An engine on {@code target}; IOs at offset X appear in the trace at {@code baseOffset + X}. */
    IoPattern(Target target, String engineName, long baseOffset) {
        this.engine = IoEngines.open(engineName, target, DEPTH, MAX_IO, NanoClock.SYSTEM).engine();
        this.baseOffset = baseOffset;
    }

    static IoRecord io(Op op, long offset, long length) {
        IoRecord r = new IoRecord();
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        return r;
    }

    /** Issues {@code ios} at once and waits for them all; each must succeed. */
    void batch(IoRecord... ios) {
        IoSlot[] slots = engine.slots();
        for (int i = 0; i < ios.length; i++) {
            IoSlot s = slots[i];
            s.op = ios[i].op;
            s.offsetBytes = ios[i].offsetBytes;
            s.lengthBytes = ios[i].lengthBytes;
            s.tag = i;
            engine.submit(s);
            IoRecord expected = new IoRecord().copyFrom(ios[i]);
            if (expected.op != Op.FLUSH) {
                expected.offsetBytes += baseOffset;
            }
            issued.add(expected);
        }
        engine.commit();
        int done = 0;
        while (done < ios.length) {
            done += engine.reap(ios.length - done, -1, slot -> assertEquals(false, slot.failed(), "IO failed: " + slot.result));
        }
    }

    /** Everything issued so far, in issue order, with offsets as the trace shows them. */
    List<IoRecord> issued() {
        return issued;
    }

    @Override
    public void close() {
        engine.close();
    }
}
