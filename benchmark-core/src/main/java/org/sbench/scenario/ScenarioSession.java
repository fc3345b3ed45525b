package org.sbench.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.TracePlans;
import org.sbench.step.BundleLog;
import org.sbench.step.StepListener;
import org.sbench.synth.BundledTraceCache;
import org.sbench.target.Target;
import org.sbench.target.TargetLock;
import org.sbench.target.TargetRegion;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.Progress;

/**
 * The whole of {@code sbench run} below the command line: checks every step of the scenario at its
 * longest before anything is opened (so a bad option fails at once, naming its line), opens and
 * locks the target once for all steps (read-only when no step writes), checks that every step fits
 * it (sizes inside the capacity or the scaled region, whole blocks: refused at the step's line
 * before any step runs), begins the bundle (or resumes
 * one, following the scenario, scale and engine it was begun with), runs the steps
 * ({@link ScenarioRunner}), writes {@code BUNDLE/report.html}, and closes the target whatever happens.
 */
public final class ScenarioSession {
    public static final String AUTO_ENGINE = "auto";

    private ScenarioSession() {
    }

    /**
     * What to run and where. {@code scenario} may be null when resuming (the bundle's copy is run);
     * {@code scale} and {@code engine} are null when not given (1 and auto for a new bundle, the
     * bundle's when resuming: a different value is refused, so that one bundle never mixes two).
     */
    public record Request(Scenario scenario, Path bundleDir, boolean resume, Double scale, String target,
                          TargetSettings targetSettings, String engine) {
    }

    /**
     * Reads and checks the scenario of {@code request} (the bundle's copy when resuming) at its
     * longest, before anything is opened: a bad option fails at once, naming its line; then checks
     * the target as far as it can be before it is opened ({@link Targets#check}).
     */
    public static Prepared prepare(Request request, StepKinds kinds) {
        Path dir = request.bundleDir();
        if (request.resume()) {
            BundleLog.checkResumable(dir);
        }
        BundleScenario copy = request.resume() ? BundleScenario.read(dir) : null;
        Scenario scenario = request.scenario() != null ? request.scenario() : copy.parse();
        double scale = same("--scale", request.scale(), copy == null ? null : copy.scale(), 1.0, dir);
        ScaledOption.checkScale(scale, String.valueOf(scale));
        String engine = same("--engine", request.engine(), copy == null ? null : copy.engine(), AUTO_ENGINE, dir);
        if (copy != null && !scenario.sha256().equals(copy.sha256())) {
            throw SbenchException.usage(dir + " was begun with another version of scenario '" + copy.scenario() + "' (" + copy.source()
                    + "); resume without SCENARIO to follow the bundle's copy of it");
        }
        StepMaker maker = new StepMaker(scenario, kinds, scale);
        StepMaker.Plan plan = maker.check(List.of());
        // Before the workloads are made and the traces planned: a mistyped target was refused only after them.
        // A default size of 0: no step sizes a new file from its trace as replay does, so one needs --size.
        Targets.check(request.target(), targetSettings(request, scenario, plan).withDefaultSizeBytes(0, "none"));
        return new Prepared(request, scenario, copy, scale, engine, kinds, maker, plan);
    }

    /**
     * The target settings of {@code request} for {@code plan} (read-only when no step writes), with the files the run
     * reads as its inputs, never written as its target: the scenario's file and the trace files its replay steps name.
     */
    private static TargetSettings targetSettings(Request request, Scenario scenario, StepMaker.Plan plan) {
        List<Path> inputs = Stream.concat(Stream.of(scenario.source()), ReplayOptions.traces(scenario).stream())
                .map(Path::of).filter(Files::isRegularFile).toList();
        return request.targetSettings().withReadOnly(!plan.writes()).withInputs(inputs);
    }

    /** A scenario read and checked ({@link #prepare}): its workloads made, then run. */
    public static final class Prepared {
        private final Request request;
        private final Scenario scenario;
        private final BundleScenario copy;
        private final double scale;
        private final String engine;
        private final StepKinds kinds;
        private final StepMaker maker;
        private final StepMaker.Plan plan;

        private Prepared(Request request, Scenario scenario, BundleScenario copy, double scale, String engine, StepKinds kinds,
                         StepMaker maker, StepMaker.Plan plan) {
            this.request = request;
            this.scenario = scenario;
            this.copy = copy;
            this.scale = scale;
            this.engine = engine;
            this.kinds = kinds;
            this.maker = maker;
            this.plan = plan;
        }

        /**
         * Makes the bundled workloads the replay steps name that the cache lacks, {@code generating}
         * hearing how far each is. {@code sbench run} makes them before it takes the stop signals,
         * as replay makes its own: a signal while one is made ends sbench at once, the cache keeping
         * no part of it. Made as the steps were checked, after the stop signals were taken, they
         * kept a signal unheard until made (destroyer: about 30 s).
         */
        public void makeWorkloads(Function<String, Progress> generating) {
            for (String trace : ReplayOptions.traces(scenario)) {
                BundledTraceCache.forUser().resolve(trace, generating.apply(trace));
            }
        }

        /** Opens the target, checks the steps against it, begins or resumes the bundle and runs the steps (as the class says). */
        public ScenarioOutcome run(NanoClock clock, ScenarioListener listener, StepListener stepListener, ReplayControl control,
                                   String sbenchVersion) {
            Path dir = request.bundleDir();
            IoEngines.Opener engines = (name, t, depth, maxIoBytes, c) ->
                    IoEngines.open(AUTO_ENGINE.equals(name) ? engine : name, t, depth, maxIoBytes, c);
            ScenarioOutcome outcome;
            // A bundle being resumed is locked before anything else; a new one as soon as it is made.
            // Each replay's trace read once, before the target is opened: writeback throttling is turned off only for
            // a replay whose stream has trims, the fit is checked and every round replays from the same plan.
            try (TargetLock resuming = copy == null ? null : TargetLock.ofBundle(dir); TracePlans plans = new TracePlans(control)) {
                List<StepMaker.Planned> planned = maker.planned(plan.steps(), plans);
                TargetSettings settings = targetSettings(request, scenario, plan).withSendsDiscards(StepMaker.sendsDiscards(planned));
                try (Target target = Targets.open(request.target(), settings)) {
                    Target region = region(target, scale);
                    BundleLog log = Targets.beforeFirstIo(target, () -> {
                        IoEngines.checkServes(engine, target);
                        maker.checkFits(planned, region, control);
                        if (copy != null) {
                            return BundleLog.resume(dir, scenario.name(), target);
                        }
                        BundleLog begun = BundleLog.begin(dir, scenario.name(), plan.steps().size(), target, sbenchVersion);
                        try {
                            BundleScenario.of(scenario, scale, kinds, engine, target).write(dir);
                        } catch (RuntimeException e) {
                            // Without its scenario.json the bundle could be neither resumed nor written over.
                            begun.abandon(e);
                            throw e;
                        }
                        return begun;
                    });
                    try (TargetLock begun = copy == null ? TargetLock.ofBundle(dir) : null) {
                        try {
                            outcome = new ScenarioRunner(scenario, maker, plans, plan.steps().size(), log, region, engines, clock,
                                    control, stepListener, listener, sbenchVersion).run();
                        } catch (RuntimeException | OutOfMemoryError e) {
                            try {
                                ScenarioReport.write(ScenarioBundle.read(dir));
                            } catch (RuntimeException | OutOfMemoryError notWritten) {
                                e.addSuppressed(notWritten);
                            }
                            throw e;
                        }
                        ScenarioBundle read = ScenarioBundle.read(dir);
                        ScenarioReport.write(read);
                        outcome = outcome.with(read);
                    }
                }
            }
            return outcome;
        }
    }

    /**
     * What the steps run on: the whole target, or at a scale below 1 its first {@code scale} of the
     * capacity, shortened as a size is ({@link ScaledOption#scaledBytes}), so that a scaled fill fills
     * what the scaled steps after it use.
     */
    static Target region(Target target, double scale) {
        long bytes = regionBytes(target, scale);
        return bytes == target.capacityBytes() ? target : new TargetRegion(target, bytes);
    }

    /** The bytes {@link #region} keeps of {@code target}: whole logical blocks, at most the capacity. */
    static long regionBytes(Target target, double scale) {
        if (scale == 1) {
            return target.capacityBytes();
        }
        long bytes = Math.min(target.capacityBytes(), ScaledOption.scaledBytes(target.capacityBytes(), scale));
        return bytes / target.logicalBlockSize() * target.logicalBlockSize();
    }

    /** The value to run with: the bundle's when resuming (a different one given is refused), else the one given or the default. */
    private static <T> T same(String option, T given, T bundle, T otherwise, Path dir) {
        if (bundle == null) {
            return given == null ? otherwise : given;
        }
        if (given != null && !given.equals(bundle)) {
            throw SbenchException.usage(dir + " was begun with " + option + " " + bundle + "; resume it with the same, or without "
                    + option);
        }
        return bundle;
    }
}
