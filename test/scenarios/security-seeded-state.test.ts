import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome, type TempHome } from '../helpers/run-cli';

// 32 bytes of 'k', base64: an aesgcm key.
const ENCRYPTION = `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
- resources: [secrets]
  providers:
  - aesgcm:
      keys:
      - name: key1
        secret: a2tra2tra2tra2tra2tra2tra2tra2tra2tra2tra2s=
  - identity: {}
`;

describe('two clusters created with one seed', () => {
  const homes: TempHome[] = [];
  afterAll(() => { for (const h of homes) h.cleanup(); });

  it('have the same service-account key, tokens and state file, encrypted Secrets included', () => {
    const outputs = [0, 1].map(() => {
      const home = tempHome();
      homes.push(home);
      const config = home.file('enc.yaml', ENCRYPTION);
      expect(home.run(`cluster create twin --clock manual --seed 11 --encryption-config ${config}`).code).toBe(0);
      expect(home.run('create secret generic s --from-literal=password=hunter2').code).toBe(0);
      const token = home.run('create token default');
      expect(token.code).toBe(0);
      return { token: token.stdout, state: fs.readFileSync(path.join(home.dir, 'clusters', 'twin', 'state.db')) };
    });
    expect(outputs[1]!.token).toBe(outputs[0]!.token);
    expect(outputs[1]!.state.equals(outputs[0]!.state)).toBe(true);
  });

  it('publish the cluster CA itself in kube-root-ca.crt, legacy token Secrets and the kubeconfig', () => {
    const home = homes[0]!;
    const pem = home.run(['get', 'cm', 'kube-root-ca.crt', '-n', 'kube-public', '-o', 'jsonpath={.data.ca\\.crt}']).stdout;
    const ca = new crypto.X509Certificate(pem);
    expect([ca.subject, ca.issuer, ca.ca, ca.verify(ca.publicKey)]).toEqual(['CN=kubernetes', 'CN=kubernetes', true, true]);
    const raw = home.run('config view --raw').stdout;
    expect(Buffer.from(/certificate-authority-data: (\S+)/.exec(raw)![1]!, 'base64').toString('utf8')).toBe(pem);
    expect(home.run('create ns fresh').code).toBe(0);
    expect(home.run(['get', 'cm', 'kube-root-ca.crt', '-n', 'fresh', '-o', 'jsonpath={.data.ca\\.crt}']).stdout).toBe(pem);
    // An edited copy is put back.
    expect(home.run(['patch', 'cm', 'kube-root-ca.crt', '--type=merge', '-p', '{"data":{"ca.crt":"x"}}']).code).toBe(0);
    expect(home.run(['get', 'cm', 'kube-root-ca.crt', '-o', 'jsonpath={.data.ca\\.crt}']).stdout).toBe(pem);
    home.file('tok.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: tok\n  annotations:\n    kubernetes.io/service-account.name: default\ntype: kubernetes.io/service-account-token\n');
    expect(home.run('apply -f tok.yaml').code).toBe(0);
    expect(Buffer.from(home.run(['get', 'secret', 'tok', '-o', 'jsonpath={.data.ca\\.crt}']).stdout, 'base64').toString('utf8')).toBe(pem);
  });
});
