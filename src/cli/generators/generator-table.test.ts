import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATORS, generatorSpec } from './generator-table';
import { ciSpotCheck, staleCapture } from '../../../test/differential/kubectl-captures';
import { HAS_KUBECTL, KUBECTL } from '../../../test/differential/kubectl-oracle';
import { describeWithInputs, kubectlInput } from '../../../test/helpers/required-input';

describe('GENERATORS', () => {
  const facts: [string, string, Partial<{ type: string; default: unknown; required: boolean; shorthand: string }>][] = [
    ['create deployment', 'image', { type: 'stringSlice', default: [], required: true }],
    ['create deployment', 'replicas', { type: 'int', default: 1, shorthand: 'r' }],
    ['create deployment', 'port', { type: 'int', default: -1 }],
    ['create configmap', 'from-literal', { type: 'stringArray' }],
    ['create configmap', 'from-file', { type: 'stringSlice' }],
    ['create secret docker-registry', 'docker-server', { type: 'string', default: 'https://index.docker.io/v1/' }],
    ['create cronjob', 'schedule', { required: true }],
    ['run', 'env', { type: 'stringArray' }],
    ['run', 'restart', { default: 'Always' }],
    ['run', 'pod-running-timeout', { type: 'duration', default: '1m0s' }],
    ['autoscale', 'max', { type: 'int', default: -1, required: true }],
    ['create clusterrole', 'aggregation-rule', { type: 'stringToString', default: {} }],
  ];
  it.each(facts)('%s --%s', (cmd, flag, want) => {
    expect(generatorSpec(cmd)?.flags.find((f) => f.name === flag)).toMatchObject(want);
  });
  it('has one entry per command', () => {
    expect(new Set(GENERATORS.map((g) => g.command)).size).toBe(GENERATORS.length);
  });
});

/**
 * HELP_CAPTURE holds the flag names each command's `kubectl --help` lists, captured from
 * kubectl 1.32 (pinned, so its help cannot change): 25 Go processes per run cost more than the
 * rest of this file. A command missing from it, or KUBEMU_ORACLE_LIVE=1, asks the live
 * kubectl; KUBEMU_UPDATE_GOLDEN=1 rewrites it.
 */
const HELP_CAPTURE = path.join(__dirname, '__golden__', 'help-flags.json');
const captured: Record<string, string[]> = fs.existsSync(HELP_CAPTURE) ? JSON.parse(fs.readFileSync(HELP_CAPTURE, 'utf8')) : {};
const live = process.env.KUBEMU_ORACLE_LIVE === '1' || !!process.env.KUBEMU_UPDATE_GOLDEN;

function helpFlags(cmd: string): string[] {
  const usable = !live && captured[cmd];
  if (usable && !ciSpotCheck()) return captured[cmd]!;
  const help = execFileSync(KUBECTL, [...cmd.split(' '), '--help'], { encoding: 'utf8' });
  const flags = [...help.matchAll(/^ {4}(?:-(\w), )?--([a-z0-9-]+)=(.*):$/gm)].map((m) => m[2]!);
  if (usable && JSON.stringify(flags) !== JSON.stringify(captured[cmd])) throw staleCapture([cmd, '--help'], HELP_CAPTURE);
  if (process.env.KUBEMU_UPDATE_GOLDEN) {
    captured[cmd] = flags;
    const sorted = Object.fromEntries(Object.entries(captured).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(HELP_CAPTURE, JSON.stringify(sorted, null, 2) + '\n');
  }
  return flags;
}

const allCaptured = !live && GENERATORS.every((g) => captured[g.command]);
describeWithInputs('generator flags vs kubectl --help', [kubectlInput(HAS_KUBECTL || allCaptured)], () => {
  it.each(GENERATORS.map((g) => [g.command]))('%s flags match kubectl --help', (cmd) => {
    expect(generatorSpec(cmd)!.flags.map((f) => f.name)).toEqual(helpFlags(cmd));
  });
});
