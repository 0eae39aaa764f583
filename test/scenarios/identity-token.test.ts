import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  serviceAccountName: bot
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: quiet
spec:
  automountServiceAccountToken: false
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
`;

describe('service-account tokens', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('tokens', 7);
    expect(home.run('create sa bot').code).toBe(0);
    // A user without a client certificate: --token beside the admin's certificate would be the admin.
    expect(home.run('config set-credentials bearer').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('create token prints an RS256 JWT with kube-apiserver\'s claims, valid for an hour', () => {
    const r = home.run('create token bot');
    expect(r.code).toBe(0);
    const token = r.stdout.trim();
    expect(headerOf(token)).toEqual({ alg: 'RS256', kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const c = claimsOf(token);
    const uid = home.run(['get', 'sa', 'bot', '-o', 'jsonpath={.metadata.uid}']).stdout;
    expect(Object.keys(c)).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
    expect(c).toMatchObject({
      aud: ['https://kubernetes.default.svc.cluster.local'], iss: 'https://kubernetes.default.svc.cluster.local',
      sub: 'system:serviceaccount:default:bot', 'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'bot', uid } },
    });
    expect(c.exp - c.iat).toBe(3600);
    expect(c.nbf).toBe(c.iat);
    // The same request at the same simulated instant gives the same token.
    expect(home.run('create token bot').stdout).toBe(r.stdout);
    const audiences = claimsOf(home.run('create token bot --audience a --audience b --duration 2h').stdout.trim());
    expect(audiences.aud).toEqual(['a', 'b']);
    expect(audiences.exp - audiences.iat).toBe(7200);
  });

  it('authenticates as the service account with --token and through a kubeconfig token user', () => {
    const token = home.run('create token bot').stdout.trim();
    const uid = home.run(['get', 'sa', 'bot', '-o', 'jsonpath={.metadata.uid}']).stdout;
    const jti = claimsOf(token).jti;
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', token]).stdout).toBe([
      'ATTRIBUTE                                           VALUE',
      'Username                                            system:serviceaccount:default:bot',
      `UID                                                 ${uid}`,
      'Groups                                              [system:serviceaccounts system:serviceaccounts:default system:authenticated]',
      `Extra: authentication.kubernetes.io/credential-id   [JTI=${jti}]`, '',
    ].join('\n'));
    // kubectl sends the user's client certificate beside --token, and kube-apiserver tries it first.
    expect(home.run(['auth', 'whoami', '--token', token]).stdout).toBe('ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n');
    expect(home.run(['get', 'pods', '--user', 'bearer', '--token', token]).stderr)
      .toBe('Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:bot" cannot list resource "pods" in API group "" in the namespace "default"\n');
    expect(home.run('create rolebinding bot-view --clusterrole=view --serviceaccount=default:bot').code).toBe(0);
    expect(home.run(['get', 'sa', '--user', 'bearer', '--token', token]).code).toBe(0);
    expect(home.run(['config', 'set-credentials', 'bot', `--token=${token}`]).stdout).toBe('User "bot" set.\n');
    expect(home.run('--user bot auth can-i list pods').stdout).toBe('yes\n');
    expect(home.run('--user bot auth can-i delete pods').stdout).toBe('no\n');
  });

  it('refuses a forged, expired or orphaned token with Unauthorized', () => {
    const UNAUTHORIZED = { stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 };
    const token = home.run('create token bot --duration 10m').stdout.trim();
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claimsOf(token), sub: 'system:serviceaccount:kube-system:admin' })).toString('base64url')}.${s}`;
    expect(home.run(['get', 'pods', '--user', 'bearer', '--token', forged])).toEqual(UNAUTHORIZED);
    expect(home.run(['get', 'pods', '--user', 'bearer', '--token', 'not-a-jwt'])).toEqual(UNAUTHORIZED);
    expect(home.run('tick 11m').code).toBe(0);
    expect(home.run(['get', 'pods', '--user', 'bearer', '--token', token])).toEqual(UNAUTHORIZED);
    expect(home.run('create sa temp').code).toBe(0);
    const temp = home.run('create token temp').stdout.trim();
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', temp]).code).toBe(0);
    expect(home.run('delete sa temp').code).toBe(0);
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', temp])).toEqual(UNAUTHORIZED);
  });

  it('gives TokenRequest\'s and kubectl\'s errors', () => {
    expect(home.run('create token nope')).toEqual({ stdout: '', stderr: 'error: failed to create token: serviceaccounts "nope" not found\n', code: 1 });
    expect(home.run('create token bot --duration 5m').stderr)
      .toBe('error: failed to create token: TokenRequest.authentication.k8s.io "bot" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n');
    expect(home.run('create token bot --bound-object-kind Pod --bound-object-name ghost').stderr).toBe('error: failed to create token: pods "ghost" not found\n');
    expect(home.run('create token bot --bound-object-kind Foo').stderr).toBe('error: supported --bound-object-kind values are Node, Pod, Secret\n');
    expect(home.run('create token bot --bound-object-name x').stderr).toBe('error: --bound-object-name can only be set if --bound-object-kind is provided\n');
    expect(home.run('create token bot --duration=1.5s').stderr).toBe('error: --duration cannot be expressed in units less than seconds\n');
    expect(home.run('create token bot --duration=-1s').stderr).toBe('error: --duration must be greater than or equal to 0\n');
    expect(home.run(['create', 'token', 'bot', '--audience=']).stderr).toBe('error: --audience must not be an empty string\n');
    expect(home.run('create token').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create token -h' for help and examples\n");
  });

  it('a pod\'s projected token file is a valid token bound to the pod; automountServiceAccountToken: false mounts none', () => {
    home.file('pods.yaml', POD);
    expect(home.run('apply -f pods.yaml').code).toBe(0);
    expect(home.run('wait --for=condition=Ready pod/app pod/quiet --timeout=60s').code).toBe(0);
    const token = home.run('exec app -- cat /var/run/secrets/kubernetes.io/serviceaccount/token').stdout;
    const c = claimsOf(token);
    const podUid = home.run(['get', 'pod', 'app', '-o', 'jsonpath={.metadata.uid}']).stdout;
    expect(c['kubernetes.io'].pod).toEqual({ name: 'app', uid: podUid });
    expect(c.exp - c.iat).toBe(3607);
    const who = home.run(['auth', 'whoami', '--user', 'bearer', '--token', token]).stdout;
    expect(who).toContain('Username                                            system:serviceaccount:default:bot\n');
    expect(who).toContain(`Extra: authentication.kubernetes.io/pod-name        [app]\n`);
    expect(home.run('exec quiet -- ls /var/run/secrets/kubernetes.io/serviceaccount')).toMatchObject({ code: 1 });
    // Deleting the pod ends its token.
    expect(home.run('delete pod app --grace-period=0 --force').code).toBe(0);
    expect(home.run(['auth', 'whoami', '--user', 'bearer', '--token', token]).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
  });
});
