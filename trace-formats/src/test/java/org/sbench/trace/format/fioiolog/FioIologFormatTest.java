package org.sbench.trace.format.fioiolog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.input.TraceHead;

class FioIologFormatTest {
    private final FioIologFormat format = new FioIologFormat();

    @ParameterizedTest
    @ValueSource(strings = {
        "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n/dev/sdb wait 10 0\n/dev/sdb close\n",
        "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n5 /dev/sdb read 0 4096\n9 /dev/sdb close\n",
        "fio version 3 iolog\n",
    })
    void acceptsOwnSamples(String sample) {
        assertTrue(format.sniff(head(sample)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "128166372003061629,hm,1,Read,383496192,32768,1561\n128166372016382155,hm,1,Write,3694133248,4096,1497\n",
        "0,20941264,8192,W,0.551706\n0,20939840,8192,W,0.554041\n1,3436288,15872,r,1.011732\n",
        "  8,0    3        1     0.000000000  4162  Q  WS 3417048 + 8 [kjournald]\n"
            + "  8,0    3        2     0.000001000  4162  D  WS 3417048 + 8 [kjournald]\n",
        "  kworker/0:1-42    [000] ....  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1]\n",
        "419,R,126703644672,4096,1577808000000048\n419,W,126703648768,8192,1577808000000090\n",
        "1538323200,12345678,8,0,1063\n1538323200,12345686,8,1,1063\n",
        "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n",
        "BeginHeader\n  DiskRead,  TimeStamp,  Process Name ( PID)\nEndHeader\n",
        "Timestamp,Response,IOType,LUN,Offset,Size\n1456135200.013118000,0.000434000,R,4,3515457536,4096\n",
        "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,0,4096,R,0,1,foo\n",
        "fio version 1 iolog\n",
        "fio version 3 iolog\nthis line has far too many fields to be an iolog line\n",
    })
    void rejectsOtherFormats(String sample) {
        assertFalse(format.sniff(head(sample)));
    }

    @org.junit.jupiter.api.Test
    void rejectsBinary() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
