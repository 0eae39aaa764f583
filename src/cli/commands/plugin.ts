/**
 * plugin: `kubectl plugin list` — the `kubectl-*` executables on PATH, with kubectl's warnings
 * (not executable, overshadowed, overwriting a command). Running them is main's (plugins.ts).
 */
import { defineCommand } from '../command';
import { CliError } from '../errors';
import type { KubectlHelpFile } from '../surface';
import { listPlugins, pluginWarnings } from '../plugins';
import { runParent } from './parent-command';

/** commandPath is the deepest kubectl command the words name, as cobra's Find walks them. */
function commandPath(words: string[]): string | undefined {
  const help = (require('../kubectl-help.json') as KubectlHelpFile).help;
  let found: string | undefined;
  for (let n = 1; n <= words.length; n++) {
    const p = words.slice(0, n).join(' ');
    if (!Object.hasOwn(help, p)) break;
    found = p;
  }
  return found;
}

const pluginList = defineCommand({
  name: 'list', short: 'List all visible plugin executables on a user\'s PATH', usage: 'kubectl plugin list [flags] [options]',
  flags: [{ name: 'name-only', type: 'bool', default: false, help: 'If true, display only the binary name of each plugin, rather than its full path' }],
  run(ctx): number {
    const errors: string[] = [];
    const plugins = listPlugins(ctx.env, ctx.cwd, (line) => ctx.io.err(line));
    if (plugins.length) ctx.io.out('The following compatible plugins are available:\n\n');
    else errors.push('error: unable to find any kubectl plugins in your PATH');
    const seen = new Map<string, string>();
    let warnings = 0;
    for (const p of plugins) {
      ctx.io.out(`${ctx.flags['name-only'] ? p.slice(p.lastIndexOf('/') + 1) : p}\n`);
      for (const w of pluginWarnings(p, seen, commandPath)) {
        ctx.io.err(`  - ${w}\n`);
        warnings++;
      }
    }
    if (warnings) errors.push(warnings === 1 ? 'error: one plugin warning was found' : `error: ${warnings} plugin warnings were found`);
    // kubectl joins its errors into one, each on its line; the first already says "error: ".
    if (errors.length) throw new CliError(`${errors.join('\n')}\n`.replace(/^error: /, ''));
    return 0;
  },
});

/** pluginCommand is `kubectl plugin`. */
export const pluginCommand = defineCommand({
  name: 'plugin', short: 'Provides utilities for interacting with plugins', usage: 'kubectl plugin [flags] [options]',
  flags: [],
  subcommands: { list: pluginList },
  run(ctx): number { return runParent(ctx, pluginCommand, 'plugin'); },
});
