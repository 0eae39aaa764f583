import { describe, expect, it } from 'vitest';
import { createConfigMap, type CreateConfigMapOptions } from './configmap';
import type { GeneratorFs } from './generator-fs';
import { expectSameAsKubectl, fixtureFs, writeFixture } from './oracle.test-helper';

writeFixture('app.properties', 'color=blue\nsize=L\n');
writeFixture('bin.dat', Buffer.from([0xff, 0xfe, 0x00, 0x41]));
writeFixture('dir/a.txt', 'A');
writeFixture('dir/b.txt', 'B<&>');
writeFixture('dir/.hidden', 'h');
writeFixture('dir/sub/c.txt', 'ignored: not a regular file of dir');
writeFixture('good.env', '\uFEFF# comment\n\n  FOO=bar\nEMPTY=\nEQ=a=b\r\nSPACES= x \n');
writeFixture('bad.env', 'OK=1\n1BAD=x\n');
writeFixture('dup.env', 'A=1\nA=2\n');

const cases: { name: string; args: string[]; o: CreateConfigMapOptions; cm?: string }[] = [
  { name: 'literals sorted by key', args: ['--from-literal=mode=prod', '--from-literal=level=3'], o: { fromLiteral: ['mode=prod', 'level=3'] } },
  { name: 'literal value keeps later equals signs', args: ['--from-literal=k=a=b'], o: { fromLiteral: ['k=a=b'] } },
  { name: 'empty literal value', args: ['--from-literal=k='], o: { fromLiteral: ['k='] } },
  { name: 'no sources', args: [], o: {} },
  { name: 'file keyed by base name', args: ['--from-file=app.properties'], o: { fromFile: ['app.properties'] } },
  { name: 'file with explicit key', args: ['--from-file=conf=app.properties'], o: { fromFile: ['conf=app.properties'] } },
  { name: 'binary file goes to binaryData', args: ['--from-file=bin.dat'], o: { fromFile: ['bin.dat'] } },
  { name: 'directory gives one key per regular file', args: ['--from-file=dir'], o: { fromFile: ['dir'] } },
  { name: 'env file', args: ['--from-env-file=good.env'], o: { fromEnvFile: ['good.env'] } },
  { name: 'append hash', args: ['--from-literal=a=1', '--append-hash'], o: { fromLiteral: ['a=1'], appendHash: true } },
  { name: 'append hash with binary data', args: ['--from-file=bin.dat', '--from-literal=x=<y>', '--append-hash'], o: { fromFile: ['bin.dat'], fromLiteral: ['x=<y>'], appendHash: true } },
  { name: 'append hash, no data', args: ['--append-hash'], o: { appendHash: true } },
  { name: 'literal without equals', args: ['--from-literal=foo'], o: { fromLiteral: ['foo'] } },
  { name: 'literal with empty key', args: ['--from-literal==v'], o: { fromLiteral: ['=v'] } },
  { name: 'invalid key', args: ['--from-literal=a b=1'], o: { fromLiteral: ['a b=1'] } },
  { name: 'dot-dot key', args: ['--from-literal=..=1'], o: { fromLiteral: ['..=1'] } },
  { name: 'dot-dot prefix key', args: ['--from-literal=..a=1'], o: { fromLiteral: ['..a=1'] } },
  { name: 'duplicate literal', args: ['--from-literal=a=1', '--from-literal=a=2'], o: { fromLiteral: ['a=1', 'a=2'] } },
  { name: 'duplicate of a binary key', args: ['--from-file=bin.dat', '--from-literal=bin.dat=1'], o: { fromFile: ['bin.dat'], fromLiteral: ['bin.dat=1'] } },
  { name: 'file and literal clash, file first', args: ['--from-literal=app.properties=1', '--from-file=app.properties'], o: { fromLiteral: ['app.properties=1'], fromFile: ['app.properties'] } },
  { name: 'missing file', args: ['--from-file=nosuch'], o: { fromFile: ['nosuch'] } },
  { name: 'key for a directory', args: ['--from-file=k=dir'], o: { fromFile: ['k=dir'] } },
  { name: 'file source without key', args: ['--from-file==x'], o: { fromFile: ['=x'] } },
  { name: 'file source without path', args: ['--from-file=x='], o: { fromFile: ['x='] } },
  { name: 'file source with two equals', args: ['--from-file=a=b=c'], o: { fromFile: ['a=b=c'] } },
  { name: 'env file combined with literal', args: ['--from-env-file=good.env', '--from-literal=a=1'], o: { fromEnvFile: ['good.env'], fromLiteral: ['a=1'] } },
  { name: 'env file bad key', args: ['--from-env-file=bad.env'], o: { fromEnvFile: ['bad.env'] } },
  { name: 'env file duplicate key', args: ['--from-env-file=dup.env'], o: { fromEnvFile: ['dup.env'] } },
  { name: 'env file is a directory', args: ['--from-env-file=dir'], o: { fromEnvFile: ['dir'] } },
  { name: 'env file missing', args: ['--from-env-file=nope.env'], o: { fromEnvFile: ['nope.env'] } },
];

describe('createConfigMap matches kubectl create configmap', () => {
  for (const tc of cases) {
    it(tc.name, () => {
      expectSameAsKubectl(`configmap-${tc.name}`, ['create', 'configmap', 'cm1', ...tc.args], () => createConfigMap('cm1', tc.o, fixtureFs()));
    });
  }
});

describe('createConfigMap with a stubbed fs', () => {
  const stub: GeneratorFs = {
    isDirectory: (p) => p === 'd',
    readFile: (p) => (p === 'd/x' ? 'X' : Buffer.from('file ' + p)),
    listDir: () => [{ name: 'x', isFile: true }, { name: 'link', isFile: false }],
    getenv: (n) => (n === 'FROM_ENV' ? 'yes' : undefined),
  };
  it('reads directories through listDir and skips non-regular entries', () => {
    expect(createConfigMap('c', { fromFile: ['d'] }, stub).data).toEqual({ x: 'X' });
  });
  it('takes the value of a bare env-file key from the environment', () => {
    const fs = { ...stub, readFile: () => 'FROM_ENV\nUNSET\n' };
    expect(createConfigMap('c', { fromEnvFile: ['e'] }, fs).data).toEqual({ FROM_ENV: 'yes', UNSET: '' });
  });
  it('sets the namespace when one is enforced', () => {
    expect(createConfigMap('c', { namespace: 'dev' }, stub).metadata).toEqual({ name: 'c', namespace: 'dev', creationTimestamp: null });
  });
});
