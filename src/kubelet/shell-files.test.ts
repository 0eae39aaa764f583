import { describe, expect, it } from 'vitest';
import { expandHeredocs, runArgv, type ShellConfig } from './shell';

const cfg = (files: Record<string, string> = {}): ShellConfig => ({ env: { PWD: '/root' }, files, startMs: 0, shell: 'sh', binary: () => undefined });
const run = (script: string, files: Record<string, string> = {}) => {
  const p = runArgv(['sh', '-c', script], cfg(files));
  const fs = { ...files };
  for (const e of p.files) { if (e.content === undefined) delete fs[e.path]; else fs[e.path] = e.content; }
  return { out: p.lines.map((l) => l.text), code: p.exit?.code, fs };
};

describe('here-documents', () => {
  it('feed their body to the command, literally under a quoted delimiter', () => {
    const r = run("X=1\ncat > /tmp/a <<'EOF'\nkey: $X\n  indented\nEOF\ncat /tmp/a");
    expect(r.out).toEqual(['key: $X', '  indented']);
  });
  it('expand variables under an unquoted delimiter, and <<- strips leading tabs', () => {
    expect(run('X=1\ncat <<-END\n\tkey: $X\nEND').out).toEqual(['key: 1']);
  });
  it('leave quoted text alone', () => {
    expect(expandHeredocs('echo "a <<b"\nb')).toBe('echo "a <<b"\nb');
    expect(run("echo 'x <<EOF'").out).toEqual(['x <<EOF']);
  });
});

describe('cp and mv', () => {
  it('copy into a directory, keep the source; mv removes it', () => {
    const r = run('cp /etc/a /tmp/; mv /etc/a /root/b; ls /tmp /root', { '/etc/a': 'x\n' });
    expect(r.fs).toEqual({ '/tmp/a': 'x\n', '/root/b': 'x\n' });
    // ls sorts its operands and puts a blank line between folders, as busybox and coreutils do.
    expect(r.out).toEqual(['/root:', 'b', '', '/tmp:', 'a']);
  });
  it('fail on a missing source, and cp without -r on a directory, as busybox does', () => {
    const r = run('cp /nope /tmp; cp /etc /tmp', { '/etc/a': 'x\n' });
    expect(r.out).toEqual(["cp: can't stat '/nope': No such file or directory", "cp: omitting directory '/etc'"]);
    expect(r.code).toBe(1);
    expect(run('cp -r /etc/d /tmp/', { '/etc/d/a': '1' }).fs['/tmp/d/a']).toBe('1');
  });
});

describe('sed -i', () => {
  it('rewrites each file in place and prints nothing', () => {
    const r = run("sed -i 's/old/new/' /etc/f; cat /etc/f", { '/etc/f': 'an old line\nold\n' });
    expect(r.out).toEqual(['an new line', 'new']);
    expect(r.fs['/etc/f']).toBe('an new line\nnew\n');
  });
  it('fails on a missing file with busybox\'s line and status 1', () => {
    const r = run("sed -i 's/a/b/' /nope");
    expect(r.out).toEqual(['sed: /nope: No such file or directory']);
    expect(r.code).toBe(1);
  });
});
