import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretDockerRegistry, type CreateSecretDockerRegistryOptions } from './secret-docker-registry';
import { createSecretGeneric, type CreateSecretGenericOptions } from './secret-generic';
import { createSecretTls, type CreateSecretTlsOptions } from './secret-tls';
import { expectSameAsKubectl, fixtureFs, writeFixture } from './oracle.test-helper';

writeFixture('s/pw.txt', 's3cr3t\n');
writeFixture('s/bin.dat', Buffer.from([0xff, 0x00, 0x10]));
writeFixture('s/d/one', '1');
writeFixture('s/d/two', '2');
writeFixture('s/app.env', 'USER=admin\nPASS=p=w\n');
writeFixture('s/dup.env', 'A=1\nA=2\n');
writeFixture('s/docker.json', '{"auths":{}}');
for (const f of ['rsa.crt', 'rsa.key', 'ec.crt', 'ec.key', 'other-rsa.key']) writeFixture(`tls/${f}`, fs.readFileSync(path.join(__dirname, 'testdata', f)));
writeFixture('tls/empty', '');

const generic: { name: string; args: string[]; o: CreateSecretGenericOptions }[] = [
  { name: 'literal', args: ['--from-literal=password=s3cr3t'], o: { fromLiteral: ['password=s3cr3t'] } },
  { name: 'type given', args: ['--from-literal=a=1', '--type=Opaque'], o: { fromLiteral: ['a=1'], type: 'Opaque' } },
  { name: 'no data', args: [], o: {} },
  { name: 'files and directory', args: ['--from-file=s/pw.txt', '--from-file=bin=s/bin.dat', '--from-file=s/d'], o: { fromFile: ['s/pw.txt', 'bin=s/bin.dat', 's/d'] } },
  { name: 'env file', args: ['--from-env-file=s/app.env'], o: { fromEnvFile: ['s/app.env'] } },
  { name: 'append hash', args: ['--from-literal=a=1', '--type=kubernetes.io/basic-auth', '--append-hash'], o: { fromLiteral: ['a=1'], type: 'kubernetes.io/basic-auth', appendHash: true } },
  { name: 'duplicate key', args: ['--from-literal=a=1', '--from-literal=a=2'], o: { fromLiteral: ['a=1', 'a=2'] } },
  { name: 'duplicate across literal and file', args: ['--from-file=pw.txt=s/pw.txt', '--from-literal=pw.txt=x'], o: { fromFile: ['pw.txt=s/pw.txt'], fromLiteral: ['pw.txt=x'] } },
  { name: 'invalid key', args: ['--from-literal=a b=1'], o: { fromLiteral: ['a b=1'] } },
  { name: 'env duplicate', args: ['--from-env-file=s/dup.env'], o: { fromEnvFile: ['s/dup.env'] } },
  { name: 'env is directory', args: ['--from-env-file=s/d'], o: { fromEnvFile: ['s/d'] } },
  { name: 'env combined with file', args: ['--from-env-file=s/app.env', '--from-file=s/pw.txt'], o: { fromEnvFile: ['s/app.env'], fromFile: ['s/pw.txt'] } },
  { name: 'missing file', args: ['--from-file=s/none'], o: { fromFile: ['s/none'] } },
  { name: 'bad literal', args: ['--from-literal=novalue'], o: { fromLiteral: ['novalue'] } },
];

describe('createSecretGeneric matches kubectl create secret generic', () => {
  for (const tc of generic) {
    it(tc.name, () => {
      expectSameAsKubectl(`secret-generic-${tc.name}`, ['create', 'secret', 'generic', 'db', ...tc.args], () => createSecretGeneric('db', tc.o, fixtureFs()));
    });
  }
});

const docker: { name: string; args: string[]; o: CreateSecretDockerRegistryOptions }[] = [
  { name: 'credentials', args: ['--docker-server=registry.example.com', '--docker-username=u', '--docker-password=p'], o: { dockerServer: 'registry.example.com', dockerUsername: 'u', dockerPassword: 'p' } },
  { name: 'default server and email', args: ['--docker-username=u', '--docker-password=p&<', '--docker-email=a@b.c'], o: { dockerUsername: 'u', dockerPassword: 'p&<', dockerEmail: 'a@b.c' } },
  { name: 'from file', args: ['--from-file=.dockerconfigjson=s/docker.json'], o: { fromFile: ['.dockerconfigjson=s/docker.json'] } },
  { name: 'append hash', args: ['--docker-username=u', '--docker-password=p', '--append-hash'], o: { dockerUsername: 'u', dockerPassword: 'p', appendHash: true } },
  { name: 'missing password', args: ['--docker-username=u'], o: { dockerUsername: 'u' } },
];

describe('createSecretDockerRegistry matches kubectl create secret docker-registry', () => {
  for (const tc of docker) {
    it(tc.name, () => {
      expectSameAsKubectl(`secret-docker-${tc.name}`, ['create', 'secret', 'docker-registry', 'regcred', ...tc.args], () => createSecretDockerRegistry('regcred', tc.o, fixtureFs()));
    });
  }
});

const tls: { name: string; args: string[]; o: CreateSecretTlsOptions }[] = [
  { name: 'rsa pair', args: ['--cert=tls/rsa.crt', '--key=tls/rsa.key'], o: { cert: 'tls/rsa.crt', key: 'tls/rsa.key' } },
  { name: 'ec pair with hash', args: ['--cert=tls/ec.crt', '--key=tls/ec.key', '--append-hash'], o: { cert: 'tls/ec.crt', key: 'tls/ec.key', appendHash: true } },
  { name: 'mismatched pair', args: ['--cert=tls/rsa.crt', '--key=tls/ec.key'], o: { cert: 'tls/rsa.crt', key: 'tls/ec.key' } },
  { name: 'same algorithm, other key', args: ['--cert=tls/rsa.crt', '--key=tls/other-rsa.key'], o: { cert: 'tls/rsa.crt', key: 'tls/other-rsa.key' } },
  { name: 'certificate as key', args: ['--cert=tls/rsa.crt', '--key=tls/rsa.crt'], o: { cert: 'tls/rsa.crt', key: 'tls/rsa.crt' } },
  { name: 'switched inputs', args: ['--cert=tls/rsa.key', '--key=tls/rsa.crt'], o: { cert: 'tls/rsa.key', key: 'tls/rsa.crt' } },
  { name: 'empty certificate', args: ['--cert=tls/empty', '--key=tls/rsa.key'], o: { cert: 'tls/empty', key: 'tls/rsa.key' } },
  { name: 'empty key', args: ['--cert=tls/rsa.crt', '--key=tls/empty'], o: { cert: 'tls/rsa.crt', key: 'tls/empty' } },
  { name: 'missing cert file', args: ['--cert=tls/none', '--key=tls/rsa.key'], o: { cert: 'tls/none', key: 'tls/rsa.key' } },
  { name: 'no key flag', args: ['--cert=tls/rsa.crt'], o: { cert: 'tls/rsa.crt' } },
];

describe('createSecretTls matches kubectl create secret tls', () => {
  for (const tc of tls) {
    it(tc.name, () => {
      expectSameAsKubectl(`secret-tls-${tc.name}`, ['create', 'secret', 'tls', 'tls1', ...tc.args], () => createSecretTls('tls1', tc.o, fixtureFs()));
    });
  }
});

describe('secrets', () => {
  it('omit type for generic secrets so the server defaults Opaque', () => {
    expect(createSecretGeneric('x', { fromLiteral: ['a=b'] }, fixtureFs())).not.toHaveProperty('type');
  });
});
