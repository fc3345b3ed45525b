package org.sbench.target;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * How {@link Targets} opens a target, immutable; {@link #DEFAULTS} holds every default (read-write,
 * nothing allowed, size from the target, merges disabled, the queue set for an engine's IOs, discards
 * among them), and each {@code with*} returns a copy.
 */
public final class TargetSettings {
    /** The settings a user gets without options. */
    public static final TargetSettings DEFAULTS =
            new TargetSettings(false, false, false, OptionalLong.empty(), null, OptionalLong.empty(), "", false, true, true,
                    List.of(), line -> { }, null);

    private final boolean readOnly;
    private final boolean allowWrite;
    private final boolean force;
    private final OptionalLong sizeBytes;
    /** {@code --size} as the user wrote it, for the messages that quote it; null when set as a number. */
    private final String sizeWritten;
    private final OptionalLong defaultSizeBytes;
    private final String defaultSizeSource;
    private final boolean allowMerges;
    private final boolean tunesQueue;
    private final boolean sendsDiscards;
    private final List<Path> inputs;
    private final Consumer<String> notes;
    /** What to do when a new file has too little room, or null for the advice of a command that takes --size. */
    private final String roomAdvice;

    private TargetSettings(boolean readOnly, boolean allowWrite, boolean force, OptionalLong sizeBytes, String sizeWritten,
            OptionalLong defaultSizeBytes, String defaultSizeSource, boolean allowMerges, boolean tunesQueue, boolean sendsDiscards,
            List<Path> inputs, Consumer<String> notes, String roomAdvice) {
        this.readOnly = readOnly;
        this.allowWrite = allowWrite;
        this.force = force;
        this.sizeBytes = sizeBytes;
        this.sizeWritten = sizeWritten;
        this.defaultSizeBytes = defaultSizeBytes;
        this.defaultSizeSource = defaultSizeSource;
        this.allowMerges = allowMerges;
        this.tunesQueue = tunesQueue;
        this.sendsDiscards = sendsDiscards;
        this.inputs = List.copyOf(inputs);
        this.notes = notes;
        this.roomAdvice = roomAdvice;
    }

    /**
     * The replay issues no writes, and nothing about the target changes: devices open O_RDONLY and
     * need no write permission; a file is neither created, grown nor allocated.
     */
    public boolean readOnly() {
        return readOnly;
    }

    /** The user allows writes to a block device or an existing file ({@code --allow-write}). */
    public boolean allowWrite() {
        return allowWrite;
    }

    /** The user allows writes over a recognised partition table or filesystem ({@code --force}). */
    public boolean force() {
        return force;
    }

    /**
     * The capacity wanted ({@code --size}): creates or grows a file target, sizes the null target;
     * ignored for block devices.
     */
    public OptionalLong sizeBytes() {
        return sizeBytes;
    }

    /** {@code --size} as the user wrote it, or its bytes when it was set as a number; for messages, with a size given. */
    public String sizeWritten() {
        return sizeWritten != null ? sizeWritten : Long.toString(sizeBytes.getAsLong());
    }

    /**
     * The capacity of a target that has none of its own when {@link #sizeBytes()} is not given: a
     * file sbench creates, and the null target (replay: what the trace reaches). An existing file
     * keeps its size.
     */
    public OptionalLong defaultSizeBytes() {
        return defaultSizeBytes;
    }

    /** What {@link #defaultSizeBytes()} is ("what the trace reaches", "cdm's test region"); empty without one. */
    public String defaultSizeSource() {
        return defaultSizeSource;
    }

    /** Keep the device's merge setting instead of disabling merges ({@code --allow-merges}). */
    public boolean allowMerges() {
        return allowMerges;
    }

    /**
     * The run issues IOs through an IO engine, for which a block device's merging is turned off (unless
     * {@link #allowMerges}: {@link QueueSettings}); false for a purge, whose erase calls (ioctls, one at a
     * time) need no setting, and which then changes nothing of the queue (so the device's owner may run it
     * without root).
     */
    public boolean tunesQueue() {
        return tunesQueue;
    }

    /**
     * The run may send discards through an IO engine (a replay of a trace with trims), for which a block
     * device's writeback throttling is turned off when it writes ({@link QueueSettings}): true unless the
     * caller knows it sends none, as every run but such a replay does (the kernel throttles discards, and
     * no O_DIRECT write), which then leaves the throttling on and needs no root for it.
     */
    public boolean sendsDiscards() {
        return sendsDiscards;
    }

    /** The files the command reads (a replay's trace): never written as its target, whatever the options. */
    public List<Path> inputs() {
        return inputs;
    }

    /** Where a line the user should see goes ("making x.img, a new file of ..."): stderr for the CLI; nowhere by default. */
    public Consumer<String> notes() {
        return notes;
    }

    /**
     * What a refusal of a new file that has too little room tells the user to do ("give demo a --dir on a file system with
     * more room"), for a command that takes no --size; null (the default): a smaller --size, or --size to make it anyway.
     */
    public String roomAdvice() {
        return roomAdvice;
    }

    public TargetSettings withReadOnly(boolean value) {
        return new TargetSettings(value, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withAllowWrite(boolean value) {
        return new TargetSettings(readOnly, value, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withForce(boolean value) {
        return new TargetSettings(readOnly, allowWrite, value, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withSizeBytes(long value) {
        return withSizeBytes(value, null);
    }

    /** {@link #sizeBytes()} {@code value}, which the user wrote as {@code written} ({@code 0K}): its messages quote that. */
    public TargetSettings withSizeBytes(long value, String written) {
        return new TargetSettings(readOnly, allowWrite, force, OptionalLong.of(value), written, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    /** {@link #defaultSizeBytes()} {@code value}, which is {@code source} ("what the trace reaches"): said of a file made so large. */
    public TargetSettings withDefaultSizeBytes(long value, String source) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, OptionalLong.of(value), source,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withAllowMerges(boolean value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                value, tunesQueue, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withTunesQueue(boolean value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, value, sendsDiscards, inputs, notes, roomAdvice);
    }

    public TargetSettings withSendsDiscards(boolean value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, value, inputs, notes, roomAdvice);
    }

    public TargetSettings withInputs(List<Path> value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, value, notes, roomAdvice);
    }

    public TargetSettings withNotes(Consumer<String> value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, value, roomAdvice);
    }

    public TargetSettings withRoomAdvice(String value) {
        return new TargetSettings(readOnly, allowWrite, force, sizeBytes, sizeWritten, defaultSizeBytes, defaultSizeSource,
                allowMerges, tunesQueue, sendsDiscards, inputs, notes, value);
    }
}
