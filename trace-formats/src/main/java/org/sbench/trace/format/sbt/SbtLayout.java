package org.sbench.trace.format.sbt;


/**
 * The .sbt layout, shared by reader and writer. All integers little-endian.
 *
 * <pre>
 * header   magic[8] = 89 'S' 'B' 'T' 0D 0A 1A 0A
 *          u16 version (1), u16 headerFlags (bit 0: records are in issue order)
 *          u32 recordsOffset, u64 recordCount, u32 fieldFlags ({@link org.sbench.trace.Field#bit()}),
 *          u32 recordBytes (48), u64 trailerOffset
 *          str sourceFormat, u32 metadataCount, metadataCount x (str key, str value)
 *          zero padding to an 8-byte boundary = recordsOffset
 * record   i64 issueNs, i64 completeNs (Long.MIN_VALUE: none), i64 offsetBytes, i64 lengthBytes,
 *          u8 op (Op ordinal), u8[3] reserved 0, i32 stream (-1: none), i32 qd (0: unknown),
 *          i32 process (index into the trailer's process table, -1: none)
 * trailer  u32 processCount, processCount x str; u32 phaseCount, phaseCount x (i64 timeNs, str name);
 *          optionally u32 metadataCount, metadataCount x (str key, str value), merged over the header's
 * str      u16 byte length, UTF-8 bytes
 * </pre>
 * The trailer lets a writer stream records whose process names, phase markers and late metadata
 * it learns on the way; the header's count and trailer offset are patched when the writer
 * finishes. The trailer's metadata was added within version 1: files written before it end after
 * the phases, and readers of that time ignore what follows the phases. The process table may name a
 * process more than once (a writer indexes the names met last only, {@link NameMemory#indexedNames()}):
 * readers map an index to its name.
 */
final class SbtLayout {
    static final byte[] MAGIC = {(byte) 0x89, 'S', 'B', 'T', '\r', '\n', 0x1a, '\n'};
    static final int VERSION = 1;
    static final int FLAG_ISSUE_ORDERED = 1;
    static final int RECORD_BYTES = 48;
    static final int FIXED_HEADER_BYTES = 40;
    static final int POS_RECORDS_OFFSET = 12;
    static final int POS_RECORD_COUNT = 16;
    static final int POS_TRAILER_OFFSET = 32;
    static final int POS_HEADER_FLAGS = 10;
    static final int MAX_STRING_BYTES = 0xffff;

    static final int REC_ISSUE = 0;
    static final int REC_COMPLETE = 8;
    static final int REC_OFFSET = 16;
    static final int REC_LENGTH = 24;
    static final int REC_OP = 32;
    static final int REC_STREAM = 36;
    static final int REC_QD = 40;
    static final int REC_PROCESS = 44;
    static final int NO_PROCESS = -1;

    private SbtLayout() {
    }
}
