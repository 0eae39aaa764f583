import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMAND_TABLE } from './commands';
import { front, type CommandSpec } from './front';
import { isVerb, KUBECTL_HELP_FILE, surfaceFiles, surfaceTable } from './surface';

// The entry answers --help and flag errors from the written table; main from the loaded
// commands. Both must print the same bytes for every command and subcommand. kubemu's own
// verbs are the exception: yargs answers their help and errors, so both leave them to main.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-surface-'));
fs.mkdirSync(path.join(dir, 'surface'));
for (const [name, text] of surfaceFiles(COMMAND_TABLE.all())) fs.writeFileSync(path.join(dir, 'surface', name), text);
// kubectl's help texts, which the build copies beside the bundle.
fs.copyFileSync(path.join(__dirname, KUBECTL_HELP_FILE), path.join(dir, KUBECTL_HELP_FILE));
const table = surfaceTable(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** invocations lists every command path (with subcommands) of the loaded table. */
function invocations(): string[][] {
  const out: string[][] = [];
  const walk = (c: CommandSpec, words: string[]) => {
    out.push(words);
    for (const [w, s] of Object.entries(c.subcommands ?? {})) walk(s, [...words, w]);
  };
  for (const c of COMMAND_TABLE.all()) if (!c.ownVerb) walk(c, [c.name]);
  return out;
}

const answer = (argv: string[], t: typeof table | typeof COMMAND_TABLE) => {
  const r = front(argv, t);
  return r.kind === 'answered' ? r : { kind: r.kind };
};

describe('command surface files', () => {
  const paths = invocations();

  it('cover every command and subcommand', () => {
    expect(paths.length).toBeGreaterThan(70);
    for (const p of paths) expect(answer([...p, '--help'], table).kind, p.join(' ')).toBe('answered');
  });

  it('leave own verbs, help and flag errors included, to yargs in main', () => {
    const own = COMMAND_TABLE.all().filter((c) => c.ownVerb).map((c) => c.name);
    expect(own).toEqual(expect.arrayContaining(['cluster', 'node', 'scheduler', 'image', 'addon', 'tick', 'why', 'doctor']));
    for (const w of own) {
      expect(answer([w, '--help'], table).kind, w).toBe('run');
      expect(answer([w, '--no-such-flag'], COMMAND_TABLE).kind, w).toBe('run');
    }
  });

  it('give the same --help text as the loaded commands', () => {
    for (const p of paths) expect(answer([...p, '--help'], table), p.join(' ')).toEqual(answer([...p, '--help'], COMMAND_TABLE));
  });

  it('give the same flag errors as the loaded commands', () => {
    for (const p of paths) {
      for (const bad of ['--no-such-flag', '-Z', '--namespace']) {
        const viaFiles = answer([...p, 'x', bad], table);
        expect(viaFiles, `${p.join(' ')} ${bad}`).toEqual(answer([...p, 'x', bad], COMMAND_TABLE));
      }
    }
    expect(answer(['get', 'pods', '--no-such-flag'], table)).toEqual({
      kind: 'answered', stdout: '', code: 1, stderr: "error: unknown flag: --no-such-flag\nSee 'kubectl get --help' for usage.\n",
    });
  });

  it('give the same root help, and leave runnable and unknown commands to main', () => {
    expect(answer([], table)).toEqual(answer([], COMMAND_TABLE));
    expect(front(['get', 'pods', '-o', 'wide'], table).kind).toBe('run');
    expect(front(['frobnicate', '--x'], table)).toEqual({ kind: 'unknown', word: 'frobnicate' });
    expect(front(['../index', '--x'], table)).toEqual({ kind: 'unknown', word: '../index' });
    expect(front(['index', '--x'], table)).toEqual({ kind: 'unknown', word: 'index' });
    // Object's own property names are not subcommands.
    for (const t of [table, COMMAND_TABLE]) expect(answer(['create', 'constructor', '--x'], t)).toMatchObject({ kind: 'answered', code: 1, stderr: expect.stringContaining("See 'kubectl create --help'") });
  });
});

describe('isVerb', () => {
  it('names the commands the table has a file for, and nothing else', () => {
    for (const c of COMMAND_TABLE.all()) expect(isVerb(dir, c.name)).toBe(true);
    for (const word of ['gte', 'index', '-n', '--help', 'Get', '../surface/get', '', undefined]) expect(isVerb(dir, word)).toBe(false);
  });
});
