/**
 * kill and wait on background jobs, as busybox 1.35's ash does (outputs taken from its Debian
 * package run here), and the graceful-shutdown pattern that forwards the kubelet's SIGTERM to a
 * child: trap, kill, wait.
 */
import { describe, expect, it } from 'vitest';
import { runArgv } from './shell';
import { parseKill } from './shell-kill';

const run = (script: string, sigtermAtMs?: number) => {
  const p = runArgv(['sh', '-c', script], { env: {}, files: {}, startMs: 0, shell: 'sh', binary: () => undefined, ...(sigtermAtMs === undefined ? {} : { sigtermAtMs }) });
  return { lines: p.lines.map((l) => `${l.atMs} ${l.text}`), exit: p.exit };
};

describe('kill', () => {
  it('ends a background job now, taking back what it would have written later', () => {
    expect(run('(sleep 1; echo late) & kill $!; wait; echo end').lines).toEqual(['0 end']);
    expect(run('sleep 5 & p=$!; kill -0 $p; echo alive=$?; kill $p; wait $p; echo waited=$?; kill -0 $p; echo rc=$?').lines).toEqual([
      '0 alive=0', '0 Terminated', '0 waited=143', "0 sh: can't kill pid 7: No such process", '0 rc=1',
    ]);
  });

  it("gives wait 128+N and ash's words for the signal, by number, name, -s or %job", () => {
    expect(run('sleep 5 & p=$!; kill -9 $p; wait $p; echo w=$?; sleep 5 & kill -s HUP $!; wait $!; echo w=$?; sleep 5 & kill -USR1 $!; wait $!; echo w=$?').lines).toEqual([
      '0 Killed', '0 w=137', '0 Hangup', '0 w=129', '0 User defined signal 1', '0 w=138',
    ]);
    expect(run('sleep 3 & kill %1; wait %1; echo w=$?').lines).toEqual(['0 Terminated', '0 w=143']);
  });

  it("refuses what ash refuses, in ash's words", () => {
    expect(run('kill; echo rc=$?; kill -BOGUS 1; echo rc=$?; kill abc; echo rc=$?; kill 999999; echo rc=$?').lines).toEqual([
      '0 sh: you need to specify whom to kill', '0 rc=1', "0 sh: bad signal name 'BOGUS'", '0 rc=1', "0 sh: invalid number 'abc'", '0 rc=1',
      "0 sh: can't kill pid 999999: No such process", '0 rc=1',
    ]);
    expect(parseKill([], 'bash')).toEqual({ error: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]', status: 2 });
  });

  it('lists and converts signals with -l', () => {
    expect(run('kill -l 15; kill -l TERM').lines).toEqual(['0 TERM', '0 15']);
    expect(run('kill -l').lines.slice(0, 2)).toEqual(['0  1) HUP', '0  2) INT']);
  });
});

describe('wait', () => {
  it("gives the named job's status, 127 for none, 0 for all", () => {
    expect(run('sleep 1 & false; wait; echo a=$?; (exit 3) & wait $!; echo b=$?; wait 12345; echo d=$?').lines).toEqual(['1000 a=0', '1000 b=3', '1000 d=127']);
  });
});

describe('forwarding the kubelet\'s SIGTERM to a child', () => {
  it('ends the container when the trap has killed and waited for the child', () => {
    expect(run(`trap 'echo stopping; kill -TERM "$child"; wait "$child"; exit 0' TERM; sleep 3600 & child=$!; wait "$child"`, 2500)).toEqual({
      lines: ['2500 stopping', '2500 Terminated'], exit: { atMs: 2500, code: 0 },
    });
  });
});
