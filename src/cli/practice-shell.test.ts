import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { envLines, quote, shellLayout, shimText } from './practice-shell';

describe('practice shell files', () => {
  it('quotes any path for sh, quotes included', () => {
    const word = "/tmp/it's here/$HOME `x`";
    expect(spawnSync('sh', ['-c', `printf %s ${quote(word)}`], { encoding: 'utf8' }).stdout).toBe(word);
  });

  it('bakes the home into a shim as a default, and keeps the caller\'s KUBEMU_HOME', () => {
    const shim = shimText({ node: '/usr/bin/node', script: '/opt/kubemu/bin/kubemu' }, '/h/"a"', ['ssh']);
    expect(shim).toBe('#!/bin/sh\n: "${KUBEMU_HOME:=/h/\\"a\\"}"\nexport KUBEMU_HOME\nexec \'/usr/bin/node\' \'/opt/kubemu/bin/kubemu\' \'ssh\' "$@"\n');
    const echoHome = shim.replace(/^exec .*$/m, 'printf %s "$KUBEMU_HOME"');
    expect(spawnSync('sh', ['-c', echoHome], { encoding: 'utf8', env: {} }).stdout).toBe('/h/"a"');
    expect(spawnSync('sh', ['-c', echoHome], { encoding: 'utf8', env: { KUBEMU_HOME: '/other' } }).stdout).toBe('/other');
  });

  it('prints exports with the shims first on PATH', () => {
    expect(envLines('/h', shellLayout('/h'))).toBe(`export KUBEMU_HOME='/h'\nexport PATH='/h/shell/bin':"$PATH"\n`);
  });
});
