/**
 * front: the part of an invocation that needs only the command table — finding the command
 * word(s) in argv, parsing flags with pflag's rules, answering --help and flag errors. main
 * runs it on the loaded commands; entry runs it on the table the build wrote out
 * (dist/surface/), so help and usage errors never load the rest of kubemu.
 */
import { FlagError, GLOBAL_FLAGS, parseFlags, type FlagDef, type ParsedArgs } from './flags';
import { commandHelp, rootHelp } from './help';

/** CommandSpec is a command as data: what help and flag parsing need. */
export interface CommandSpec {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly short: string;
  /** long is the description `--help` prints in place of short, when a command has more to say. */
  readonly long?: string;
  readonly usage: string;
  /** hidden keeps a command out of the root help (an old spelling kept for one release). */
  readonly hidden?: boolean;
  readonly flags: readonly FlagDef[];
  readonly subcommands?: Readonly<Record<string, CommandSpec>>;
  /** ownVerb marks kubemu's own verbs: yargs parses them (cli/own-verb.ts), not pflag's rules. */
  readonly ownVerb?: boolean;
  /**
   * flagErrorExit makes a flag error the command's usage error, with this exit status (kubectl
   * diff: 2, since its 1 means "differences found").
   */
  readonly flagErrorExit?: number;
}

/** CommandTable finds a top-level command by its word, and lists them all (root help). */
export interface CommandTable<C extends CommandSpec> {
  find(word: string): C | undefined;
  all(): readonly CommandSpec[];
  /** kubectlHelp is kubectl's own --help text for a command path ("rollout status"), if kubectl has the command. */
  kubectlHelp?(path: string): string | undefined;
}

/** VALUE_GLOBALS are the global flags whose value may follow as the next word (`kubectl -n ns get pods`). */
const VALUE_GLOBALS = new Set(GLOBAL_FLAGS.filter((f) => f.type !== 'bool').flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]));

/** FrontResult: the invocation is answered (help, usage error), unknown, or ready to run. */
export type FrontResult<C extends CommandSpec> =
  | { kind: 'answered'; stdout: string; stderr: string; code: number }
  | { kind: 'unknown'; word: string }
  | { kind: 'run'; command: C; parsed: ParsedArgs; shown: string };

/** locate finds the command word(s) in argv, skipping global flags placed before them. */
function locate<C extends CommandSpec>(argv: readonly string[], table: CommandTable<C>): { command?: CommandSpec; top?: CommandSpec; word?: string; rest: string[]; names: string[] } {
  const rest: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-')) {
      rest.push(a);
      if (VALUE_GLOBALS.has(a) && i + 1 < argv.length) rest.push(argv[++i]!);
      continue;
    }
    break;
  }
  if (i >= argv.length) return { rest, names: [] };
  const word = argv[i]!;
  const top: CommandSpec | undefined = table.find(word);
  let command = top;
  const names = [top?.name ?? word];
  let j = i + 1;
  // Each subcommand is the next positional word (flags may sit in between): `create secret generic`.
  for (let descended = true; descended && command?.subcommands;) {
    descended = false;
    for (let k = j; k < argv.length; k++) {
      const a = argv[k]!;
      if (a.startsWith('-')) { if (VALUE_GLOBALS.has(a)) k++; continue; }
      const sub = subcommandNamed(command.subcommands, a);
      if (sub) {
        rest.push(...argv.slice(j, k));
        j = k + 1;
        command = sub;
        names.push(sub.name);
        descended = true;
      }
      break;
    }
  }
  rest.push(...argv.slice(j));
  return { command, top, word, rest, names };
}

/**
 * mayBeCreatePlugin says whether argv is `create WORD …` with WORD none of create's subcommands:
 * kubectl then looks for a kubectl-create-WORD plugin first (cobra's found arguments must start
 * with the word, so nothing may come before create).
 */
export function mayBeCreatePlugin(argv: readonly string[], table: CommandTable<CommandSpec>): boolean {
  const word = argv[1];
  if (argv[0] !== 'create' || word === undefined || word.startsWith('-')) return false;
  return !subcommandNamed(table.find('create')?.subcommands ?? {}, word);
}

/**
 * subcommandNamed finds a subcommand by its name or one of its aliases (`create deploy`). The
 * aliases are looked up in each subcommand's list, not as keys: the command table entry reads
 * from JSON keeps only a table's own names.
 */
function subcommandNamed(subs: Readonly<Record<string, CommandSpec>>, word: string): CommandSpec | undefined {
  if (Object.hasOwn(subs, word)) return subs[word];
  return Object.values(subs).find((s) => s.aliases?.includes(word));
}

/** PROFILES are the profiles kubectl's --profile names (none|cpu|heap|goroutine|threadcreate|block|mutex). */
const PROFILES = ['none', 'cpu', 'heap', 'goroutine', 'threadcreate', 'block', 'mutex'];

/**
 * front handles argv up to running the command. A subcommand found under a command of C is
 * returned as a C: tables hold commands whose subcommands are of the same type.
 * Throws FlagError for a bad global flag without a command (main reports it).
 */
export function front<C extends CommandSpec>(argv: readonly string[], table: CommandTable<C>): FrontResult<C> {
  const { command, top, word, rest, names } = locate(argv, table);
  if (!word) {
    parseFlags(rest, GLOBAL_FLAGS); // refuses unknown flags before printing help
    return { kind: 'answered', stdout: rootHelp(table.all()), stderr: '', code: 0 };
  }
  if (!command) return { kind: 'unknown', word };
  // kubemu's own verbs are the ones kubectl does not have: their hints say "kubemu".
  // cobra names a command by its names, whichever alias was typed (`create deploy` is `create deployment`).
  const shown = `${top?.ownVerb ? 'kubemu' : 'kubectl'} ${names.join(' ')}`;
  if (command.ownVerb) return { kind: 'run', command: command as C, parsed: { flags: {}, set: new Set(), args: [], argsLenAtDash: -1 }, shown };
  let parsed: ParsedArgs;
  try {
    parsed = parseFlags(rest, [...command.flags, ...GLOBAL_FLAGS.filter((g) => !command.flags.some((f) => f.name === g.name || (g.short && f.short === g.short)))]);
  } catch (e) {
    if (e instanceof FlagError && command.flagErrorExit) return { kind: 'answered', stdout: '', stderr: `error: ${e.message}\nSee '${shown} -h' for help and examples\n`, code: command.flagErrorExit };
    if (e instanceof FlagError) return { kind: 'answered', stdout: '', stderr: `error: ${e.message}\nSee '${shown} --help' for usage.\n`, code: 1 };
    throw e;
  }
  if (parsed.flags.help) return { kind: 'answered', stdout: commandHelp(command, shown, table.kubectlHelp?.(names.join(' '))), stderr: '', code: 0 };
  // kubectl's PersistentPreRun starts the profiler every command asks for (kubemu writes no profile).
  // (kubectl debug's own --profile shadows it.)
  const profile = command.flags.some((f) => f.name === 'profile') ? undefined : parsed.flags.profile;
  if (typeof profile === 'string' && !PROFILES.includes(profile)) return { kind: 'answered', stdout: '', stderr: `error: unknown profile '${profile}'\n`, code: 1 };
  return { kind: 'run', command: command as C, parsed, shown };
}
