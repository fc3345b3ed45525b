package org.sbench.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import org.sbench.SbenchException;

/**
 * Tables and messages for a terminal: text that came from a file (a trace's name or phase names, a
 * result's labels) reaches it without its control characters, as {@link SbenchException#printableLines}
 * shows them; an escape sequence in a trace's metadata would otherwise clear the screen or retitle the
 * window. Line ends pass.
 */
final class PrintableWriter extends FilterWriter {
    PrintableWriter(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        write(String.valueOf((char) c), 0, 1);
    }

    @Override
    public void write(char[] text, int offset, int length) throws IOException {
        write(new String(text, offset, length), 0, length);
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        out.write(SbenchException.printableLines(text.substring(offset, offset + length)));
    }
}
