/**
 * completion: kubectl completion SHELL — prints a script that wires the shell's completion to
 * `kubemu __complete` (cli/completion-scripts.ts), for bash, zsh and fish, with kubectl's
 * argument errors. kubemu: the scripts are kubemu's own, not cobra's; powershell is not offered.
 */
import { defineCommand } from '../command';
import { CliError, UsageError } from '../errors';
import { COMPLETION_SCRIPTS } from '../completion-scripts';

export const completionCommand = defineCommand({
  name: 'completion',
  short: 'Output shell completion code for the specified shell (bash, zsh, fish)',
  usage: 'kubectl completion SHELL [options]',
  flags: [],
  run(ctx): number {
    if (!ctx.args.length) throw new UsageError('Shell not specified.', 'completion');
    if (ctx.args.length > 1) throw new UsageError('Too many arguments. Expected only the shell type.', 'completion');
    const shell = ctx.args[0]!;
    if (shell === 'powershell') throw new CliError('kubemu: powershell completion is not offered; use bash, zsh or fish');
    const script = COMPLETION_SCRIPTS[shell];
    if (!script) throw new UsageError(`Unsupported shell type "${shell}".`, 'completion');
    ctx.io.out(script);
    return 0;
  },
});
