import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// Pods in default and in monitoring, a Service in front of nginx, then the policies a CKA
// task asks for: default-deny ingress, an allow rule for exactly the right pods and port
// (with a namespaceSelector), a deny-all egress that breaks DNS, and the egress rule to
// kube-dns that fixes it. Denied connections time out (Calico drops), closed ports refuse.
const PODS = `apiVersion: v1
kind: Namespace
metadata: {name: monitoring}
---
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports: [{name: http, containerPort: 80}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: http}]
---
apiVersion: v1
kind: Pod
metadata: {name: client, labels: {role: client}}
spec:
  containers: [{name: c, image: busybox:1.36, command: ["sleep", "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: other}
spec:
  containers: [{name: c, image: busybox:1.36, command: ["sleep", "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: frontend, labels: {role: client}}
spec:
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: prom, namespace: monitoring, labels: {app: prom}}
spec:
  containers: [{name: c, image: busybox:1.36, command: ["sleep", "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: intruder, namespace: monitoring}
spec:
  containers: [{name: c, image: busybox:1.36, command: ["sleep", "3600"]}]
`;

const DEFAULT_DENY_INGRESS = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: default-deny-ingress}
spec:
  podSelector: {}
  policyTypes: [Ingress]
`;

// One rule, two peers: role=client pods of default OR app=prom pods of monitoring (that
// peer ANDs its namespaceSelector and podSelector), on the named port http only.
const ALLOW_WEB = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-web}
spec:
  podSelector: {matchLabels: {app: web}}
  ingress:
  - from:
    - podSelector: {matchLabels: {role: client}}
    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: monitoring}}
      podSelector: {matchLabels: {app: prom}}
    ports: [{port: http}]
`;

const DENY_EGRESS = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: deny-egress}
spec:
  podSelector: {matchLabels: {role: client}}
  policyTypes: [Egress]
`;

const ALLOW_DNS = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-dns}
spec:
  podSelector: {matchLabels: {role: client}}
  policyTypes: [Egress]
  egress:
  - to:
    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: kube-system}}
      podSelector: {matchLabels: {k8s-app: kube-dns}}
    ports: [{port: 53, protocol: UDP}, {port: 53, protocol: TCP}]
`;

const ALLOW_EGRESS_WEB = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-egress-web}
spec:
  podSelector: {matchLabels: {role: client}}
  policyTypes: [Egress]
  egress:
  - to: [{podSelector: {matchLabels: {app: web}}}]
    ports: [{port: 80}]
`;

const NGINX_PAGE = /^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/;
const exitCode = (n: number) => `command terminated with exit code ${n}\n`;

function setup(name: string): { home: TempHome; webIP: string; svcIP: string } {
  const home = manualCluster(name, 7);
  expect(home.run(['apply', '-f', home.file('pods.yaml', PODS)]).code).toBe(0);
  home.run('tick 1m');
  return {
    home,
    webIP: home.run(['get', 'pod', 'web', '-o', 'jsonpath={.status.podIP}']).stdout,
    svcIP: home.run(['get', 'svc', 'web', '-o', 'jsonpath={.spec.clusterIP}']).stdout,
  };
}

describe('NetworkPolicy: default-deny ingress, then an allow rule', () => {
  let home: TempHome;
  let webIP: string;
  let svcIP: string;
  beforeAll(() => { ({ home, webIP, svcIP } = setup('netpol')); });
  afterAll(() => home.cleanup());

  it('lets everything through before any policy', () => {
    expect(home.run('exec client -- wget -qO- http://web').stdout).toMatch(NGINX_PAGE);
    expect(home.run('exec -n monitoring intruder -- wget -qO- http://web.default').stdout).toMatch(NGINX_PAGE);
    expect(home.run('netcheck pod/other svc/web')).toEqual({
      stdout: [
        'FROM            TO            PORT     VERDICT   EGRESS (FROM)             INGRESS (TO)',
        'default/other   default/web   80/TCP   allowed   not isolated for egress   not isolated for ingress',
        '',
      ].join('\n'),
      stderr: '', code: 0,
    });
  });

  it('drops every connection into the namespace once default-deny-ingress exists: timeouts, not refusals', () => {
    expect(home.run(['apply', '-f', home.file('deny.yaml', DEFAULT_DENY_INGRESS)]).stdout).toBe('networkpolicy.networking.k8s.io/default-deny-ingress created\n');
    expect(home.run('exec client -- wget -qO- -T 2 http://web')).toEqual({ stdout: '', stderr: `wget: download timed out\n${exitCode(1)}`, code: 1 });
    expect(home.run('exec client -- wget -O- http://web')).toEqual({
      stdout: '', code: 1,
      stderr: `Connecting to web (${svcIP}:80)\nwget: can't connect to remote host (${svcIP}): Connection timed out\n${exitCode(1)}`,
    });
    expect(home.run('exec frontend -- curl -m 5 http://web')).toEqual({ stdout: '', stderr: `curl: (28) Connection timed out after 5000 milliseconds\n${exitCode(28)}`, code: 28 });
    expect(home.run(`exec frontend -- curl ${webIP}`)).toEqual({
      stdout: '', code: 28,
      stderr: `curl: (28) Failed to connect to ${webIP} port 80 after 127000 ms: Couldn't connect to server\n${exitCode(28)}`,
    });
    expect(home.run('exec client -- nc -z -w 2 web 80')).toEqual({ stdout: '', stderr: exitCode(1), code: 1 });
    // Egress is not isolated: the other direction is judged by the client's own ingress.
    expect(home.run('netcheck pod/web pod/client:8080').stdout).toContain('denied    not isolated for egress   denied: isolated by default/default-deny-ingress; no ingress rule matches\n');
  });

  it('opens exactly the allowed pods and port, in both directions and across namespaces', () => {
    expect(home.run(['apply', '-f', home.file('allow.yaml', ALLOW_WEB)]).code).toBe(0);
    expect(home.run('exec client -- wget -qO- http://web').stdout).toMatch(NGINX_PAGE);
    expect(home.run('exec frontend -- curl -s http://web.default.svc.cluster.local').stdout).toMatch(NGINX_PAGE);
    expect(home.run('exec -n monitoring prom -- wget -qO- http://web.default').stdout).toMatch(NGINX_PAGE);
    // The same namespace as prom but not app=prom: the peer ANDs its two selectors.
    expect(home.run('exec -n monitoring intruder -- wget -qO- -T 1 http://web.default')).toEqual({ stdout: '', stderr: `wget: download timed out\n${exitCode(1)}`, code: 1 });
    expect(home.run('exec other -- wget -qO- -T 1 http://web')).toEqual({ stdout: '', stderr: `wget: download timed out\n${exitCode(1)}`, code: 1 });
    // An allowed pod on a port the rule does not name: dropped, so a timeout; -v says so.
    expect(home.run(`exec client -- nc -zv -w 1 ${webIP} 8080`)).toEqual({ stdout: '', stderr: `nc: ${webIP} (${webIP}:8080): Connection timed out\n${exitCode(1)}`, code: 1 });
    expect(home.run(`exec client -- nc -zv -w 1 ${webIP} 80`)).toEqual({ stdout: '', stderr: `${webIP} (${webIP}:80) open\n`, code: 0 });
    // The reverse direction stays closed: client is isolated by default-deny-ingress.
    expect(home.run('netcheck pod/web pod/client:80').code).toBe(1);

    const r = home.run('netcheck deploy/nothing svc/web');
    expect(r).toEqual({ stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nothing" not found\n', code: 1 });
  });

  it('netcheck names the policy and rule that decided each pair, and exits 1 when any is denied', () => {
    expect(home.run('netcheck pod/client svc/web:80')).toEqual({
      stdout: [
        'FROM             TO            PORT     VERDICT   EGRESS (FROM)             INGRESS (TO)',
        'default/client   default/web   80/TCP   allowed   not isolated for egress   allowed by default/allow-web ingress[0]',
        '',
      ].join('\n'),
      stderr: '', code: 0,
    });
    expect(home.run('netcheck monitoring/intruder web:http')).toEqual({
      stdout: [
        'FROM                  TO            PORT     VERDICT   EGRESS (FROM)             INGRESS (TO)',
        'monitoring/intruder   default/web   80/TCP   denied    not isolated for egress   denied: isolated by default/allow-web, default/default-deny-ingress; no ingress rule matches',
        '',
      ].join('\n'),
      stderr: '', code: 1,
    });
    expect(home.run(`netcheck ${webIP} ${svcIP}:80 -o json`).stdout).toBe(`${JSON.stringify([{
      from: 'default/web', to: 'default/web', port: 80, protocol: 'TCP', allowed: false,
      egress: { allowed: true, isolatedBy: [], decision: 'not isolated for egress' },
      ingress: { allowed: false, isolatedBy: ['allow-web', 'default-deny-ingress'], decision: 'denied: isolated by default/allow-web, default/default-deny-ingress; no ingress rule matches' },
    }], null, 2)}\n`);
    expect(home.run('netcheck 192.168.1.9 pod/web:80 -n default').stdout).toContain('192.168.1.9   default/web   80/TCP   denied    not a pod ');
    expect(home.run('netcheck pod/client pod/web:80 --protocol ICMP')).toEqual({ stdout: '', stderr: "error: invalid protocol \"ICMP\": use TCP, UDP or SCTP\nSee 'kubemu netcheck -h' for help and examples\n", code: 1 });
    expect(home.run('netcheck pod/client pod/web:80 -o yaml').stderr).toBe('error: unable to match a printer suitable for the output format "yaml", allowed formats are: json\n');
  });
});

describe('NetworkPolicy: deny-all egress breaks name resolution', () => {
  let home: TempHome;
  let webIP: string;
  let svcIP: string;
  beforeAll(() => { ({ home, webIP, svcIP } = setup('netpol-dns')); });
  afterAll(() => home.cleanup());

  it('fails lookups by name and times out by address', () => {
    expect(home.run(['apply', '-f', home.file('deny.yaml', DENY_EGRESS)]).code).toBe(0);
    expect(home.run('exec client -- nslookup web')).toEqual({ stdout: ';; connection timed out; no servers could be reached\n\n', stderr: exitCode(1), code: 1 });
    expect(home.run('exec client -- wget -qO- http://web')).toEqual({ stdout: '', stderr: `wget: bad address 'web'\n${exitCode(1)}`, code: 1 });
    expect(home.run('exec frontend -- curl http://web')).toEqual({ stdout: '', stderr: `curl: (6) Could not resolve host: web\n${exitCode(6)}`, code: 6 });
    expect(home.run('exec frontend -- curl -m 5 http://web')).toEqual({ stdout: '', stderr: `curl: (28) Resolving timed out after 5000 milliseconds\n${exitCode(28)}`, code: 28 });
    expect(home.run(`exec client -- wget -qO- -T 3 http://${svcIP}`)).toEqual({ stdout: '', stderr: `wget: download timed out\n${exitCode(1)}`, code: 1 });
    expect(home.run(`exec frontend -- curl --connect-timeout 2 http://${webIP}`)).toEqual({ stdout: '', stderr: `curl: (28) Connection timed out after 2000 milliseconds\n${exitCode(28)}`, code: 28 });
    // Pods the policy does not select are untouched.
    expect(home.run('exec other -- wget -qO- http://web').stdout).toMatch(NGINX_PAGE);
    const dns = home.run('netcheck default/client svc/kube-dns:53 -n kube-system --protocol UDP');
    expect(dns.code).toBe(1);
    expect(dns.stdout.split('\n').filter((l) => l.includes('53/UDP   denied    denied: isolated by default/deny-egress; no egress rule matches   not isolated for ingress'))).toHaveLength(2);
  });

  it('an egress rule to kube-dns brings names back; the connection needs its own rule', () => {
    expect(home.run(['apply', '-f', home.file('dns.yaml', ALLOW_DNS)]).code).toBe(0);
    // The FQDN: busybox's nslookup also prints (and exits 1 for) the search domains that miss a short name.
    expect(home.run('exec client -- nslookup web.default.svc.cluster.local')).toEqual({
      stdout: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${svcIP}\n\n\n`, stderr: '', code: 0,
    });
    expect(home.run('exec client -- wget -qO- -T 2 http://web')).toEqual({ stdout: '', stderr: `wget: download timed out\n${exitCode(1)}`, code: 1 });
    expect(home.run('exec frontend -- curl -sS -m 4 http://web')).toEqual({ stdout: '', stderr: `curl: (28) Connection timed out after 4000 milliseconds\n${exitCode(28)}`, code: 28 });
    expect(home.run(['apply', '-f', home.file('web.yaml', ALLOW_EGRESS_WEB)]).code).toBe(0);
    expect(home.run('exec client -- wget -qO- http://web').stdout).toMatch(NGINX_PAGE);
    expect(home.run('exec frontend -- curl -s http://web').stdout).toMatch(NGINX_PAGE);
    const dns = home.run('netcheck default/client svc/kube-dns:53 -n kube-system --protocol UDP');
    expect(dns.code).toBe(0);
    expect(dns.stdout).toMatch(/^FROM +TO +PORT +VERDICT +EGRESS \(FROM\) +INGRESS \(TO\)\ndefault\/client +kube-system\/coredns-\S+ +53\/UDP +allowed +allowed by default\/allow-dns egress\[0\] +not isolated for ingress\n/);
    expect(home.run('netcheck pod/client svc/web').stdout).toContain('80/TCP   allowed   allowed by default/allow-egress-web egress[0]   not isolated for ingress\n');
  });
});
