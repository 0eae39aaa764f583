/**
 * kubeadm's bootstrap tokens through the real CLI: the token `kubeadm init` leaves, `kubeadm
 * token create|list|delete` on the control plane, the token as a credential (system:bootstrap:<id>
 * with kubeadm's RBAC), the bootstrap signer's signatures on cluster-info and the token cleaner
 * deleting a token when it expires.
 */
import * as crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const HEADER = 'TOKEN                     TTL         EXPIRES                USAGES                   DESCRIPTION                                                EXTRA GROUPS';
const GROUP = 'system:bootstrappers:kubeadm:default-node-token';

describe('kubeadm bootstrap tokens', () => {
  const home = manualCluster('kubeadmtoken', 9);
  afterAll(() => home.cleanup());
  const kubeadm = (args: string) => home.run(['ssh', 'control01', '--', `kubeadm ${args}`]);
  const signatures = () => Object.keys(JSON.parse(home.run(['get', 'cm', '-n', 'kube-public', 'cluster-info', '-o', 'jsonpath={.data}']).stdout)).filter((k) => k !== 'kubeconfig');
  let initToken = '';

  it('kubeadm init left a 24 h token for joining nodes, listed as kubeadm lists it', () => {
    const list = kubeadm('token list');
    const lines = list.stdout.split('\n');
    expect(lines[0]).toBe(HEADER);
    initToken = lines[1]!.slice(0, 23);
    expect(initToken).toMatch(/^[a-z0-9]{6}\.[a-z0-9]{16}$/);
    expect(lines.slice(1)).toEqual([`${initToken}   23h         2026-01-02T00:00:00Z   authentication,signing   <none>${' '.repeat(53)}${GROUP}`, '']);
    // --help, wherever it stands, only prints.
    expect(kubeadm('token create --help').stdout).toBe('Usage:\n  kubeadm token create [flags]\n');
    expect(kubeadm('token --ttl 1h create -h').code).toBe(0);
    expect(home.run('get secrets -n kube-system').stdout).toBe(`NAME                     TYPE                            DATA   AGE\nbootstrap-token-${initToken.slice(0, 6)}   bootstrap.kubernetes.io/token   6      5m\n`);
  });

  it('publishes cluster-info with the cluster CA, signed with the token for kubeadm join', () => {
    const cm = JSON.parse(home.run('get cm -n kube-public cluster-info -o json').stdout);
    const ca = home.run(['config', 'view', '--raw', '-o', 'jsonpath={.clusters[0].cluster.certificate-authority-data}']).stdout;
    expect(cm.data.kubeconfig).toBe(`apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: ${ca}\n    server: https://172.18.0.2:6443\n  name: ""\ncontexts: null\ncurrent-context: ""\nkind: Config\npreferences: {}\nusers: null\n`);
    const [id, secret] = initToken.split('.') as [string, string];
    const header = Buffer.from(`{"alg":"HS256","kid":"${id}"}`).toString('base64url');
    const mac = crypto.createHmac('sha256', secret).update(`${header}.${Buffer.from(cm.data.kubeconfig).toString('base64url')}`).digest('base64url');
    expect(cm.data[`jws-kubeconfig-${id}`]).toBe(`${header}..${mac}`);
    // The join command pins the same CA's public key.
    const spki = new crypto.X509Certificate(Buffer.from(ca, 'base64')).publicKey.export({ type: 'spki', format: 'der' });
    const pin = crypto.createHash('sha256').update(spki).digest('hex');
    expect(kubeadm('token create --print-join-command').stdout).toMatch(new RegExp(`^kubeadm join 172\\.18\\.0\\.2:6443 --token [a-z0-9]{6}\\.[a-z0-9]{16} --discovery-token-ca-cert-hash sha256:${pin} \\n$`));
  });

  it('authenticates a request with the token as system:bootstrap:<id>, allowed what kubeadm binds', () => {
    const id = initToken.slice(0, 6);
    // A user without a client certificate: beside the admin's, the token would not be looked at.
    expect(home.run('config set-credentials bearer').code).toBe(0);
    expect(home.run(['--user', 'bearer', '--token', initToken, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo}']).stdout)
      .toBe(`{"groups":["system:bootstrappers","${GROUP}","system:authenticated"],"username":"system:bootstrap:${id}"}`);
    expect(home.run(['--user', 'bearer', '--token', initToken, 'get', 'node', 'control01', '-o', 'name']).stdout).toBe('node/control01\n');
    expect(home.run(['--user', 'bearer', '--token', initToken, 'get', 'nodes']).stderr)
      .toBe(`Error from server (Forbidden): nodes is forbidden: User "system:bootstrap:${id}" cannot list resource "nodes" in API group "" at the cluster scope\n`);
    expect(home.run(['--user', 'bearer', '--token', initToken, 'auth', 'can-i', 'create', 'certificatesigningrequests']).stdout).toBe('yes\n');
    expect(home.run(['--user', 'bearer', '--token', `${id}.0000000000000000`, 'get', 'node', 'control01'])).toEqual({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 });
  });

  it('lets anyone read cluster-info, joining nodes kubeadm\'s ConfigMaps, and the controllers their Roles', () => {
    const canI = (as: string, args: string) => home.run(`auth can-i ${args} --as ${as}`).stdout.trim();
    expect(canI('system:anonymous', 'get configmap/cluster-info -n kube-public')).toBe('yes');
    expect(canI('system:anonymous', 'get configmap/kube-root-ca.crt -n kube-public')).toBe('no');
    expect(canI('system:bootstrap:abcdef --as-group system:bootstrappers:kubeadm:default-node-token', 'get configmap/kubeadm-config -n kube-system')).toBe('yes');
    expect(canI('system:node:worker01 --as-group system:nodes', 'get configmap/kubelet-config -n kube-system')).toBe('yes');
    expect(canI('system:serviceaccount:kube-system:token-cleaner', 'delete secrets -n kube-system')).toBe('yes');
    expect(canI('system:serviceaccount:kube-system:token-cleaner', 'delete secrets -n default')).toBe('no');
    expect(home.run('get roles -n kube-public').stdout).toBe(`NAME                                   CREATED AT
kubeadm:bootstrap-signer-clusterinfo   2026-01-01T00:00:00Z
system:controller:bootstrap-signer     2026-01-01T00:00:00Z
`);
  });

  it('creates tokens as asked, refuses bad ones with kubeadm\'s words, and deletes them', () => {
    expect(kubeadm('token create abcdef.0123456789abcdef --ttl 0 --usages signing --groups ""').stdout).toBe('abcdef.0123456789abcdef\n');
    expect(kubeadm('token create abcdef.0123456789abcdef')).toEqual({ stdout: '', stderr: 'a token with id "abcdef" already exists\nTo see the stack trace of this error execute with --v=5 or higher\n', code: 1 });
    expect(kubeadm('token create ABC.def').stderr).toBe('the bootstrap token "ABC.def" was not of the form "\\\\A([a-z0-9]{6})\\\\.([a-z0-9]{16})\\\\z"\nTo see the stack trace of this error execute with --v=5 or higher\n');
    const invalid = kubeadm('token create --usages authentication,bogus');
    expect(invalid.code).toBe(3);
    expect(invalid.stderr.split('\n')[0]).toBe('bootstrapTokens.0.usages: Invalid value: []string{"authentication", "bogus"}: invalid bootstrap token usage string: bogus, valid usage options: signing,authentication');
    // The default group needs the authentication usage: both complaints come at once.
    expect(kubeadm('token create --usages signing,bogus').stderr.split('\n')[0]).toMatch(/^\[bootstrapTokens\.0\.usages: .*, bootstrapTokens\.0\.groups: Invalid value: \[\]string\{"system:bootstrappers:kubeadm:default-node-token"\}: token groups cannot be specified unless --usages includes "authentication"\]$/);
    const made = kubeadm(`token create --ttl 90m --description 'for worker03'`).stdout.trim();
    // The seeded tokens: kubeadm init's saldcc, the join command's 0pi3ok, this one bcl2o2. Secrets list
    // by name; each token has a tabwriter of its own, and the header shares the first's.
    expect([initToken, made]).toEqual(['saldcc.igivnm89xmb78mm6', 'bcl2o2.1loe0nicao0unrqp']);
    expect(kubeadm('token list').stdout).toBe([
      HEADER,
      `0pi3ok.bqhxligc555ezv9r   23h         2026-01-02T00:05:00Z   authentication,signing   <none>${' '.repeat(53)}${GROUP}`,
      `abcdef.0123456789abcdef   <forever>   <never>   signing                  <none>${' '.repeat(53)}<none>`,
      `bcl2o2.1loe0nicao0unrqp   1h          2026-01-01T01:35:00Z   authentication,signing   for worker03${' '.repeat(47)}${GROUP}`,
      `saldcc.igivnm89xmb78mm6   23h         2026-01-02T00:00:00Z   authentication,signing   <none>${' '.repeat(53)}${GROUP}`,
      '',
    ].join('\n'));
    expect(signatures()).toEqual(['jws-kubeconfig-0pi3ok', 'jws-kubeconfig-abcdef', 'jws-kubeconfig-bcl2o2', 'jws-kubeconfig-saldcc']);
    expect(kubeadm('token delete abcdef.0123456789abcdef nosuch')).toEqual({
      stdout: 'bootstrap token "abcdef" deleted\n',
      stderr: 'failed to delete bootstrap token "nosuch": secrets "bootstrap-token-nosuch" not found\nTo see the stack trace of this error execute with --v=5 or higher\n', code: 1,
    });
    expect(signatures()).not.toContain('jws-kubeconfig-abcdef');
  });

  it('deletes a token, and its signature, when it expires', () => {
    // Left: kubeadm init's (expiring at 00:00), the join command's (00:05) and 'for worker03' (01:35).
    const ids = () => home.run(['get', 'secrets', '-n', 'kube-system', '-o', 'jsonpath={range .items[*]}{.data.token-id}{" "}{end}']).stdout
      .trim().split(' ').filter(Boolean).map((b) => Buffer.from(b, 'base64').toString());
    const left = ids();
    expect(left).toHaveLength(3);
    expect(signatures()).toEqual(left.map((id) => `jws-kubeconfig-${id}`));
    expect(home.run('tick 89m').code).toBe(0);
    expect(ids()).toEqual(left);
    expect(home.run('tick 1m').code).toBe(0);
    const twoLeft = ids();
    expect(twoLeft).toHaveLength(2);
    expect(twoLeft).toContain(initToken.slice(0, 6));
    expect(signatures()).toEqual(twoLeft.map((id) => `jws-kubeconfig-${id}`));
    expect(home.run('tick 22h25m').code).toBe(0);
    expect(ids()).toEqual(twoLeft.filter((id) => id !== initToken.slice(0, 6)));
    expect(home.run('tick 5m').code).toBe(0);
    expect(home.run('get secrets -n kube-system').stderr).toBe('No resources found in kube-system namespace.\n');
    expect(signatures()).toEqual([]);
    expect(kubeadm('token list')).toEqual({ stdout: '', stderr: '', code: 0 });
  });
});
