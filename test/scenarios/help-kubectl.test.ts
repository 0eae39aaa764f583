/**
 * --help as kubectl 1.32 prints it. src/cli/kubectl-help.json holds kubectl's own help text of
 * every command (captured from the client by scripts/capture-kubectl-help.mjs). kubemu prints
 * kubectl's description, aliases, examples, subcommand list and usage, and lists the flags it
 * parses, in pflag's order and format, with kubectl's text for each. Where kubemu parses exactly
 * kubectl's flags, its help is kubectl's byte for byte; elsewhere everything but the options is.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

const captured = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'cli', 'kubectl-help.json'), 'utf8')) as { help: Record<string, string> }).help;

/** FLAGS_DIFFER: commands where kubemu parses fewer flags than kubectl (or, for a few, others): their options differ. */
const FLAGS_DIFFER = new Set([
  'kustomize',
]);

/** sections is a help text without its Options block. */
const withoutOptions = (text: string) => text.replace(/^Options:\n[\s\S]*?\n\n(?=Usage:\n)/m, '');

describe('--help is kubectl\'s', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('was captured for every kubectl command', () => {
    expect(Object.keys(captured).length).toBeGreaterThan(100);
    expect(captured['events']).toContain('Use "kubectl options" for a list of global command-line options (applies to all commands).\n');
  });

  for (const cmd of Object.keys(captured)) {
    it(cmd, () => {
      const r = home.run([...cmd.split(' '), '--help']);
      expect(r.code).toBe(0);
      if (FLAGS_DIFFER.has(cmd)) expect(withoutOptions(r.stdout)).toBe(withoutOptions(captured[cmd]!));
      else expect(r.stdout).toBe(captured[cmd]);
    });
  }

  it('lists flags sorted, each with pflag\'s default text, and leaves hidden ones out', () => {
    const help = home.run('events --help').stdout;
    expect(help).toContain("    --for='':\n\tFilter events to only those pertaining to the specified resource.\n\n    --no-headers=false:");
    expect(help).toContain('    --types=[]:\n\tOutput only events of given types.\n\n    -w, --watch=false:');
    expect(home.run('wait --help').stdout).toContain('    --timeout=30s:\n');
    // set image still takes the deprecated --record, which kubectl's help does not list.
    expect(home.run('set image --help').stdout).not.toContain('--record');
  });
});
