import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const SECRET = `apiVersion: v1
kind: Secret
metadata:
  name: bot-token
  annotations:
    kubernetes.io/service-account.name: bot
type: kubernetes.io/service-account-token
`;

describe('legacy token Secrets and KUBECONFIG', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('legacy', 7);
    // A user without a client certificate, for --token (beside the admin's certificate it would be the admin).
    expect(home.run('config set-credentials bearer').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('the token controller fills a service-account-token Secret, and its token authenticates while the Secret lives', () => {
    home.file('secret.yaml', SECRET);
    // A token Secret for an account that does not exist is deleted (tokens_controller's syncSecret).
    expect(home.run('apply -f secret.yaml').code).toBe(0);
    expect(home.run('get secret bot-token').stderr).toBe('Error from server (NotFound): secrets "bot-token" not found\n');
    expect(home.run('create sa bot').code).toBe(0);
    expect(home.run('apply -f secret.yaml').code).toBe(0);
    const data = JSON.parse(home.run(['get', 'secret', 'bot-token', '-o', 'jsonpath={.data}']).stdout);
    expect(Object.keys(data)).toEqual(['ca.crt', 'namespace', 'token']);
    expect(Buffer.from(data.namespace, 'base64').toString()).toBe('default');
    const token = Buffer.from(data.token, 'base64').toString();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const uid = home.run(['get', 'sa', 'bot', '-o', 'jsonpath={.metadata.uid}']).stdout;
    expect(claims).toEqual({
      iss: 'kubernetes/serviceaccount', 'kubernetes.io/serviceaccount/namespace': 'default', 'kubernetes.io/serviceaccount/secret.name': 'bot-token',
      'kubernetes.io/serviceaccount/service-account.name': 'bot', 'kubernetes.io/serviceaccount/service-account.uid': uid, sub: 'system:serviceaccount:default:bot',
    });
    expect(home.run(['get', 'secret', 'bot-token', '-o', 'jsonpath={.metadata.annotations.kubernetes\\.io/service-account\\.uid}']).stdout).toBe(uid);
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', token]).stdout).toContain('Username    system:serviceaccount:default:bot\n');
    expect(home.run('delete secret bot-token').code).toBe(0);
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', token]).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    // Deleting the account deletes its token Secrets.
    expect(home.run('apply -f secret.yaml').code).toBe(0);
    expect(home.run(['get', 'secret', 'bot-token', '-o', 'jsonpath={.type}']).stdout).toBe('kubernetes.io/service-account-token');
    expect(home.run('delete sa bot').code).toBe(0);
    expect(home.run('get secret bot-token').stderr).toBe('Error from server (NotFound): secrets "bot-token" not found\n');
  });

  it('merges the files of KUBECONFIG with the clusters\' own entries, first file first', () => {
    const a = home.file('a.yaml', 'apiVersion: v1\nkind: Config\ncurrent-context: ro\ncontexts:\n- name: ro\n  context: {cluster: legacy, user: nobody, namespace: kube-system}\nusers:\n- name: nobody\n  user: {}\n');
    const b = home.file('b.yaml', 'apiVersion: v1\nkind: Config\ncurrent-context: legacy\ncontexts:\n- name: ro\n  context: {cluster: elsewhere, user: x}\n');
    const env = { KUBECONFIG: [a, b].join(path.delimiter) };
    const run = (args: string) => {
      const old = { ...process.env };
      Object.assign(process.env, env);
      try { return home.run(args); } finally { process.env = old; }
    };
    expect(run('config get-contexts').stdout).toBe([
      'CURRENT   NAME     CLUSTER   AUTHINFO       NAMESPACE',
      '          legacy   legacy    legacy-admin   ',
      '*         ro       legacy    nobody         kube-system', '',
    ].join('\n'));
    // The user with no credentials is anonymous, in the context's namespace.
    expect(run('get pods').stderr).toBe('Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "kube-system"\n');
    expect(run('--context legacy auth whoami').stdout).toContain('Username    kubernetes-admin\n');
    expect(run('config set-credentials nobody --token=t').stdout).toBe('User "nobody" set.\n');
    expect(fs.readFileSync(a, 'utf8')).toContain('- name: nobody\n  user:\n    token: t\n');
    expect(run('config use-context legacy').stdout).toBe('Switched to context "legacy".\n');
    expect(fs.readFileSync(a, 'utf8')).toContain('current-context: legacy\n');
  });

  it('a KUBECONFIG whose context names a real cluster says so, and reaches nothing', () => {
    const real = home.file('real.yaml', 'apiVersion: v1\nkind: Config\ncurrent-context: prod\nclusters:\n- name: prod-aks\n  cluster: {server: "https://10.1.2.3:6443"}\ncontexts:\n- name: prod\n  context: {cluster: prod-aks, user: me}\nusers:\n- name: me\n  user: {token: abc}\n');
    const r = home.run(['get', 'pods', '--kubeconfig', real]);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'error: context "prod" names cluster "prod-aks", which is not a kubemu cluster; create it with \'kubemu cluster create prod-aks\' or pick another context with \'kubectl config use-context\'\n' });
    // Another context of the same files still works.
    expect(home.run(['get', 'pods', '--kubeconfig', real, '--context', 'legacy']).code).toBe(0);
  });
});
