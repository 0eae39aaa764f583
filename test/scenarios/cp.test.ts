/**
 * kubectl cp: files copied into a container are what exec sees there (the same writable layer,
 * with its size limit), and files copied out are exec's view, standard files included.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: box}
spec:
  containers:
  - {name: box, image: busybox:1.36, command: ["sleep", "3600"]}
---
apiVersion: v1
kind: Pod
metadata: {name: two}
spec:
  containers:
  - {name: a, image: busybox:1.36, command: ["sleep", "3600"]}
  - {name: b, image: busybox:1.36, command: ["sleep", "3600"]}
---
apiVersion: v1
kind: Namespace
metadata: {name: other}
---
apiVersion: v1
kind: Pod
metadata: {name: far, namespace: other}
spec:
  containers:
  - {name: far, image: busybox:1.36, command: ["sleep", "3600"]}
`;

const OK = { stdout: '', stderr: '', code: 0 };
/** LEADING is busybox tar's notice, which kubectl cp prints on its stdout when copying out. */
const LEADING = "tar: removing leading '/' from member names\n";

describe('cp', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('cp', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('round-trips a file: cp in, exec cat, cp out, same bytes', () => {
    const text = 'hello\nworld — ünïcode\n';
    home.file('in.txt', text);
    expect(home.run('cp in.txt box:/tmp/in.txt')).toEqual(OK);
    expect(home.run('exec box -- cat /tmp/in.txt')).toEqual({ stdout: text, stderr: '', code: 0 });
    expect(home.run('cp box:/tmp/in.txt out.txt')).toEqual({ stdout: LEADING, stderr: '', code: 0 });
    expect(fs.readFileSync(path.join(home.dir, 'out.txt'))).toEqual(Buffer.from(text));
  });

  it('copies a file that is not UTF-8 byte for byte, as exec\'s applets see it', () => {
    // Every byte value, text, truncated and overlong sequences, an encoded surrogate.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('é\n'), Buffer.from([0xc3, 0x41, 0xe2, 0x82, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff])]);
    fs.writeFileSync(path.join(home.dir, 'blob.bin'), bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(home.run('cp blob.bin box:/tmp/blob.bin')).toEqual(OK);
    expect(home.run('exec box -- md5sum /tmp/blob.bin')).toEqual({ stdout: `${md5}  /tmp/blob.bin\n`, stderr: '', code: 0 });
    expect(home.run('exec box -- wc -c /tmp/blob.bin').stdout).toBe(`${bytes.length} /tmp/blob.bin\n`);
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'base64 /tmp/blob.bin | base64 -d | md5sum']).stdout).toBe(`${md5}  -\n`);
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'head -c 260 /tmp/blob.bin | tail -c 20 | md5sum']).stdout).toBe(`${createHash('md5').update(bytes.subarray(240, 260)).digest('hex')}  -\n`);
    expect(home.run('cp box:/tmp/blob.bin blob.out')).toEqual({ stdout: LEADING, stderr: '', code: 0 });
    expect(fs.readFileSync(path.join(home.dir, 'blob.out'))).toEqual(bytes);
  });

  it('printf\'s byte escapes are bytes: two make é, one past ASCII stays one byte', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', "printf '\\303\\251\\n'; printf '\\xff\\xfe' | wc -c; printf 'a\\xffb' | md5sum"])).toEqual({
      stdout: `é\n2\n${createHash('md5').update(Buffer.from([0x61, 0xff, 0x62])).digest('hex')}  -\n`, stderr: '', code: 0,
    });
  });

  it('copies into a directory under the source\'s name, and from NS/POD:PATH', () => {
    home.file('note', 'n\n');
    expect(home.run('cp note far:/tmp/ -n other')).toEqual(OK);
    expect(home.run('exec far -n other -- cat /tmp/note')).toEqual({ stdout: 'n\n', stderr: '', code: 0 });
    expect(home.run('cp other/far:/tmp/note note-back')).toEqual({ stdout: LEADING, stderr: '', code: 0 });
    expect(fs.readFileSync(path.join(home.dir, 'note-back'), 'utf8')).toBe('n\n');
  });

  it('copies out the standard files exec sees', () => {
    const hosts = home.run('exec box -- cat /etc/hosts');
    expect(hosts.code).toBe(0);
    expect(home.run('cp box:/etc/hosts hosts')).toEqual({ stdout: LEADING, stderr: '', code: 0 });
    expect(fs.readFileSync(path.join(home.dir, 'hosts'), 'utf8')).toBe(hosts.stdout);
  });

  it('copies directory trees both ways', () => {
    home.file('tree/a', '1\n');
    home.file('tree/sub/b', '2\n');
    expect(home.run('cp tree box:/tmp/tree')).toEqual(OK);
    expect(home.run('exec box -- cat /tmp/tree/sub/b')).toEqual({ stdout: '2\n', stderr: '', code: 0 });
    expect(home.run('cp box:/tmp/tree tree-back')).toEqual({ stdout: LEADING, stderr: '', code: 0 });
    expect(fs.readFileSync(path.join(home.dir, 'tree-back/a'), 'utf8')).toBe('1\n');
    expect(fs.readFileSync(path.join(home.dir, 'tree-back/sub/b'), 'utf8')).toBe('2\n');
  });

  it('copies a volume\'s keys out of their timestamped folder, skipping its links with kubectl\'s warnings', () => {
    const sa = '/var/run/secrets/kubernetes.io/serviceaccount';
    const dir = /\.\.data -> (\S+)/.exec(home.run(['exec', 'box', '--', 'ls', '-la', sa]).stdout)?.[1];
    expect(dir).toMatch(/^\.\.2026_/);
    expect(home.run(`cp box:${sa} sa`)).toEqual({
      stdout: LEADING,
      stderr: [
        `warning: skipping symlink: "sa/..data" -> "${dir}" (consider using "kubectl exec -n "default" "box" -- tar cf - "${sa}" | tar xf -")`,
        'warning: skipping symlink: "sa/ca.crt" -> "..data/ca.crt"', 'warning: skipping symlink: "sa/namespace" -> "..data/namespace"',
        'warning: skipping symlink: "sa/token" -> "..data/token"', '',
      ].join('\n'),
      code: 0,
    });
    expect(fs.readdirSync(path.join(home.dir, 'sa'))).toEqual([dir]);
    expect(fs.readFileSync(path.join(home.dir, 'sa', dir!, 'namespace'), 'utf8')).toBe('default');
  });

  it('defaults to the first container, with kubectl\'s notice, and honours -c', () => {
    home.file('one', '1\n');
    expect(home.run('cp one two:/tmp/one')).toEqual({ stdout: '', stderr: 'Defaulted container "a" out of: a, b\n', code: 0 });
    expect(home.run('exec two -c a -- cat /tmp/one')).toEqual({ stdout: '1\n', stderr: '', code: 0 });
    expect(home.run('cp one two:/tmp/only-b -c b')).toEqual(OK);
    expect(home.run('exec two -c b -- cat /tmp/only-b')).toEqual({ stdout: '1\n', stderr: '', code: 0 });
    expect(home.run('exec two -c a -- cat /tmp/only-b').code).toBe(1);
  });

  it('fails a copy past the writable layer\'s size as a full disk does', () => {
    home.file('big', 'x'.repeat(60 * 1024));
    expect(home.run('cp big box:/tmp/big')).toEqual({
      stdout: '',
      stderr: 'tar: big: Cannot write: No space left on device\ntar: Exiting with failure status due to previous errors\ncommand terminated with exit code 2\n',
      code: 2,
    });
    expect(home.run('exec box -- cat /tmp/big').code).toBe(1);
  });

  it('copying out, prints busybox tar\'s complaints about a missing file on stdout and returns 0, as kubectl 1.32 does', () => {
    // kubectl's TarPipe gives tar's stderr its own stdout, and is done once the archive ends.
    expect(home.run('cp box:/tmp/nope nope')).toEqual({
      stdout: "tar: removing leading '/' from member names\ntar: /tmp/nope: No such file or directory\ntar: error exit delayed from previous errors\n",
      stderr: '', code: 0,
    });
    expect(fs.existsSync(path.join(home.dir, 'nope'))).toBe(false);
  });

  it('runs tar in the container: -v lists the members, on stderr while the archive is on stdout', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'mkdir -p /tmp/t/s; echo a > /tmp/t/a; echo b > /tmp/t/s/b; cd /tmp && tar cvf /tmp/t.tar t && mkdir /tmp/u && tar xvf /tmp/t.tar -C /tmp/u && cat /tmp/u/t/s/b'])).toEqual({
      stdout: 't/\nt/a\nt/s/\nt/s/b\nt/\nt/a\nt/s/\nt/s/b\nb\n', stderr: '', code: 0,
    });
    const r = home.run(['exec', 'box', '--', 'sh', '-c', 'cd /tmp && tar cvf - t > /dev/null']);
    expect([r.stdout, r.stderr, r.code]).toEqual(['', 't/\nt/a\nt/s/\nt/s/b\n', 0]);
  });

  it('copying in, fails with tar\'s words and status when the destination\'s folder is not there', () => {
    home.file('lone', 'l\n');
    expect(home.run('cp lone box:/nodir/lone')).toEqual({
      stdout: '', code: 1,
      stderr: "tar: can't change directory to '/nodir': No such file or directory\ncommand terminated with exit code 1\n",
    });
  });

  it('refuses what kubectl refuses', () => {
    expect(home.run('cp missing box:/tmp/x')).toEqual({ stdout: '', stderr: "error: missing doesn't exist in local filesystem\n", code: 1 });
    home.file('x', 'x\n');
    expect(home.run('cp x ghost:/tmp/x')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "ghost" not found\n', code: 1 });
    expect(home.run('cp ghost:/tmp/x x')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "ghost" not found\n', code: 1 });
    expect(home.run('cp a b')).toEqual({ stdout: '', stderr: 'error: one of src or dest must be a remote file specification\n', code: 1 });
    expect(home.run('cp box:/a box:/b')).toEqual({ stdout: '', stderr: 'error: one of src or dest must be a local file specification\n', code: 1 });
    expect(home.run('cp a')).toEqual({ stdout: '', stderr: 'error: source and destination are required\n', code: 1 });
    expect(home.run('cp box: x')).toEqual({ stdout: '', stderr: 'error: filepath can not be empty\n', code: 1 });
  });
});
