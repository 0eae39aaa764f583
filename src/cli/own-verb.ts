/**
 * own-verb: kubemu's own verbs (cluster, node, tick, why…) as yargs command modules. kubectl's
 * verbs keep the pflag parser (flags.ts) for kubectl's exact semantics and texts; kubemu's
 * own have no upstream to match, so they get yargs' generated help, examples, "did you mean"
 * and strict options. This file imports yargs' types only: verb modules are imported by
 * kubectl verbs too (drain uses tick's parseDuration), and yargs itself must be loaded only
 * when an own verb runs (own-verb-runner.ts, through main's split point).
 */
import type { Argv, CommandModule, InferredOptionTypes, Options } from 'yargs';
import type { Command, CommandContext } from './command';
import { CliError } from './errors';
import { GLOBAL_FLAGS } from './flags';

/** OPTIONS_HINT ends every help text, as kubectl's does. */
export const OPTIONS_HINT = 'Use "kubemu options" for a list of global command-line options (applies to all commands).';

/** HOST is the argv key under which the runner hands handlers its host (yargs merges parse()'s context object into argv). */
export const HOST = 'kubemuHost';

/** OwnVerbHost runs a handler's body with the CommandContext built from the parsed argv. */
export interface OwnVerbHost {
  run(argv: Record<string, unknown>, args: string[], body: (ctx: CommandContext) => number): void;
}

/** Example is one `kubemu …` line of help and what it does. */
export type Example = readonly [command: string, description: string];

/** OwnLeaf is a command that runs: its yargs command string (`create <NAME>`), typed options and body. */
export interface OwnLeaf<O extends Record<string, Options> = Record<string, Options>> {
  readonly command: string;
  readonly describe: string;
  readonly options?: O;
  readonly examples?: readonly Example[];
  /** hidden keeps the command out of help (an old spelling). */
  readonly hidden?: boolean;
  /**
   * plain lets a command line of only the declared positionals and boolean switches skip
   * yargs (plainArgv): for verbs run in loops, where loading yargs is most of their start-up.
   */
  readonly plain?: boolean;
  run(ctx: CommandContext, opts: InferredOptionTypes<O>): number;
}

/** OwnGroup is a command whose words below it are subcommands (`cluster create`). */
export interface OwnGroup {
  readonly command: string;
  readonly describe: string;
  /** long is the group's help description when it has more to say than describe. */
  readonly long?: string;
  readonly examples?: readonly Example[];
  readonly hidden?: boolean;
  readonly subcommands: readonly OwnCommand[];
}

export type OwnCommand = OwnLeaf<any> | OwnGroup; // eslint-disable-line @typescript-eslint/no-explicit-any

/** leaf declares a command with typed options: `opts` in run has the types the options declare. */
export function leaf<O extends Record<string, Options>>(spec: OwnLeaf<O>): OwnLeaf<O> {
  return spec;
}

/** wordOf is a command's word: the first of its command string. */
export const wordOf = (c: OwnCommand): string => c.command.split(' ')[0]!;

/** positionalsOf names a command string's positionals (`<NAME>`, `[IMAGE..]`), in order. */
function positionalsOf(command: string): string[] {
  return command.split(' ').slice(1).map((t) => /^[<[]([\w-]+)(?:\.\.)?[>\]]$/.exec(t)?.[1]).filter((n): n is string => !!n);
}

const isGroup = (c: OwnCommand): c is OwnGroup => 'subcommands' in c;

/** toModule turns a command into a yargs CommandModule; depth is how many command words lead to it. */
export function toModule(c: OwnCommand, depth = 1): CommandModule {
  if (isGroup(c)) {
    const words = c.subcommands.filter((s) => !s.hidden).map(wordOf);
    return {
      command: c.command,
      describe: c.hidden ? false : c.describe,
      builder: (y: Argv) => {
        for (const s of c.subcommands) y.command(toModule(s, depth + 1));
        for (const [cmd, what] of c.examples ?? []) y.example(cmd, what);
        if (c.long) y.usage(`${c.long}\n\nUsage: $0 ${c.command} <command>`);
        return y.epilogue(OPTIONS_HINT).demandCommand(1, `specify a subcommand: ${words.join(', ')}`);
      },
      handler: () => undefined,
    };
  }
  const positionals = positionalsOf(c.command);
  return {
    command: c.command,
    describe: c.hidden ? false : c.describe,
    builder: (y: Argv) => {
      if (c.options) y.options(c.options);
      for (const [cmd, what] of c.examples ?? []) y.example(cmd, what);
      return y.epilogue(OPTIONS_HINT);
    },
    handler: (argv) => {
      const host = argv[HOST] as OwnVerbHost;
      // The body sees the positionals as kubectl verbs do: declared ones first, then any more.
      const declared = positionals.flatMap((p) => argv[p] ?? []).map(String);
      const args = [...declared, ...argv._.slice(depth).map(String)];
      host.run(argv, args, (ctx) => c.run(ctx, argv as never));
    },
  };
}

/** OwnVerbCommand is an own verb's entry in the verb registry: front leaves its parsing to yargs. */
export interface OwnVerbCommand extends Command {
  readonly ownVerb: true;
  readonly tree: () => OwnCommand;
  /** usageExitCode is the exit code of a command-line mistake (1, as kubectl's; `check` uses 2, as CI linters do). */
  readonly usageExitCode?: number;
}

/** ownVerb makes the registry entry of an own verb. */
export function ownVerb(tree: OwnCommand, opts: { usageExitCode?: number } = {}): OwnVerbCommand {
  return {
    ...opts,
    name: wordOf(tree),
    short: tree.describe,
    usage: `kubemu ${tree.command}`,
    hidden: tree.hidden,
    flags: [],
    ownVerb: true,
    tree: () => tree,
    run() { throw new CliError(`kubemu ${wordOf(tree)} runs through its yargs module`); },
  };
}

/** isOwnVerb tells an own verb's registry entry from a kubectl verb's. */
export function isOwnVerb(c: Command): c is OwnVerbCommand {
  return (c as Partial<OwnVerbCommand>).ownVerb === true;
}

/** PlainRun is an own verb's command line read without yargs: run it with the CommandContext built from flags. */
export interface PlainRun {
  readonly args: string[];
  readonly flags: Record<string, unknown>;
  readonly set: Set<string>;
  run(ctx: CommandContext): number;
}

/** SWITCH_KEYS are the option settings plainArgv knows yargs does nothing more with than it does. */
const SWITCH_KEYS = new Set(['type', 'alias', 'default', 'describe']);

/**
 * plainArgv reads argv without yargs when yargs would read it the same way and accept it: a
 * `plain` leaf's word, its declared positionals (none that yargs would turn into a number or
 * a boolean) and its boolean switches, each at most once. Anything else — help, global flags,
 * `--`, values, mistakes — returns undefined and goes to yargs, which words the errors.
 */
export function plainArgv(verb: OwnVerbCommand, argv: readonly string[]): PlainRun | undefined {
  const leaf = verb.tree();
  if (isGroup(leaf) || !leaf.plain || argv[0] !== wordOf(leaf)) return undefined;
  const declared = leaf.command.split(' ').slice(1);
  if (declared.some((t) => t.includes('..'))) return undefined;
  const positionals = positionalsOf(leaf.command);
  const required = declared.filter((t) => t.startsWith('<')).length;
  const switches = new Map<string, string>(); // typed spelling -> option name
  const opts: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(leaf.options ?? {}) as [string, Options][]) {
    if (o.type !== 'boolean' || Object.keys(o).some((k) => !SWITCH_KEYS.has(k))) return undefined;
    const aliases = ([] as string[]).concat(o.alias ?? []);
    for (const n of [name, ...aliases]) {
      switches.set(n.length === 1 ? `-${n}` : `--${n}`, name);
      if (o.default !== undefined) opts[n] = o.default;
    }
  }
  const values: string[] = [];
  const seen = new Set<string>();
  for (const a of argv.slice(1)) {
    if (a.startsWith('-')) {
      const name = switches.get(a);
      if (!name || seen.has(name)) return undefined;
      seen.add(name);
      for (const [spelling, n] of switches) if (n === name) opts[spelling.replace(/^--?/, '')] = true;
    } else if (a === '' || !Number.isNaN(Number(a)) || a === 'true' || a === 'false') {
      return undefined; // yargs reads these as numbers or booleans
    } else values.push(a);
  }
  if (values.length < required || values.length > positionals.length) return undefined;
  positionals.forEach((p, i) => { if (i < values.length) opts[p] = values[i]; });
  const flags = { ...opts, _: [wordOf(leaf)], $0: 'kubemu' };
  return { args: values, flags, set: explicitFlags(argv), run: (ctx) => leaf.run(ctx, flags as never) };
}

/** explicitFlags names the flags typed on the command line (CommandContext.set), by long name. */
export function explicitFlags(argv: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const a of argv) {
    if (a === '--') break;
    if (a.startsWith('--')) set.add(a.slice(2).split('=')[0]!);
    else if (a.startsWith('-') && a.length > 1) {
      for (const c of a.slice(1)) {
        const g = GLOBAL_FLAGS.find((f) => f.short === c);
        if (g) set.add(g.name);
      }
    }
  }
  return set;
}
