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

/**
 * flagLine is one flag as kubectl's help prints it (templates.getFlagFormat): every flag shows
 * pflag's default text, a string's in quotes (`--for='':`), a list's in brackets (`--types=[]:`).
 */
function flagLine(f: FlagDef): string {
  const names = f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
  return `    ${names}=${flagDefaultText(f)}:\n\t${(f.help ?? '').replace(/\n/g, '\n\t')}`;
}

/** flagDefaultText is pflag's text for a flag's default, as help and `kubectl options` print it. */
export function flagDefaultText(f: FlagDef): string {
  if (f.shownDefault !== undefined) return f.shownDefault;
  switch (f.type) {
    case 'string': return `'${f.default ?? ''}'`;
    case 'stringArray': case 'stringSlice': return `[${Array.isArray(f.default) ? f.default.join(',') : f.default ?? ''}]`;
    case 'bool': return String(f.default ?? false);
    case 'int': return String(f.default ?? 0);
    case 'duration': return String(f.default ?? '0s');
    case 'stringToString': return String(f.default ?? '');
  }
}

/** byName is pflag's order: help lists flags sorted by name. */
const byName = (a: FlagDef, b: FlagDef): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * commandHelp is `<cmd> --help`. With kubectl's own help text for the command (kubectl, from
 * kubectl-help.json), it prints kubectl's description, aliases, examples, subcommand list and
 * usage, and each flag's text as kubectl words it; which flags are listed, and their defaults,
 * come from kubemu's flag table, so help says what kubemu parses.
 */
export function commandHelp(cmd: CommandSpec, shown: string, kubectl?: string): string {
  const flags = cmd.flags.filter((f) => !f.hidden).sort(byName);
  if (kubectl) {
    const { head, commands, flagHelp, tail } = kubectlSections(kubectl);
    const opts = flags.length ? `Options:\n${flags.map((f) => flagLine({ ...f, help: flagHelp.get(f.name) ?? f.help })).join('\n\n')}\n\n` : '';
    return `${head}${commands}${opts}${tail}`;
  }
  const subs = cmd.subcommands ? `\nAvailable Commands:\n${Object.values(cmd.subcommands).map((s) => `  ${s.name.padEnd(20)}${s.short}`).join('\n')}\n` : '';
  const opts = flags.length ? `\nOptions:\n${flags.map(flagLine).join('\n\n')}\n` : '';
  return `${cmd.long ?? cmd.short}\n${subs}${opts}\nUsage:\n  ${cmd.usage.replace(/^kubectl/, shown.split(' ')[0]!)}\n\nUse "kubemu options" for a list of global command-line options (applies to all commands).\n`;
}

/**
 * kubectlSections splits kubectl's help text: what comes before the subcommand list or the
 * options (description, aliases, examples), the subcommand list, each option's text by flag
 * name, and the usage with what follows it.
 */
function kubectlSections(text: string): { head: string; commands: string; flagHelp: Map<string, string>; tail: string } {
  const at = (title: string) => { const i = text.indexOf(`\n${title}:\n`); return i < 0 ? -1 : i + 1; };
  const commandsAt = at('Available Commands');
  const optionsAt = at('Options');
  const usageAt = at('Usage');
  const headEnd = [commandsAt, optionsAt, usageAt].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), text.length);
  const commands = commandsAt < 0 ? '' : text.slice(commandsAt, optionsAt >= 0 ? optionsAt : usageAt);
  const flagHelp = new Map<string, string>();
  if (optionsAt >= 0) {
    for (const m of text.slice(optionsAt, usageAt).matchAll(/^ {4}(?:-\S, )?--([^=]+)=.*:\n((?:\t.*\n?)*)/gm)) {
      flagHelp.set(m[1]!, m[2]!.replace(/^\t/gm, '').replace(/\n$/, ''));
    }
  }
  return { head: text.slice(0, headEnd), commands, flagHelp, tail: usageAt < 0 ? '' : text.slice(usageAt) };
}
