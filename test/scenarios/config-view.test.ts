import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('config view --raw, --flatten, --minify, -o json', () => {
  const home = manualCluster('one', 7);
  afterAll(() => home.cleanup());

  it('omits byte data by default and shows it with --raw or --flatten', () => {
    const plain = home.run('config view').stdout;
    expect(plain).toContain('    certificate-authority-data: DATA+OMITTED\n');
    expect(plain).toContain('    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n');
    for (const flag of ['--raw', '--flatten']) {
      const cfg = home.run(`config view ${flag}`).stdout;
      const ca = /certificate-authority-data: (\S+)/.exec(cfg)![1]!;
      expect(Buffer.from(ca, 'base64').toString()).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]*-----END CERTIFICATE-----\n$/);
      // The CA is the one every namespace's kube-root-ca.crt carries.
      expect(Buffer.from(ca, 'base64').toString()).toBe(home.run(['get', 'cm', 'kube-root-ca.crt', '-o', 'jsonpath={.data.ca\\.crt}']).stdout);
      const key = /client-key-data: (\S+)/.exec(cfg)![1]!;
      expect(Buffer.from(key, 'base64').toString()).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    }
  });

  it('--minify keeps only the current context', () => {
    expect(home.run('cluster create two --clock manual --seed 7').code).toBe(0);
    expect(home.run('config use-context one').code).toBe(0);
    expect(home.run('config view').stdout.match(/^  name: /gm)).toHaveLength(4);
    const min = home.run('config view --minify');
    expect(min.stdout).toBe([
      'apiVersion: v1', 'clusters:', '- cluster:', '    certificate-authority-data: DATA+OMITTED', '    server: https://172.18.0.2:6443', '  name: one',
      'contexts:', '- context:', '    cluster: one', '    user: one-admin', '  name: one', 'current-context: one', 'kind: Config', 'preferences: {}',
      'users:', '- name: one-admin', '  user:', '    client-certificate-data: DATA+OMITTED', '    client-key-data: DATA+OMITTED', '',
    ].join('\n'));
  });

  it('-o json keeps v1.Config\'s field order', () => {
    const r = home.run('config view --minify -o json');
    expect(r.stdout.startsWith('{\n    "kind": "Config",\n    "apiVersion": "v1",\n    "preferences": {},\n    "clusters": [\n        {\n            "name": "one",\n')).toBe(true);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['kind', 'apiVersion', 'preferences', 'clusters', 'users', 'contexts', 'current-context']);
  });
});
