package org.sbench.replay;

import java.util.List;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.ForwardingEngine;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.trace.Op;

/**
 * Test fixture: an engine that passes everything to the one it wraps and keeps each IO it hands
 * back as reaped, with the {@code submitNs} and {@code doneNs} the engine stamped it with: on a
 * striped target the member IOs, each with its trace IO's tag.
 */
public final class StampingEngine extends ForwardingEngine {
    /** One IO as the engine handed it back, in the order reaped; {@code offsetBytes} on member {@code member}. */
    public record Stamped(long tag, int member, Op op, long offsetBytes, long lengthBytes, long submitNs, long doneNs) {
        String describe() {
            return op == Op.FLUSH ? "FLUSH" : op + "@" + offsetBytes + "+" + lengthBytes;
        }
    }

    private final List<Stamped> reaped;

    private StampingEngine(IoEngine engine, List<Stamped> reaped) {
        super(engine);
        this.reaped = reaped;
    }

    /** Opens engines as {@link IoEngines#open} does, each kernel-facing one wrapped to add the IOs it hands back to {@code reaped}. */
    static IoEngines.Opener into(List<Stamped> reaped) {
        return (name, target, depth, maxIoBytes, clock) -> IoEngines.open(name, target, depth, maxIoBytes, clock,
                engine -> new StampingEngine(engine, reaped));
    }

    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        return super.reap(min, timeoutNs, slot -> {
            reaped.add(new Stamped(slot.tag, slot.member, slot.op, slot.offsetBytes, slot.lengthBytes, slot.submitNs, slot.doneNs));
            sink.completed(slot);
        });
    }
}
