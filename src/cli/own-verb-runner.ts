/**
 * own-verb-runner: parses an own verb's command line with yargs and runs it. Loaded only when
 * an own verb runs (main reaches it through its split point): kubectl's verbs never load yargs.
 * Global flags (-n, --cluster, --context…) are declared from the same table as the pflag
 * parser's, so `kubemu --cluster dev tick 5s` means what `kubemu --cluster dev get pods` does.
 */
import yargs, { type Argv, type Options } from 'yargs';
import type { CommandContext } from './command';
import { CliError } from './errors';
import { GLOBAL_FLAGS, type FlagDef, type ParsedArgs } from './flags';
import { HOST, explicitFlags, toModule, wordOf, type OwnCommand, type OwnVerbCommand, type OwnVerbHost } from './own-verb';

/** HELP_WIDTH: help is not wrapped to the terminal, so it is the same everywhere and long descriptions stay whole lines (as kubectl prints them). */
const HELP_WIDTH = null;

/** YargsUsage is a command-line mistake yargs found (unknown flag, missing argument…). */
class YargsUsage extends Error {}

/** globalOption is a kubectl global flag as a yargs option, kept out of each verb's help (`kubemu options` lists them). */
function globalOption(f: FlagDef): Options {
  const type = f.type === 'bool' ? 'boolean' : f.type === 'int' ? 'number' : f.type === 'stringArray' || f.type === 'stringSlice' ? 'array' : 'string';
  return { type, global: true, hidden: true, describe: f.help, ...(f.short && f.short !== f.name ? { alias: f.short } : {}), ...(type === 'array' ? { string: true } : {}) };
}

/** newParser is the yargs instance for one own verb: strict, English, no process exits. */
export function newParser(tree: OwnCommand): Argv {
  let y = yargs()
    .scriptName('kubemu')
    .locale('en')
    .version(false)
    .help('help')
    .alias('help', 'h')
    // strict(), not strictOptions(): yargs 18's strictOptions() refuses declared positionals.
    .strict()
    .recommendCommands()
    .exitProcess(false)
    .showHelpOnFail(false)
    .wrap(HELP_WIDTH)
    // Keys stay as typed (--node-cpu is argv['node-cpu']); no --no-X negations kubectl lacks.
    .parserConfiguration({ 'camel-case-expansion': false, 'boolean-negation': false, 'dot-notation': false })
    .fail((msg, err) => { throw err && !msg ? err : new YargsUsage(msg ?? err?.message); });
  for (const f of GLOBAL_FLAGS) if (f.name !== 'help') y = y.option(f.name, globalOption(f));
  return y.command(toModule(tree));
}

/** commandPath is the command words of argv under the verb (`cluster create`), for error hints, and whether they name a group. */
function commandPath(tree: OwnCommand, argv: readonly string[]): { path: string[]; group: boolean } {
  const words = argv.filter((a) => !a.startsWith('-'));
  const path: string[] = [];
  let node: OwnCommand | undefined = tree;
  let group = false;
  for (const w of words.slice(words.indexOf(wordOf(tree)))) {
    if (!node || wordOf(node) !== w) break;
    path.push(w);
    group = 'subcommands' in node;
    const subs: readonly OwnCommand[] = 'subcommands' in node ? node.subcommands : [];
    const next = words[words.indexOf(w) + 1];
    node = subs.find((s) => wordOf(s) === next);
  }
  return { path, group };
}

/** usageText turns yargs' message into kubemu's one-line error with kubectl's hint. */
export function usageText(message: string, argv: readonly string[], shown: string, group = false): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown) {
    const names = unknown[1]!.split(', ');
    const positional = names.filter((n) => argv.includes(n));
    if (positional.length && group) return `unknown command "${positional[0]}" for "${shown}"`;
    if (positional.length) return `unexpected arguments for '${shown}': ${positional.join(' ')}`;
    const name = names[0]!;
    const typed = argv.find((a) => a === `-${name}` || a === `--${name}` || a.startsWith(`--${name}=`)) ?? (name.length === 1 ? `-${name}` : `--${name}`);
    return `unknown ${typed.startsWith('--') ? 'flag' : 'shorthand flag'}: ${typed.startsWith('--') ? typed.split('=')[0] : `'${name}' in ${typed}`}\nSee '${shown} --help' for usage.`;
  }
  const mean = /^Did you mean (.+)\?$/.exec(message);
  if (mean) {
    const words = shown.split(' ');
    const typed = argv.filter((a) => !a.startsWith('-'))[words.length - 1] ?? '';
    return `unknown command "${typed}" for "${shown}"; did you mean "${mean[1]}"?`;
  }
  return `${message.charAt(0).toLowerCase()}${message.slice(1)}\nSee '${shown} --help' for usage.`;
}

/**
 * runOwnVerb parses argv (the whole command line) for one own verb and runs the command it
 * names; contextFor builds the CommandContext from the parsed global flags, as main does for
 * kubectl's verbs. Returns the exit code; command-line mistakes throw a CliError.
 */
export function runOwnVerb(verb: OwnVerbCommand, argv: readonly string[], out: (text: string) => void, contextFor: (parsed: ParsedArgs) => CommandContext): number {
  const tree = verb.tree();
  let code = 0;
  let help = '';
  const host: OwnVerbHost = {
    run(parsedArgv, args, body) {
      notANumber(parsedArgv, argv);
      code = body(contextFor({ flags: parsedArgv as ParsedArgs['flags'], set: explicitFlags(argv), args, argsLenAtDash: -1 }));
    },
  };
  try {
    newParser(tree).parse([...argv], { [HOST]: host }, (_err: unknown, _argv: unknown, output: string) => { help = output; });
  } catch (e) {
    if (!(e instanceof YargsUsage)) throw e;
    const { path, group } = commandPath(tree, argv);
    throw new CliError(usageText(e.message, argv, `kubemu ${path.join(' ') || verb.name}`, group), verb.usageExitCode ?? 1);
  }
  if (help) out(`${help}\n`);
  return code;
}

/**
 * notANumber refuses a number option whose value is not one, in pflag's words (yargs would
 * hand the command NaN).
 */
function notANumber(parsed: Record<string, unknown>, argv: readonly string[]): void {
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'number' || !Number.isNaN(value)) continue;
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`) || (name.length === 1 && a === `-${name}`));
    const raw = i < 0 ? '' : argv[i]!.includes('=') ? argv[i]!.slice(argv[i]!.indexOf('=') + 1) : argv[i + 1] ?? '';
    throw new CliError(`invalid argument "${raw}" for "--${name}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`);
  }
}
