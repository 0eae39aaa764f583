/**
 * help: `--help` text — kubectl's layout (description, usage, options) built from each
 * command's flag table, so help never drifts from what is parsed.
 */
import type { CommandSpec } from './front';
import type { FlagDef } from './flags';

/** rootHelp lists the commands, grouped as kubectl groups its own. */
export function rootHelp(all: readonly CommandSpec[]): string {
  const commands = all.filter((c) => !c.hidden);
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}${c.short}`);
  return `kubemu controls an emulated Kubernetes cluster with kubectl's commands.

 Find more information at: the README of kubemu.

Commands:
${lines.join('\n')}

Usage:
  kubemu [flags] [options]

Use "kubemu <command> --help" for more information about a given command.
`;
}

function flagLine(f: FlagDef): string {
  const names = f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
  const dflt = f.default === undefined || f.default === '' || (Array.isArray(f.default) && !f.default.length) ? '' : `=${Array.isArray(f.default) ? `[${f.default.join(',')}]` : f.default}`;
  return `    ${names}${dflt}:\n\t${f.help ?? ''}`;
}

/** commandHelp is `<cmd> --help`. */
export function commandHelp(cmd: CommandSpec, shown: string): string {
  const subs = cmd.subcommands ? `\nAvailable Commands:\n${Object.values(cmd.subcommands).map((s) => `  ${s.name.padEnd(20)}${s.short}`).join('\n')}\n` : '';
  const opts = cmd.flags.length ? `\nOptions:\n${cmd.flags.map(flagLine).join('\n\n')}\n` : '';
  return `${cmd.long ?? cmd.short}\n${subs}${opts}\nUsage:\n  ${cmd.usage.replace(/^kubectl/, shown.split(' ')[0]!)}\n\nUse "kubemu options" for a list of global command-line options (applies to all commands).\n`;
}
