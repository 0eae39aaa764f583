/**
 * R7 through the CLI: a real `kubemu get configmaps -w --output-watch-events` process (spawned
 * from the built bin/kubemu) watches while this process creates, labels and deletes
 * ConfigMaps in the same state file. Every change must appear exactly once, in commit order,
 * with no gaps; the watch ends cleanly at --request-timeout.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runDir } from '../helpers/build-once';
import { manualCluster } from '../helpers/run-cli';

const REPO = path.resolve(__dirname, '..', '..');

/** privateBuild waits for the run's build and copies bin/ + dist/ aside, so a concurrent rebuild cannot tear the bundle. */
function privateBuild(): string {
  ensureBuilt();
  const copy = fs.mkdtempSync(path.join(runDir(), 'watch-bin-'));
  for (const d of ['bin', 'dist']) fs.cpSync(path.join(REPO, d), path.join(copy, d), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('R7 kubemu get -w', () => {
  const home = manualCluster('watch', 7);
  const bin = privateBuild();
  afterAll(() => home.cleanup());

  it('prints every change once, in order, then exits at --request-timeout', async () => {
    const child = spawn(process.execPath, [path.join(bin, 'bin', 'kubemu'), 'get', 'configmaps', '-w', '--output-watch-events', '--request-timeout=12s'],
      { env: { ...process.env, KUBEMU_HOME: home.dir, NO_COLOR: '1' } });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    let ended = false;
    const exited = new Promise<number | null>((r) => child.on('close', (code) => { ended = true; r(code); }));
    // Writes start once the initial list is out, so every one of them is a watch event. No
    // cap on the wait: a loaded machine can take seconds to start a process.
    while (!out.includes('NAME') && !ended) await sleep(50);
    // --request-timeout counts from the watch's start: 12 s leave the writes below (2.4 s of
    // sleeps and seven commands) room on a loaded machine; 8 s could run out before the last write.
    const expected: string[] = [];
    const step = (args: string[], event: string) => {
      const r = home.run(args);
      if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
      expected.push(event);
    };
    for (let i = 0; i < 4; i++) step(['create', 'configmap', `w${i}`, `--from-literal=k=${i}`], `ADDED w${i}`);
    await sleep(1200);
    step(['label', 'configmap', 'w1', 'x=y'], 'MODIFIED w1');
    step(['delete', 'configmap', 'w2'], 'DELETED w2');
    await sleep(1200);
    step(['create', 'configmap', 'w9'], 'ADDED w9');
    const code = await exited;
    const rows = out.split('\n').slice(1).filter((l) => l.trim()).map((l) => l.split(/\s+/));
    const events = rows.filter((r) => r[1]!.startsWith('w')).map((r) => `${r[0]} ${r[1]}`);
    const initial = rows.filter((r) => !r[1]!.startsWith('w'));
    const v = {
      ordered: events.filter((e, i) => expected.indexOf(e) !== i && expected.includes(e)).length,
      unique: events.length - new Set(events).size,
      noGaps: expected.filter((e) => !events.includes(e)).length,
      unexpected: events.filter((e) => !expected.includes(e)).length,
      initialNotAdded: initial.filter((r) => r[0] !== 'ADDED').length,
      exit: code === 0 && err === '' ? 0 : 1,
    };
    console.log(`R7 get -w: ${expected.length} changes, ${events.length} rows, ${initial.length} initial rows; violations ${JSON.stringify(v)}`);
    if (Object.values(v).some((n) => n > 0)) console.log(`stdout:\n${out}\nstderr:\n${err}`);
    expect(v).toEqual({ ordered: 0, unique: 0, noGaps: 0, unexpected: 0, initialNotAdded: 0, exit: 0 });
  });
});
