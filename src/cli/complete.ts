/**
 * complete: `kubemu __complete WORDS… PARTIAL`, cobra's completion protocol as kubectl
 * answers it (shells call it through `kubectl completion`'s scripts): one candidate a line,
 * `name<TAB>description`, then `:<directive>`, and the directive's name on stderr. It
 * completes verb names, subcommands (kubectl's and kubemu's own) and flags; resource names
 * would need the cluster, and are left to a later change.
 */
import type { CommandSpec, CommandTable } from './front';
import type { IOStreams } from './io';
import { GLOBAL_FLAGS } from './flags';
import { isOwnVerb, wordOf, type OwnCommand } from './own-verb';
import type { Command } from './command';
import type { Options } from 'yargs';

/** COMPLETE_WORD is cobra's hidden completion command. */
export const COMPLETE_WORD = '__complete';

/** NO_FILE_COMP is cobra's ShellCompDirectiveNoFileComp: do not fall back to file names. */
const NO_FILE_COMP = 4;

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

/** kubectlCandidates completes a kubectl verb's subcommands and flags. */
function kubectlCandidates(command: CommandSpec, words: readonly string[], partial: string): Candidate[] {
  let node = command;
  for (const w of words) {
    const next = node.subcommands?.[w];
    if (!next) break;
    node = next;
  }
  if (partial.startsWith('-')) {
    return [...node.flags.map((f) => ({ word: `--${f.name}`, describe: f.help ?? '' })), ...globalFlags()];
  }
  return Object.values(node.subcommands ?? {}).filter((s) => !s.hidden).map((s) => ({ word: s.name, describe: s.short }));
}

const globalFlags = (): Candidate[] => GLOBAL_FLAGS.map((f) => ({ word: `--${f.name}`, describe: f.help ?? '' }));

/** complete answers `__complete ARGS…`: the last argument is the word being completed. */
export function complete(args: readonly string[], io: IOStreams, table: CommandTable<Command>): number {
  const partial = args.at(-1) ?? '';
  const words = args.slice(0, -1).filter((a) => !a.startsWith('-'));
  let candidates: Candidate[];
  if (!words.length) {
    candidates = partial.startsWith('-') ? globalFlags() : table.all().filter((c) => !c.hidden).map((c) => ({ word: c.name, describe: c.short }));
  } else {
    const command = table.find(words[0]!);
    if (!command) candidates = [];
    else if (isOwnVerb(command)) candidates = ownCandidates(command.tree(), words.slice(1), partial);
    else candidates = kubectlCandidates(command, words.slice(1), partial);
  }
  const lines = candidates.filter((c) => c.word.startsWith(partial)).map((c) => (c.describe ? `${c.word}\t${c.describe.split('\n')[0]}` : c.word));
  io.out(`${lines.map((l) => `${l}\n`).join('')}:${NO_FILE_COMP}\n`);
  io.err('Completion ended with directive: ShellCompDirectiveNoFileComp\n');
  return 0;
}
