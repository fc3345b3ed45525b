package org.sbench.replay;

import java.util.ArrayList;
import java.util.List;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.ForwardingEngine;
import org.sbench.engine.IoEngine;
import org.sbench.trace.Op;

/** An engine that passes everything to another and logs each IO it hands back, with its final stamps. */
final class LoggedEngine extends ForwardingEngine {
    /** One IO as it was handed back. */
    record Done(long tag, Op op, long lengthBytes, int member, long submitNs, long doneNs, boolean failed) {
    }

    final List<Done> done = new ArrayList<>();

    LoggedEngine(IoEngine engine) {
        super(engine);
    }

    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        return super.reap(min, timeoutNs, s -> {
            done.add(new Done(s.tag, s.op, s.lengthBytes, s.member, s.submitNs, s.doneNs, s.failed()));
            sink.completed(s);
        });
    }
}
