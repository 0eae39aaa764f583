/**
 * Cluster DNS as users query it from a pod: busybox's nslookup walking the search list, the
 * dnsutils image's nslookup, dig and host, headless and StatefulSet names, pod A records, SRV,
 * ExternalName CNAMEs, NXDOMAIN, CoreDNS scaled to 0, and a Corefile `hosts` edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const APPS = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: nginx:1.27, ports: [{containerPort: 80}]}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: 80}]
---
apiVersion: v1
kind: Service
metadata: {name: nginx}
spec:
  clusterIP: None
  selector: {app: nginx}
  ports: [{name: web, port: 80}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: nginx
  replicas: 2
  selector: {matchLabels: {app: nginx}}
  template:
    metadata: {labels: {app: nginx}}
    spec:
      containers: [{name: nginx, image: nginx:1.27, ports: [{containerPort: 80, name: web}]}]
---
apiVersion: v1
kind: Service
metadata: {name: db}
spec:
  type: ExternalName
  externalName: db.example.com
---
apiVersion: v1
kind: Pod
metadata: {name: box}
spec:
  containers: [{name: box, image: busybox:1.36, command: [sleep, "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: dnsutils}
spec:
  containers: [{name: dnsutils, image: registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3, command: [sleep, "3600"]}]
`;

const COREFILE_WITH_HOSTS = `apiVersion: v1
kind: ConfigMap
metadata: {name: coredns, namespace: kube-system}
data:
  Corefile: |
    .:53 {
        errors
        health {
           lameduck 5s
        }
        ready
        hosts {
           10.10.10.10 legacy.example.com
           fallthrough
        }
        kubernetes cluster.local in-addr.arpa ip6.arpa {
           pods insecure
           fallthrough in-addr.arpa ip6.arpa
           ttl 30
        }
        prometheus :9153
        forward . /etc/resolv.conf
        cache 30
        loop
        reload
        loadbalance
    }
`;

const BB_HEAD = 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n';
const BIND_HEAD = 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n';
const exit = (code: number) => `command terminated with exit code ${code}\n`;

describe('cluster DNS from inside a pod', () => {
  let home: TempHome;
  let webIP: string;
  let web0: string;
  let web1: string;
  const sh = (line: string) => home.run(line);
  const podIP = (name: string) => home.run(['get', 'pod', name, '-o', 'jsonpath={.status.podIP}']).stdout;

  beforeAll(() => {
    home = manualCluster('dns', 7);
    home.run(['apply', '-f', home.file('apps.yaml', APPS)]);
    home.run('tick 60s');
    webIP = home.run(['get', 'svc', 'web', '-o', 'jsonpath={.spec.clusterIP}']).stdout;
    web0 = podIP('web-0');
    web1 = podIP('web-1');
  });
  afterAll(() => home.cleanup());

  it('busybox nslookup walks the search list for a short name, A then AAAA, and exits 1 for the misses', () => {
    const nx = (n: string) => `** server can't find ${n}: NXDOMAIN\n\n`;
    expect(sh('exec box -- nslookup web')).toEqual({
      stdout: `${BB_HEAD}Name:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n\n${nx('web.svc.cluster.local')}${nx('web.cluster.local')}`
        + `\n${nx('web.svc.cluster.local')}${nx('web.cluster.local')}`,
      stderr: exit(1), code: 1,
    });
  });

  it('busybox nslookup asks a dotted name as it is, so <svc>.<ns> fails and the FQDN answers', () => {
    expect(sh('exec box -- nslookup web.default')).toEqual({
      stdout: `${BB_HEAD}** server can't find web.default: NXDOMAIN\n\n** server can't find web.default: NXDOMAIN\n\n`, stderr: exit(1), code: 1,
    });
    expect(sh('exec box -- nslookup web.default.svc.cluster.local')).toEqual({
      stdout: `${BB_HEAD}Name:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n\n\n`, stderr: '', code: 0,
    });
  });

  it("bind's nslookup (dnsutils) resolves short and namespaced names through the search list", () => {
    const answer = `${BIND_HEAD}Name:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n\n`;
    expect(sh('exec dnsutils -- nslookup web')).toEqual({ stdout: answer, stderr: '', code: 0 });
    expect(sh('exec dnsutils -- nslookup web.default')).toEqual({ stdout: answer, stderr: '', code: 0 });
    expect(sh('exec dnsutils -- nslookup web.default.svc.cluster.local')).toEqual({ stdout: answer, stderr: '', code: 0 });
  });

  it('a headless Service answers its ready pods, and each StatefulSet pod has its own name', () => {
    // In the Endpoints' order (by address).
    const [first, second] = home.run(['get', 'ep', 'nginx', '-o', 'jsonpath={.subsets[0].addresses[*].ip}']).stdout.split(' ');
    expect(sh('exec dnsutils -- nslookup nginx').stdout)
      .toBe(`${BIND_HEAD}Name:\tnginx.default.svc.cluster.local\nAddress: ${first}\nName:\tnginx.default.svc.cluster.local\nAddress: ${second}\n\n`);
    expect(sh('exec dnsutils -- nslookup web-0.nginx')).toEqual({ stdout: `${BIND_HEAD}Name:\tweb-0.nginx.default.svc.cluster.local\nAddress: ${web0}\n\n`, stderr: '', code: 0 });
    expect(sh('exec box -- nslookup web-1.nginx.default.svc.cluster.local').stdout).toBe(`${BB_HEAD}Name:\tweb-1.nginx.default.svc.cluster.local\nAddress: ${web1}\n\n\n`);
    expect(sh('exec dnsutils -- host web-0.nginx.default.svc.cluster.local').stdout).toBe(`web-0.nginx.default.svc.cluster.local has address ${web0}\n`);
    expect(sh(`exec dnsutils -- dig +short -x ${web0}`).stdout).toBe('web-0.nginx.default.svc.cluster.local.\n');
  });

  it('answers pod A records and SRV records through dig', () => {
    const box = podIP('box');
    expect(sh(`exec dnsutils -- dig +short ${box.replace(/\./g, '-')}.default.pod.cluster.local`)).toEqual({ stdout: `${box}\n`, stderr: '', code: 0 });
    expect(sh('exec dnsutils -- dig +short SRV _http._tcp.web.default.svc.cluster.local').stdout).toBe('0 100 80 web.default.svc.cluster.local.\n');
    const byAddress = [['web-0', web0], ['web-1', web1]].sort((a, b) => a[1]!.localeCompare(b[1]!, 'en', { numeric: true }));
    expect(sh('exec dnsutils -- dig +short SRV _web._tcp.nginx.default.svc.cluster.local').stdout)
      .toBe(byAddress.map(([n]) => `0 50 80 ${n}.nginx.default.svc.cluster.local.\n`).join(''));
    expect(sh('exec dnsutils -- dig +short web.default.svc.cluster.local').stdout).toBe(`${webIP}\n`);
    // dig does not search unless told to.
    expect(sh('exec dnsutils -- dig +short web')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(sh('exec dnsutils -- dig +short +search web').stdout).toBe(`${webIP}\n`);
    expect(sh(`exec dnsutils -- host ${webIP}`).stdout).toBe(`${webIP.split('.').reverse().join('.')}.in-addr.arpa domain name pointer web.default.svc.cluster.local.\n`);
  });

  it('an ExternalName Service is a CNAME', () => {
    expect(sh('exec box -- nslookup db.default.svc.cluster.local')).toEqual({
      stdout: `${BB_HEAD}db.default.svc.cluster.local\tcanonical name = db.example.com\n\ndb.default.svc.cluster.local\tcanonical name = db.example.com\n\n`, stderr: '', code: 0,
    });
    expect(sh('exec dnsutils -- host db').stdout).toBe('db.default.svc.cluster.local is an alias for db.example.com.\n');
    expect(sh('exec dnsutils -- dig +short db.default.svc.cluster.local').stdout).toBe('db.example.com.\n');
  });

  it('prints each tool\'s NXDOMAIN', () => {
    const nx = (n: string) => `** server can't find ${n}: NXDOMAIN\n\n`;
    const list = ['nope.default.svc.cluster.local', 'nope.svc.cluster.local', 'nope.cluster.local'];
    expect(sh('exec box -- nslookup nope')).toEqual({ stdout: BB_HEAD + [...list, ...list].map(nx).join(''), stderr: exit(1), code: 1 });
    expect(sh('exec dnsutils -- nslookup nope')).toEqual({ stdout: `${BIND_HEAD}** server can't find nope: NXDOMAIN\n\n`, stderr: exit(1), code: 1 });
    expect(sh('exec dnsutils -- host nope')).toEqual({ stdout: 'Host nope not found: 3(NXDOMAIN)\n', stderr: exit(1), code: 1 });
    expect(sh('exec dnsutils -- dig +short nope.default.svc.cluster.local')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(sh('exec dnsutils -- dig nope.default.svc.cluster.local').stdout).toContain(';; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: ');
    expect(sh('exec dnsutils -- getent hosts nope')).toEqual({ stdout: '', stderr: exit(2), code: 2 });
    expect(sh('exec dnsutils -- getent hosts web')).toEqual({ stdout: `${webIP.padEnd(15)} web.default.svc.cluster.local\n`, stderr: '', code: 0 });
  });

  it('runs only the tools an image ships', () => {
    expect(sh('exec box -- dig web')).toEqual({
      stdout: '', stderr: `OCI runtime exec failed: exec failed: unable to start container process: exec: "dig": executable file not found in $PATH: unknown\n${exit(126)}`, code: 126,
    });
    expect(sh('exec web-0 -- nslookup web').code).toBe(126);
  });

  it('a Corefile hosts edit takes effect; hosts without fallthrough hides the cluster names', () => {
    expect(sh('exec dnsutils -- host legacy.example.com')).toEqual({ stdout: 'Host legacy.example.com not found: 3(NXDOMAIN)\n', stderr: exit(1), code: 1 });
    expect(home.run(['apply', '-f', home.file('corefile.yaml', COREFILE_WITH_HOSTS)]).code).toBe(0);
    expect(sh('exec dnsutils -- host legacy.example.com')).toEqual({ stdout: 'legacy.example.com has address 10.10.10.10\n', stderr: '', code: 0 });
    expect(sh('exec box -- nslookup legacy.example.com').stdout).toBe(`${BB_HEAD}Name:\tlegacy.example.com\nAddress: 10.10.10.10\n\n\n`);
    expect(sh('exec dnsutils -- host web').stdout).toBe(`web.default.svc.cluster.local has address ${webIP}\n`);
    home.run(['apply', '-f', home.file('corefile.yaml', COREFILE_WITH_HOSTS.replace('           fallthrough\n', ''))]);
    expect(sh('exec dnsutils -- host web')).toEqual({ stdout: 'Host web not found: 3(NXDOMAIN)\n', stderr: exit(1), code: 1 });
    // A Corefile CoreDNS cannot load: cluster names still answer (kubemu serves kubeadm's Corefile;
    // a reloading CoreDNS keeps its last good one).
    home.run(['apply', '-f', home.file('corefile.yaml', COREFILE_WITH_HOSTS.replace('        loadbalance\n', '        loadbalance\n        bogus\n'))]);
    expect(sh('exec dnsutils -- host web').stdout).toBe(`web.default.svc.cluster.local has address ${webIP}\n`);
    home.run(['apply', '-f', home.file('corefile.yaml', COREFILE_WITH_HOSTS)]);
  });

  it('stops answering while CoreDNS is scaled to 0, and answers again when it is back', () => {
    expect(home.run('-n kube-system scale deploy coredns --replicas=0').stdout).toBe('deployment.apps/coredns scaled\n');
    home.run('tick 40s');
    // kube-proxy REJECTs queries to a Service without endpoints: busybox's next write fails at once.
    expect(sh('exec box -- nslookup web')).toEqual({
      stdout: ';; connection timed out; no servers could be reached\n\n', stderr: `nslookup: write to '10.96.0.10': Connection refused\n${exit(1)}`, code: 1,
    });
    expect(sh('exec dnsutils -- nslookup web')).toEqual({ stdout: ';; connection timed out; no servers could be reached\n\n', stderr: exit(1), code: 1 });
    expect(sh('exec dnsutils -- host web')).toEqual({ stdout: ';; connection timed out; no servers could be reached\n', stderr: exit(1), code: 1 });
    expect(sh('exec box -- wget -qO- http://web')).toEqual({ stdout: '', stderr: `wget: bad address 'web'\n${exit(1)}`, code: 1 });
    // An address needs no name: the Service still answers by IP.
    expect(sh(`exec box -- wget -qO- http://${webIP}`).stdout).toContain('<title>Welcome to nginx!</title>');
    home.run('-n kube-system scale deploy coredns --replicas=2');
    home.run('tick 40s');
    expect(sh('exec dnsutils -- host web').stdout).toBe(`web.default.svc.cluster.local has address ${webIP}\n`);
  });
});
