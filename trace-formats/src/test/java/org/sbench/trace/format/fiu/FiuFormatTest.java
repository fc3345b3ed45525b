package org.sbench.trace.format.fiu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.input.TraceHead;

class FiuFormatTest {
    private final FiuFormat format = new FiuFormat();

    @ParameterizedTest
    @ValueSource(strings = {
        "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n"
            + "1000000100 4211 nfsd 4096 16 R 8 1 00000000000000000000000000000000\n"
            + "1000001000 900 Web Content 10 8 R 253 0 0123456789ABCDEF0123456789abcdef\n",
        "1000000900\t77\tkjournald\t123456\t8\tW\t8\t17\tffffffffffffffffffffffffffffffff\n",
    })
    void acceptsOwnSamples(String sample) {
        assertTrue(format.sniff(head(sample)));
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
        "BeginHeader\n  DiskRead,  TimeStamp,  Process Name ( PID)\nEndHeader\n",
        "DiskRead, 2000, a.exe (1), 2, 0xfffffa8003a1b010, 0x10000, 0x1000, 250, 0, 0x60043, 240, 2, Original, 0x1, \"C:\\x\"\n",
        "Timestamp,Response,IOType,LUN,Offset,Size\n1456135200.013118000,0.000434000,R,4,3515457536,4096\n",
        "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,0,4096,R,0,1,foo\n",
        // one FIU-looking line is not enough when the next is not
        "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n1 2 3\n",
        // no MD5
        "1000000500 4211 nfsd 2048 8 W 8 1 notadigest\n",
    })
    void rejectsOtherFormats(String sample) {
        assertFalse(format.sniff(head(sample)));
    }

    @Test
    void rejectsBinaryAndEmpty() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
        assertFalse(format.sniff(new TraceHead(new byte[0])));
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
