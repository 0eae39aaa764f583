import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

const TLS = '--cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key';
const KEY1 = Buffer.alloc(32, 1).toString('base64');
const KEY2 = Buffer.alloc(32, 2).toString('base64');

function config(providers: string): string {
  return `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
  - resources:
      - secrets
    providers:
${providers}`;
}
const AESCBC = `      - aescbc:
          keys:
            - name: key1
              secret: ${KEY1}
      - identity: {}
`;
const AESGCM_FIRST = `      - aesgcm:
          keys:
            - name: key2
              secret: ${KEY2}
      - aescbc:
          keys:
            - name: key1
              secret: ${KEY1}
      - identity: {}
`;

/** stateBytes is everything the state file holds on disk: the database and its write-ahead log. */
function stateBytes(dir: string): Buffer {
  const base = path.join(dir, 'clusters', 'lab', 'state.db');
  return Buffer.concat(['', '-wal'].filter((s) => fs.existsSync(base + s)).map((s) => fs.readFileSync(base + s)));
}

describe('encryption at rest', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('encrypts the resources the configuration names with its first provider', () => {
    home.file('enc.yaml', config(AESCBC));
    expect(home.run('cluster create lab --clock manual --workers 1 --encryption-config enc.yaml').code).toBe(0);
    expect(fs.statSync(path.join(home.dir, 'clusters', 'lab', 'encryption-config.yaml')).mode & 0o777).toBe(0o600);
    expect(home.run('create secret generic db --from-literal=password=hunter2-plaintext').code).toBe(0);
    expect(home.run('create configmap settings --from-literal=colour=plain-configmap-value').code).toBe(0);
    const raw = stateBytes(home.dir);
    expect(raw.includes('hunter2-plaintext')).toBe(false);
    expect(raw.includes(Buffer.from('hunter2-plaintext').toString('base64'))).toBe(false);
    expect(raw.includes('plain-configmap-value')).toBe(true);
    // Readable through the API.
    expect(home.run('get secret db -o jsonpath={.data.password}').stdout).toBe(Buffer.from('hunter2-plaintext').toString('base64'));
    const value = home.run(`etcdctl ${TLS} get /registry/secrets/default/db`).stdout;
    expect(value.startsWith('/registry/secrets/default/db\nk8s:enc:aescbc:v1:key1:')).toBe(true);
    expect(home.run(`etcdctl ${TLS} get /registry/configmaps/default/settings --print-value-only`).stdout).toMatch(/^\{"apiVersion":"v1","kind":"ConfigMap"/);
  });

  it('a new first provider writes from then on; replace re-encrypts what is stored; old keys still read', () => {
    home.file('enc2.yaml', config(AESGCM_FIRST));
    expect(home.run('cluster set lab --encryption-config enc2.yaml').stdout).toBe('cluster/lab configured\n');
    expect(home.run(`etcdctl ${TLS} get /registry/secrets/default/db --print-value-only`).stdout.startsWith('k8s:enc:aescbc:v1:key1:')).toBe(true);
    expect(home.run('get secret db -o jsonpath={.data.password}').stdout).toBe(Buffer.from('hunter2-plaintext').toString('base64'));
    const json = home.run('get secrets -A -o json').stdout;
    expect(home.run('replace -f -', { stdin: json }).code).toBe(0);
    expect(home.run(`etcdctl ${TLS} get /registry/secrets/default/db --print-value-only`).stdout.startsWith('k8s:enc:aesgcm:v1:key2:')).toBe(true);
    expect(home.run('get secret db -o jsonpath={.data.password}').stdout).toBe(Buffer.from('hunter2-plaintext').toString('base64'));
  });

  it('secretbox writes k8s:enc:secretbox:v1: and reads back; its keys are 32 bytes', () => {
    home.file('box.yaml', config(`      - secretbox:
          keys:
            - name: boxkey
              secret: ${KEY1}
      - aesgcm:
          keys:
            - name: key2
              secret: ${KEY2}
`));
    expect(home.run('cluster set lab --encryption-config box.yaml').stdout).toBe('cluster/lab configured\n');
    expect(home.run('create secret generic boxed --from-literal=pin=box-plaintext-4711').code).toBe(0);
    const raw = stateBytes(home.dir);
    expect(raw.includes('box-plaintext-4711')).toBe(false);
    expect(raw.includes(Buffer.from('box-plaintext-4711').toString('base64'))).toBe(false);
    expect(home.run(`etcdctl ${TLS} get /registry/secrets/default/boxed --print-value-only`).stdout.startsWith('k8s:enc:secretbox:v1:boxkey:')).toBe(true);
    expect(home.run('get secret boxed -o jsonpath={.data.pin}').stdout).toBe(Buffer.from('box-plaintext-4711').toString('base64'));
    // The aesgcm key still reads what it wrote before.
    expect(home.run('get secret db -o jsonpath={.data.password}').stdout).toBe(Buffer.from('hunter2-plaintext').toString('base64'));
    home.file('box16.yaml', config(`      - secretbox:
          keys:
            - name: k
              secret: ${Buffer.alloc(16, 3).toString('base64')}
`));
    expect(home.run('cluster set lab --encryption-config box16.yaml').stderr).toMatch(/^error: invalid encryption configuration ".*box16\.yaml": resources\[0\]\.providers\[0\]\.secretbox\.keys\[0\]\.secret: Invalid value: "REDACTED": secret is not of the expected length, got 16, expected one of \[32\]\n$/);
  });

  it('refuses what it cannot honour with one line', () => {
    home.file('kms.yaml', config(`      - kms:
          apiVersion: v2
          name: vault
          endpoint: unix:///var/run/kms.sock
`));
    const r = home.run('cluster set lab --encryption-config kms.yaml');
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toMatch(/^error: invalid encryption configuration ".*kms\.yaml": resources\[0\]\.providers\[0\]\.kms: Unsupported value: kubemu implements identity, aescbc, aesgcm and secretbox\n$/);
    home.file('short.yaml', config(`      - aescbc:
          keys:
            - name: k
              secret: c2hvcnQ=
`));
    expect(home.run('cluster create other --encryption-config short.yaml').stderr).toMatch(/secret is not of the expected length, got 5, expected one of \[16 24 32\]\n$/);
    expect(home.run('cluster list').stdout).not.toMatch(/other/);
    expect(home.run('cluster set lab --encryption-config missing.yaml').stderr).toMatch(/^error: open .*missing\.yaml: no such file or directory\n$/);
  });
});
