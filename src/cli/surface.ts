/**
 * surface: the command table as files, for entry's front end. The build writes
 * dist/surface/<verb>.json (each command's name, usage, flags and subcommands — its run
 * function left out) and dist/surface/index.json (the verbs in help order), from the same
 * command objects main uses, so help and flag errors answered from here match main's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommandSpec, CommandTable } from './front';

/**
 * KubectlHelpFile is kubectl-help.json: `kubectl <command> --help` as kubectl prints it, by
 * command path (scripts/capture-kubectl-help.mjs captures it; the build copies it beside the bundle).
 */
export interface KubectlHelpFile { kubectl: string; help: Record<string, string> }

/** KUBECTL_HELP_FILE is its name, beside the bundle. */
export const KUBECTL_HELP_FILE = 'kubectl-help.json';

/** isVerb says whether word names a command of the table written beside the bundle. */
export function isVerb(dir: string, word: string | undefined): word is string {
  return word !== undefined && /^[a-z][a-z-]*$/.test(word) && word !== 'index' && fs.existsSync(path.join(dir, 'surface', `${word}.json`));
}

/** surfaceTable reads the table written beside the bundle; find() is undefined for a word it has no file for. */
export function surfaceTable(dir: string): CommandTable<CommandSpec> {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, 'surface', `${name}.json`), 'utf8'));
  return {
    find: (word) => (isVerb(dir, word) ? read(word) as CommandSpec : undefined),
    all: () => read('index') as CommandSpec[],
    kubectlHelp: (cmdPath) => {
      // A bundle without the file (an older build's) prints kubemu's own help.
      try { return (JSON.parse(fs.readFileSync(path.join(dir, KUBECTL_HELP_FILE), 'utf8')) as KubectlHelpFile).help[cmdPath]; } catch { return undefined; }
    },
  };
}

/** surfaceFiles is what the build writes: file name → JSON text, for the given commands. */
export function surfaceFiles(commands: readonly CommandSpec[]): Map<string, string> {
  const files = new Map<string, string>();
  files.set('index.json', JSON.stringify(commands.filter((c) => !c.hidden).map((c) => ({ name: c.name, short: c.short, usage: '', flags: [] }))));
  for (const c of commands) files.set(`${c.name}.json`, JSON.stringify(c));
  return files;
}
