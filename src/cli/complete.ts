/**
 * complete: `kubemu __complete WORDS… PARTIAL`, cobra's completion protocol as kubectl
 * answers it (shells call it through `kubectl completion`'s scripts): one candidate a line,
 * `name<TAB>description`, then `:<directive>`, and the directive's name on stderr. It
 * completes verb names, subcommands (kubectl's and kubemu's own), flags, and from the cluster
 * resource types, object names, namespaces and clusters (complete-names.ts).
 */
import type { CommandSpec, CommandTable } from './front';
import type { IOStreams } from './io';
import { GLOBAL_FLAGS } from './flags';
import { isOwnVerb, wordOf, type OwnCommand } from './own-verb';
import type { Command } from './command';
import type { Options } from 'yargs';
import { NO_FILE_COMP, completeNames } from './complete-names';

/** COMPLETE_WORD is cobra's hidden completion command. */
export const COMPLETE_WORD = '__complete';


interface Candidate { word: string; describe: string }

/** ownCandidates walks an own verb's yargs tree along the typed words. */
function ownCandidates(tree: OwnCommand, words: readonly string[], partial: string): Candidate[] {
  let node: OwnCommand = tree;
  for (const w of words) {
    const next: OwnCommand | undefined = 'subcommands' in node ? node.subcommands.find((s) => wordOf(s) === w) : undefined;
    if (!next) break;
    node = next;
  }
  if (partial.startsWith('-')) {
    const own = 'subcommands' in node ? [] : Object.entries((node.options ?? {}) as Record<string, Options>).map(([name, o]) => ({ word: `--${name}`, describe: String(o.describe ?? '') }));
    return [...own, ...globalFlags()];
  }
  return 'subcommands' in node ? node.subcommands.filter((s) => !s.hidden).map((s) => ({ word: wordOf(s), describe: s.describe })) : [];
}

/**
 * kubectlCandidates completes a kubectl verb: its subcommands, its flags, and — from the
 * cluster — what its arguments and flag values name (complete-names.ts).
 */
function kubectlCandidates(command: CommandSpec, rest: readonly string[], partial: string, env: NodeJS.ProcessEnv): Completion {
  let node = command;
  let path = command.name;
  let i = 0;
  for (; i < rest.length; i++) {
    const next = rest[i]!.startsWith('-') ? undefined : node.subcommands?.[rest[i]!];
    if (!next) break;
    node = next;
    path = `${path} ${next.name}`;
  }
  if (!node.subcommands) {
    const names = completeNames(path, node.flags, rest.slice(i), partial, env);
    if (names) return { candidates: names.words.map((word) => ({ word, describe: '' })), directive: names.directive, filtered: true };
  }
  if (partial.startsWith('-')) {
    return { candidates: [...node.flags.map((f) => ({ word: `--${f.name}`, describe: f.help ?? '' })), ...globalFlags()] };
  }
  return { candidates: Object.values(node.subcommands ?? {}).filter((s) => !s.hidden).map((s) => ({ word: s.name, describe: s.short })) };
}

const globalFlags = (): Candidate[] => GLOBAL_FLAGS.map((f) => ({ word: `--${f.name}`, describe: f.help ?? '' }));

/** Completion is the candidates and directive a completion answers with (filtered: already matched against the partial word). */
interface Completion { candidates: Candidate[]; directive?: number; filtered?: boolean }

/** DIRECTIVE_NAMES spell cobra's directive bits as its debug line on stderr does. */
const DIRECTIVE_NAMES: ReadonlyArray<readonly [number, string]> = [[1, 'ShellCompDirectiveError'], [2, 'ShellCompDirectiveNoSpace'], [4, 'ShellCompDirectiveNoFileComp']];

/** complete answers `__complete ARGS…`: the last argument is the word being completed. */
export function complete(args: readonly string[], io: IOStreams, table: CommandTable<Command>, env: NodeJS.ProcessEnv = process.env): number {
  const partial = args.at(-1) ?? '';
  const before = args.slice(0, -1);
  const verbAt = before.findIndex((a) => !a.startsWith('-'));
  let result: Completion;
  if (verbAt < 0) {
    result = { candidates: partial.startsWith('-') ? globalFlags() : table.all().filter((c) => !c.hidden).map((c) => ({ word: c.name, describe: c.short })) };
  } else {
    const command = table.find(before[verbAt]!);
    const rest = before.slice(verbAt + 1);
    if (!command) result = { candidates: [] };
    else if (isOwnVerb(command)) result = { candidates: ownCandidates(command.tree(), rest.filter((a) => !a.startsWith('-')), partial) };
    else result = kubectlCandidates(command, rest, partial, env);
  }
  const directive = result.directive ?? NO_FILE_COMP;
  const shown = result.filtered ? result.candidates : result.candidates.filter((c) => c.word.startsWith(partial));
  const lines = shown.map((c) => (c.describe ? `${c.word}\t${c.describe.split('\n')[0]}` : c.word));
  io.out(`${lines.map((l) => `${l}\n`).join('')}:${directive}\n`);
  const names = DIRECTIVE_NAMES.filter(([bit]) => directive & bit).map(([, name]) => name);
  io.err(`Completion ended with directive: ${names.join(', ') || 'ShellCompDirectiveDefault'}\n`);
  return 0;
}
