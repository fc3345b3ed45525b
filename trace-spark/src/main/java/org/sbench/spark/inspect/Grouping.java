// What the rows of an inspection are grouped into: volumes across files, volumes of each file, or files.
package org.sbench.spark.inspect;

/** The unit of a grouped inspection ({@link VolumeRows}, {@link VolumeInspection}). */
enum Grouping {
    /** A stream number across all files (Alibaba, Tencent). */
    VOLUME,
    /** A stream of one file (MSR Cambridge, whose files number their disks from 0). */
    VOLUME_PER_FILE,
    /** A whole file: its IOs in file order, as {@code sbench inspect FILE} reads them. */
    FILE
}
