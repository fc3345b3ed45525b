package org.sbench.step;

import java.util.Map;
import org.sbench.data.WritePatterns;
import org.sbench.engine.IoEngines;
import org.sbench.replay.Equipment;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySettings;
import org.sbench.target.Target;

/**
 * How a step's generated IOs go, whatever they are (a fill pass, a torture round, a sweep, an idle
 * probe): their size, the fixed depth they keep outstanding, the data of writes, and the engine.
 * Validated when made, each value by the name of its option ({@code bs}, or {@code probe-bs} for an
 * idle step's probe).
 *
 * @param prefix  the options' prefix ({@code ""}, {@code "probe-"}) for {@code bs} and {@code qd}
 * @param bsTyped {@code blockBytes} as the user wrote it ({@code 32M}, {@code 0K}), for refusals to quote
 */
record StepIo(String prefix, int blockBytes, String bsTyped, int qd, String data, String engine) {
    StepIo {
        StepOptions.checkIoSize(prefix + "bs", blockBytes, Equipment.MAX_IO_BYTES, bsTyped);
        new ReplayMode.FixedQd(qd);
        data = WritePatterns.word(data);
        engine = StepOptions.engine(engine);
    }

    /** The IOs {@code o} gives (options {@code PREFIXbs}, {@code PREFIXqd}, {@code data}, {@code engine}), with these defaults. */
    static StepIo of(StepOptions o, String prefix, long defaultBlockBytes, int defaultQd) {
        long bs = o.bytes(prefix + "bs", defaultBlockBytes);
        String typed = o.typed(prefix + "bs", defaultBlockBytes);
        StepOptions.checkIoSize(prefix + "bs", bs, Equipment.MAX_IO_BYTES, typed);
        return new StepIo(prefix, (int) bs, typed, o.integer(prefix + "qd", defaultQd, 1, ReplayMode.MAX_DEPTH), o.text("data", ReplaySettings.DEFAULT_DATA),
                o.text(StepOptions.ENGINE, IoEngines.AUTO));
    }

    /** Adds the options as users write them; {@code data} only when the IOs write. */
    void putOptions(Map<String, String> m, boolean writes) {
        m.put(prefix + "bs", StepOptions.sizeWord(blockBytes));
        m.put(prefix + "qd", Integer.toString(qd));
        if (writes) {
            m.put("data", data);
        }
        m.put(StepOptions.ENGINE, engine);
    }

    /** Refuses an IO size that is no whole number of {@code target}'s logical blocks, and an engine that does not serve it. */
    void checkFits(Target target) {
        StepOptions.checkAligned(prefix + "bs", blockBytes, target, bsTyped);
        IoEngines.checkServes(engine, target);
    }

    /** {@code --bs 32M} (its {@link #prefix}), as typed: what a refusal of the IO size names. */
    String bsQuoted() {
        return "--" + prefix + "bs " + bsTyped;
    }

    /** Fixed-qd replay of the IOs with this data and engine; write data from {@code seed}. */
    ReplaySettings settings(long seed) {
        return ReplaySettings.DEFAULTS.withFixedQd(qd).withData(data).withEngine(engine).withSeed(seed);
    }
}
