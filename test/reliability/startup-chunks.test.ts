/**
 * What a command loads at start-up (the split bundle, docs/architecture.md "Build and
 * start-up"), checked on the built binary: the chunk loader writes a code cache for exactly
 * the files a run read, so after clearing the caches one run's new caches name its files.
 * A static import that pulls the controllers or the write path into `get` fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildOnce, cleanupBuild, distDir, kubemu, newHome } from './spawn-cli';

let home = '';
beforeAll(() => {
  buildOnce();
  home = newHome('chunks');
  expect(kubemu(home, ['cluster', 'create', 'c', '--clock', 'manual']).code).toBe(0);
  expect(kubemu(home, ['create', 'deployment', 'web', '--image=nginx', '--replicas=3']).code).toBe(0);
}, 120_000);
afterAll(() => { cleanupBuild(); fs.rmSync(home, { recursive: true, force: true }); });

/** loadedBy runs a command with no code caches present and returns the text of the files it evaluated. */
function loadedBy(args: string[]): string[] {
  const dist = distDir();
  for (const f of fs.readdirSync(dist)) if (f.endsWith('.cache')) fs.rmSync(path.join(dist, f));
  const r = kubemu(home, args);
  expect(r.code, r.stderr).toBe(0);
  return fs.readdirSync(dist).filter((f) => f.endsWith('.cache')).map((f) => fs.readFileSync(path.join(dist, f.replace(/^\.(.*\.js)\..*$/, '$1')), 'utf8'));
}

// Strings that exist in one part of the program only.
const CONTROLLERS = 'replicaset-controller';
const WRITE_PATH = 'must be greater than minReadySeconds';
const YAML_READER = 'duplicated mapping key';
const KUBELET_SHELL = 'EOF in backquote substitution';
const YARGS = 'Not enough non-option arguments';
const CLI_TABLE = 'Content needs to be a primitive, got: ';
const SERVE = 'kubemu serve listens on loopback addresses only';
const SERVER = 'error decoding request body';
// Column names of one kind's printer each (src/printers/columns/).
const POD_PRINTER = 'Nominated Node';
const OTHER_PRINTERS = ['Up-to-date', 'Kernel-Version', 'Last Schedule', 'Reclaim Policy', 'Port(s)'];

describe('start-up loads only what the command uses', () => {
  it('get on a settled cluster: no controllers, no write path, no YAML reader', () => {
    const files = loadedBy(['get', 'pods']);
    // main.js, get's own file and the pod printer's, each packed with the chunks it needs
    expect(files.length).toBe(3);
    for (const marker of [CONTROLLERS, WRITE_PATH, YAML_READER, KUBELET_SHELL, YARGS, CLI_TABLE, SERVE, SERVER]) expect(files.some((t) => t.includes(marker)), marker).toBe(false);
  });

  it("get of one kind loads that kind's printer and no other", () => {
    const pods = loadedBy(['get', 'pods']);
    expect(pods.some((t) => t.includes(POD_PRINTER))).toBe(true);
    for (const marker of OTHER_PRINTERS) expect(pods.some((t) => t.includes(`"${marker}"`)), marker).toBe(false);
    // The markers are real: a get of those kinds loads each of them.
    const others = loadedBy(['get', 'deploy,nodes,cronjobs,pv,svc']);
    for (const marker of OTHER_PRINTERS) expect(others.some((t) => t.includes(`"${marker}"`)), marker).toBe(true);
    expect(others.some((t) => t.includes(POD_PRINTER))).toBe(false);
  });

  it('an own verb loads yargs, its help too, but not a plain tick; kubectl verbs never do', () => {
    expect(loadedBy(['cluster', 'list']).some((t) => t.includes(YARGS))).toBe(true);
    expect(loadedBy(['tick', '--help']).some((t) => t.includes(YARGS))).toBe(true);
    // A plain tick (run in loops) reads its command line without yargs.
    expect(loadedBy(['tick', '1s', '-q']).some((t) => t.includes(YARGS))).toBe(false);
    expect(loadedBy(['scale', 'deployment/web', '--replicas=5']).some((t) => t.includes(YARGS) || t.includes(CLI_TABLE))).toBe(false);
  });

  it('get loads none of the Node built-ins only some commands need', () => {
    // A preload records, at exit, the built-in modules the process loaded.
    const out = path.join(home, 'builtins.json');
    const preload = path.join(home, 'record-builtins.js');
    fs.writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));`);
    expect(kubemu(home, ['get', 'pods'], undefined, undefined, { NODE_OPTIONS: `--require ${preload}` }).code).toBe(0);
    const loaded: string[] = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const costly of ['NativeModule v8', 'NativeModule crypto', 'NativeModule tty']) expect(loaded, costly).not.toContain(costly);
    expect(loaded).toContain('NativeModule fs'); // the record is real
  });

  it('a write that settles loads them', () => {
    const files = loadedBy(['scale', 'deployment/web', '--replicas=4']);
    expect(files.some((t) => t.includes(CONTROLLERS))).toBe(true);
    expect(files.some((t) => t.includes(WRITE_PATH))).toBe(true);
  });

  it('--help and flag errors load nothing but the entry', () => {
    expect(loadedBy(['get', '--help'])).toEqual([]);
    const dist = distDir();
    expect(kubemu(home, ['get', 'pods', '--bogus']).code).toBe(1);
    expect(fs.readdirSync(dist).filter((f) => f.endsWith('.cache'))).toEqual([]);
  });
});
