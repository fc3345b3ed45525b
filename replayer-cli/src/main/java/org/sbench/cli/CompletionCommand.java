package org.sbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sbench completion}: the bash and zsh completion script picocli generates from the commands and their options. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        footer = {
            "  source <(sbench completion)",
            "  sbench completion > /etc/bash_completion.d/sbench"},
        description = {"Print a completion script for bash and zsh (commands, options, bundled workloads and file names).",
            "Load it for this shell with: source <(sbench completion); or install it, e.g. sbench completion >"
                + " /etc/bash_completion.d/sbench. In zsh it uses bashcompinit, which the script loads itself."})
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
        out.flush();
        return ExitCodes.OK;
    }
}
