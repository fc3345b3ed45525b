package org.sbench.trace.format.etw;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.input.TraceHead;

class EtwFormatTest {
    private final EtwFormat format = new EtwFormat();

    @ParameterizedTest
    @ValueSource(strings = {"dump.txt", "dump-cpu.txt", "rows-only.txt"})
    void acceptsOwnSamples(String resource) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(getClass().getResource(resource).toURI()));
        assertTrue(format.sniff(new TraceHead(bytes)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "128166372003061629,hm,1,Read,383496192,32768,1561\n128166372016382155,hm,1,Write,3694133248,4096,1497\n",
        "0,20941264,8192,W,0.551706\n0,20939840,8192,W,0.554041\n",
        "  8,0    3        1     0.000000000  4162  Q  WS 3417048 + 8 [kjournald]\n"
            + "  8,0    3        2     0.000001000  4162  D  WS 3417048 + 8 [kjournald]\n",
        "  kworker/0:1-42    [000] ....  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1]\n",
        "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n5 /dev/sdb read 0 4096\n",
        "419,R,126703644672,4096,1577808000000048\n",
        "1538323200,12345678,8,0,1063\n",
        "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n",
        "Timestamp,Response,IOType,LUN,Offset,Size\n1456135200.013118000,0.000434000,R,4,3515457536,4096\n",
        "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,0,4096,R,0,1,foo\n",
        // disk rows followed by another event in a dump cut without its header
        "DiskRead, 2000, a.exe (1), 2, 0x10, 0x10000, 0x1000, 250, 0, 0x60043\n"
            + "FileIoRead, 2100, a.exe (1), 2, 0x10, 0x20, 0x0, 0x1000, 0x0, 0x0, 2, \"C:\\x\"\n",
        // DiskReadInit is not a disk IO row
        "DiskReadInit, 1500, a.exe (1), 2, 0xfffffa8003a1b010, 0, 0, 0\n",
    })
    void rejectsOtherFormats(String sample) {
        assertFalse(format.sniff(new TraceHead(sample.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void rejectsBinary() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
    }
}
