/**
 * plugins: kubectl's plugin mechanism — executables named `kubectl-<name>` on PATH. An unknown
 * command runs the plugin its words name (the longest `kubectl-a-b` found, dashes in words
 * read as underscores), with the rest of the arguments, in place of kubemu; `plugin list`
 * lists them (kubectl's pkg/cmd/cmd.go HandlePluginCommand and pkg/cmd/plugin).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IOStreams } from './io';
import { goPathErrorText } from './go-path-error';

/** PLUGIN_PREFIX is the one valid plugin file name prefix. */
export const PLUGIN_PREFIX = 'kubectl';

/** isExecutableFile is a regular file with any execute bit, as Go's LookPath and kubectl's isExecutable test it. */
function isExecutableFile(file: string): boolean {
  try {
    const st = fs.statSync(file);
    return !st.isDirectory() && (st.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** pathDirs is PATH's folders, an empty entry being the current folder. */
function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(path.delimiter).map((d) => d || '.');
}

/** lookPath finds an executable by name on PATH (Go's exec.LookPath). */
function lookPath(name: string, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  for (const dir of pathDirs(env)) {
    const file = path.join(dir, name);
    if (isExecutableFile(path.resolve(cwd, file))) return file;
  }
  return undefined;
}

/** PluginRun is the plugin an unknown command names, and the arguments it is run with. */
export type PluginRun = { path: string; args: string[] } | { error: string };

/**
 * pluginFor is HandlePluginCommand's search: the words before the first flag name the plugin
 * (longest first, at least minWords of them); undefined when none is found. A flag before any
 * word is kubectl's error.
 */
export function pluginFor(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string, minWords = 1): PluginRun | undefined {
  const words: string[] = [];
  for (const a of argv) {
    if (a.startsWith('-')) break;
    words.push(a.replace(/-/g, '_'));
  }
  if (!words.length) return { error: `flags cannot be placed before plugin name: ${argv[0]}` };
  for (let n = words.length; n >= minWords; n--) {
    const found = lookPath(`${PLUGIN_PREFIX}-${words.slice(0, n).join('-')}`, env, cwd);
    if (found) return { path: found, args: argv.slice(n) };
  }
  return undefined;
}

/**
 * runPlugin runs the plugin in kubemu's place (kubectl execs it) and returns its exit code. On
 * the process's own streams the plugin has them; captured streams get what it printed.
 */
export function runPlugin(run: { path: string; args: string[] }, io: IOStreams, env: NodeJS.ProcessEnv, cwd: string): number {
  io.flush();
  const own = io.stdinFd === 0;
  const r = spawnSync(run.path, run.args, { cwd, env, stdio: own ? 'inherit' : ['pipe', 'pipe', 'pipe'], input: own ? undefined : io.readStdin(), encoding: 'utf8' });
  if (!own) {
    if (r.stdout) io.out(r.stdout);
    if (r.stderr) io.err(r.stderr);
  }
  if (r.error) {
    io.err(`Error: ${r.error.message}\n`);
    return 1;
  }
  // A plugin killed by a signal ends as a process killed by it would.
  return r.status ?? 128 + (r.signal ? ((require('node:os') as typeof import('node:os')).constants.signals[r.signal] ?? 0) : 0);
}

/** listPlugins is every `kubectl-*` file in PATH's folders, in PATH order (folders once each). */
export function listPlugins(env: NodeJS.ProcessEnv, cwd: string, warn: (line: string) => void): string[] {
  const plugins: string[] = [];
  for (const dir of [...new Set((env.PATH ?? '').split(path.delimiter))]) {
    if (!dir.trim()) continue;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.resolve(cwd, dir), { withFileTypes: true });
    } catch (e) {
      warn(`Unable to read directory ${JSON.stringify(dir)} from your PATH: ${goPathErrorText('open', dir, e)}. Skipping...\n`);
      continue;
    }
    for (const f of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (f.isDirectory() || !f.name.startsWith(`${PLUGIN_PREFIX}-`)) continue;
      plugins.push(path.join(dir, f.name));
    }
  }
  return plugins;
}

/** pluginWarnings are kubectl's verifier's warnings about one listed plugin. */
export function pluginWarnings(file: string, seen: Map<string, string>, commandPath: (words: string[]) => string | undefined): string[] {
  const out: string[] = [];
  const bin = path.basename(file);
  if (!isExecutableFile(file)) {
    if (fs.existsSync(file)) out.push(`warning: ${file} identified as a kubectl plugin, but it is not executable`);
    else out.push(`error: unable to identify ${file} as an executable file: stat ${file}: no such file or directory`);
  }
  const earlier = seen.get(bin);
  if (earlier !== undefined) out.push(`warning: ${file} is overshadowed by a similarly named plugin: ${earlier}`);
  else seen.set(bin, file);
  // The deepest kubectl command the name's words reach (cobra's Find).
  const found = commandPath(bin.split('-').slice(1));
  if (found) out.push(`warning: ${bin} overwrites existing command: "kubectl ${found}"`);
  return out;
}
