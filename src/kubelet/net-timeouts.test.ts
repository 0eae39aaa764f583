import { describe, expect, it } from 'vitest';
import { SYN_TIMEOUT_MS, curlLimitMs, curlTimedOut, wgetTimedOut } from './net-timeouts';

describe('curlLimitMs', () => {
  it.each([
    [[], undefined],
    [['-m', '5'], 5000],
    [['-m5'], 5000],
    [['--max-time', '2.5'], 2500],
    [['--max-time=3'], 3000],
    [['--connect-timeout', '4', '-m', '10'], 4000],
    [['--connect-timeout=1', 'http://web'], 1000],
    [['-s', 'http://web'], undefined],
  ] as [string[], number | undefined][])('%j → %s', (args, want) => {
    expect(curlLimitMs(args)).toBe(want);
  });
});

describe('curlTimedOut', () => {
  it('prints multi.c\'s connect timeout under curl\'s own limit, connect.c\'s after the kernel gives up', () => {
    expect(curlTimedOut(['-m', '3'], 'timeout', 'web', 80, false)).toEqual({ stdout: '', stderr: 'curl: (28) Connection timed out after 3000 milliseconds\n', code: 28 });
    expect(curlTimedOut(['--connect-timeout', '300'], 'timeout', 'web', 8080, false).stderr)
      .toBe(`curl: (28) Failed to connect to web port 8080 after ${SYN_TIMEOUT_MS} ms: Couldn't connect to server\n`);
  });
  it('reports a dropped lookup as a resolve timeout only when curl\'s limit is the shorter', () => {
    expect(curlTimedOut(['-m', '5'], 'dns-timeout', 'web', 80, false)).toEqual({ stdout: '', stderr: 'curl: (28) Resolving timed out after 5000 milliseconds\n', code: 28 });
    expect(curlTimedOut([], 'dns-timeout', 'web', 80, false)).toEqual({ stdout: '', stderr: 'curl: (6) Could not resolve host: web\n', code: 6 });
  });
  it('is silent under -s unless -S', () => {
    expect(curlTimedOut(['-s', '-m', '1'], 'timeout', 'web', 80, true).stderr).toBe('');
    expect(curlTimedOut(['-sS', '-m', '1'], 'timeout', 'web', 80, true).stderr).toBe('curl: (28) Connection timed out after 1000 milliseconds\n');
  });
});

describe('wgetTimedOut', () => {
  it('fires its -T alarm, or reports connect(2)\'s ETIMEDOUT', () => {
    expect(wgetTimedOut(['-qO-', '-T', '2'], 'web', '10.96.0.5', 80, true)).toEqual({ stdout: '', stderr: 'wget: download timed out\n', code: 1 });
    expect(wgetTimedOut(['-T5'], 'web', '10.96.0.5', 8080, false).stderr).toBe('Connecting to web:8080 (10.96.0.5:8080)\nwget: download timed out\n');
    expect(wgetTimedOut([], 'web', '10.96.0.5', 80, false).stderr).toBe("Connecting to web (10.96.0.5:80)\nwget: can't connect to remote host (10.96.0.5): Connection timed out\n");
  });
});
