/**
 * parent-command: what kubectl runs for a command that only groups subcommands
 * (cmdutil.DefaultSubCommandRun): without one it prints its help and exits 1; words that name
 * none are one "unknown command", with the -h hint.
 */
import type { Command, CommandContext } from '../command';
import { SilentExit, UsageError } from '../errors';
import { goQuote } from '../../api/go-quote';
import { commandHelp } from '../help';
import { kubectlHelpText } from '../kubectl-help';

/**
 * runParent is that run for the command at path ("create secret"). kubectl rollout prints the
 * help on stdout, the others on stderr.
 */
export function runParent(ctx: CommandContext, parent: Command, path: string, helpTo: 'stdout' | 'stderr' = 'stderr'): number {
  if (ctx.args.length) throw new UsageError(`unknown command ${goQuote(ctx.args.join(' '))}`, path);
  const help = commandHelp(parent, `kubectl ${path}`, kubectlHelpText(path));
  if (helpTo === 'stdout') ctx.io.out(help);
  else ctx.io.err(help);
  throw new SilentExit(1);
}
