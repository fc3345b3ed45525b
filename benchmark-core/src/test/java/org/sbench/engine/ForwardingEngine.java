package org.sbench.engine;

/** Test fixture: an engine passing every call to another, for tests to override the calls they watch or change. */
public class ForwardingEngine implements IoEngine {
    private final IoEngine engine;

    public ForwardingEngine(IoEngine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return engine.name();
    }

    @Override
    public int depth() {
        return engine.depth();
    }

    @Override
    public IoSlot[] slots() {
        return engine.slots();
    }

    @Override
    public long hugePageBytes() {
        return engine.hugePageBytes();
    }

    @Override
    public String bufferNote() {
        return engine.bufferNote();
    }

    @Override
    public int spareRequests() {
        return engine.spareRequests();
    }

    @Override
    public void submit(IoSlot slot) {
        engine.submit(slot);
    }

    @Override
    public boolean admits(IoSlot slot) {
        return engine.admits(slot);
    }

    @Override
    public int commit() {
        return engine.commit();
    }

    @Override
    public int reap(int min, long timeoutNs, CompletionSink sink) {
        return engine.reap(min, timeoutNs, sink);
    }

    @Override
    public int inFlight() {
        return engine.inFlight();
    }

    @Override
    public long orderWaits() {
        return engine.orderWaits();
    }

    @Override
    public String discards() {
        return engine.discards();
    }

    @Override
    public void close() {
        engine.close();
    }
}
