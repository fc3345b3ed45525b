package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KernelChoicesTest {
    @Test
    void theSelectedChoiceIsTheBracketedOne() {
        assertEquals("mq-deadline", KernelChoices.selected("none [mq-deadline] kyber bfq"));
        assertEquals("mono", KernelChoices.selected("local global [mono] boot"));
        assertEquals("none", KernelChoices.selected("none"));
        assertEquals("x86-tsc", KernelChoices.selected("x86-tsc\n"));
        assertEquals("", KernelChoices.selected(""));
    }
}
