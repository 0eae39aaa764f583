/**
 * network-services: Services as users meet them — the API server refusing a taken or
 * out-of-range ClusterIP or node port, LoadBalancer addresses (`<pending>` on-prem, a cloud
 * address on the aks profile), EndpointSlices, and what curl inside a pod gets when the
 * selector or targetPort is wrong or an externalTrafficPolicy: Local node port is hit on a
 * node without a local endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('svc', 7);
const aks = manualCluster('svcaks', 7, '--node-profile aks');
afterAll(() => { home.cleanup(); aks.cleanup(); });

const jp = (h: typeof home, args: string) => h.run([...args.split(' ').slice(0, -1), args.split(' ').pop()!]).stdout;
const apply = (h: typeof home, name: string, yaml: string) => h.run(['apply', '-f', h.file(name, yaml)]);
/** table lays rows out as kubectl's tab writer does: each column padded to its widest cell plus three spaces. */
const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]! + 3))).join('')).map((l) => `${l}\n`).join('');
};

beforeAll(() => {
  expect(home.run('create deploy web --image=nginx --replicas=2 --port=80').code).toBe(0);
  expect(home.run('run client --image=nginx').code).toBe(0);
  home.run('tick 30s');
});

describe('ClusterIP and node port allocation', () => {
  it('refuses a ClusterIP another Service holds, and one outside the service CIDR', () => {
    expect(apply(home, 'dns2.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: dns2\nspec:\n  clusterIP: 10.96.0.10\n  ports:\n  - port: 53\n')).toEqual({
      stdout: '', code: 1,
      stderr: 'The Service "dns2" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated\n',
    });
    expect(home.run('create service clusterip ext --tcp=80:80 --clusterip=192.168.0.1')).toEqual({
      stdout: '', code: 1,
      // kubectl's create service words every failure its way, the server's message after it (kubectl 1.32 through kubemu serve).
      stderr: 'error: failed to create ClusterIP service: Service "ext" is invalid: spec.clusterIPs: Invalid value: []string{"192.168.0.1"}: failed to allocate IP 192.168.0.1: the provided IP (192.168.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12\n',
    });
  });

  it('refuses a node port that is taken or outside 30000-32767, and frees it with the Service', () => {
    expect(home.run('create service nodeport np1 --tcp=80:80 --node-port=30080')).toEqual({ stdout: 'service/np1 created\n', stderr: '', code: 0 });
    expect(home.run('create service nodeport np2 --tcp=80:80 --node-port=30080')).toEqual({
      stdout: '', code: 1,
      stderr: 'error: failed to create NodePort service: Service "np2" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated\n',
    });
    expect(home.run('create service nodeport np3 --tcp=80:80 --node-port=8080').stderr)
      .toBe('error: failed to create NodePort service: Service "np3" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767\n');
    expect(home.run('delete svc np1').code).toBe(0);
    expect(home.run('create service nodeport np2 --tcp=80:80 --node-port=30080').code).toBe(0);
    expect(home.run('delete svc np2').code).toBe(0);
  });
});

describe('LoadBalancer Services', () => {
  it('stay <pending> on an on-prem cluster, which has no cloud provider', () => {
    expect(home.run('create service loadbalancer lb --tcp=80:80').code).toBe(0);
    const ip = jp(home, 'get svc lb -o jsonpath={.spec.clusterIP}');
    const np = jp(home, 'get svc lb -o jsonpath={.spec.ports[0].nodePort}');
    expect(home.run('get svc lb').stdout).toBe(table([
      ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
      ['lb', 'LoadBalancer', ip, '<pending>', `80:${np}/TCP`, '0s'],
    ]));
    expect(home.run('delete svc lb').code).toBe(0);
  });

  it('get an address from the cloud-controller-manager on the aks profile', () => {
    expect(aks.run('create service loadbalancer lb --tcp=80:80').code).toBe(0);
    const ip = jp(aks, 'get svc lb -o jsonpath={.spec.clusterIP}');
    const np = jp(aks, 'get svc lb -o jsonpath={.spec.ports[0].nodePort}');
    expect(aks.run('get svc lb').stdout).toBe(table([
      ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
      ['lb', 'LoadBalancer', ip, '20.81.110.1', `80:${np}/TCP`, '0s'],
    ]));
    expect(aks.run('describe svc lb').stdout).toMatch(/LoadBalancer Ingress:     20\.81\.110\.1 \(VIP\)\n[^]*Events:\n  Type    Reason                Age   From                Message\n  ----    ------                ----  ----                -------\n  Normal  EnsuringLoadBalancer  0s    service-controller  Ensuring load balancer\n  Normal  EnsuredLoadBalancer   0s    service-controller  Ensured load balancer\n$/);
  });
});

describe('MetalLB on an on-prem cluster', () => {
  const POOL = 'apiVersion: metallb.io/v1beta1\nkind: IPAddressPool\nmetadata:\n  name: lan\n  namespace: metallb-system\nspec:\n  addresses:\n  - 192.168.1.240-192.168.1.250\n---\n'
    + 'apiVersion: metallb.io/v1beta1\nkind: L2Advertisement\nmetadata:\n  name: lan\n  namespace: metallb-system\n';

  it('hands out pool addresses once the add-on and an IPAddressPool exist', () => {
    expect(home.run('addon enable metallb').stdout).toBe([
      'namespace/metallb-system created',
      'customresourcedefinition.apiextensions.k8s.io/ipaddresspools.metallb.io created',
      'customresourcedefinition.apiextensions.k8s.io/l2advertisements.metallb.io created',
      'serviceaccount/controller created',
      'serviceaccount/speaker created',
      'deployment.apps/controller created',
      'daemonset.apps/speaker created',
      'addon/metallb enabled',
      '',
    ].join('\n'));
    expect(home.run('create service loadbalancer edge --tcp=80:80').code).toBe(0);
    expect(jp(home, 'get svc edge -o jsonpath={.status.loadBalancer}')).toBe('{}');
    expect(apply(home, 'pool.yaml', POOL).stdout).toBe('ipaddresspool.metallb.io/lan created\nl2advertisement.metallb.io/lan created\n');
    expect(jp(home, 'get svc edge -o jsonpath={.status.loadBalancer.ingress[0].ip}')).toBe('192.168.1.240');
    expect(home.run('describe svc edge').stdout).toMatch(/\nEvents:\n  Type    Reason        Age   From                Message\n  ----    ------        ----  ----                -------\n  Normal  IPAllocated   0s    metallb-controller  Assigned IP \["192\.168\.1\.240"\]\n  Normal  nodeAssigned  0s    metallb-speaker     announcing from node "worker01" with protocol "layer2"\n$/);
    expect(home.run('delete svc edge').code).toBe(0);
  });
});

describe('EndpointSlices and connections', () => {
  const svc = (selector: string, targetPort = 80) =>
    `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: ${selector}\n  ports:\n  - port: 80\n    targetPort: ${targetPort}\n`;

  it('refuses connections to a Service whose selector matches nothing, until the selector is fixed', () => {
    expect(apply(home, 'web.yaml', svc('wrong')).stdout).toBe('service/web created\n');
    const slice = jp(home, 'get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[0].metadata.name}');
    expect(slice).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(home.run('get endpointslices').stdout).toBe(table([
      ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'],
      ['kubernetes', 'IPv4', '6443', '172.18.0.2', '5m30s'],
      [slice, 'IPv4', '<unset>', '<unset>', '0s'],
    ]));
    expect(home.run('exec client -- curl web')).toEqual({
      stdout: '', code: 7,
      stderr: "curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server\ncommand terminated with exit code 7\n",
    });
    expect(apply(home, 'web.yaml', svc('web')).stdout).toBe('service/web configured\n');
    const ips = jp(home, 'get pods -l app=web -o jsonpath={.items[*].status.podIP}').split(' ').sort().join(',');
    expect(home.run('get endpointslices').stdout).toBe(table([
      ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'],
      ['kubernetes', 'IPv4', '6443', '172.18.0.2', '5m30s'],
      [slice, 'IPv4', '80', ips, '0s'],
    ]));
    expect(home.run('exec client -- curl -s web').stdout).toContain('<h1>Welcome to nginx!</h1>');
  });

  it('describes a slice\'s endpoints with their conditions, node and pod', () => {
    const slice = jp(home, 'get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[0].metadata.name}');
    const pods = home.run(['get', 'pods', '-l', 'app=web', '--sort-by', '.status.podIP', '-o', 'jsonpath={range .items[*]}{.metadata.name} {.status.podIP} {.spec.nodeName}{"\\n"}{end}']).stdout.trim().split('\n').map((l) => l.split(' '));
    expect(home.run(['describe', 'endpointslice', slice]).stdout).toBe([
      `Name:         ${slice}`,
      'Namespace:    default',
      'Labels:       endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io',
      '              kubernetes.io/service-name=web',
      'Annotations:  endpoints.kubernetes.io/last-change-trigger-time: 2026-01-01T00:05:30Z',
      'AddressType:  IPv4',
      'Ports:',
      '  Name     Port  Protocol',
      '  ----     ----  --------',
      '  <unset>  80    TCP',
      'Endpoints:',
      ...pods.flatMap(([name, ip, node]) => [
        `  - Addresses:  ${ip}`,
        '    Conditions:',
        '      Ready:    true',
        '    Hostname:   <unset>',
        `    TargetRef:  Pod/${name}`,
        `    NodeName:   ${node}`,
        '    Zone:       <unset>',
      ]),
      'Events:         <none>',
      '',
    ].join('\n'));
  });

  it('refuses connections when the targetPort is one the pods do not listen on', () => {
    expect(apply(home, 'web.yaml', svc('web', 8080)).stdout).toBe('service/web configured\n');
    expect(home.run('exec client -- curl web')).toEqual({
      stdout: '', code: 7,
      stderr: "curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server\ncommand terminated with exit code 7\n",
    });
    expect(home.run('describe svc web').stdout).toMatch(/\nEndpoints: +10\.244\.\d+\.\d+:8080,10\.244\.\d+\.\d+:8080\n/);
  });
});

describe('externalTrafficPolicy: Local', () => {
  const SOLO = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: solo
spec:
  replicas: 1
  selector:
    matchLabels:
      app: solo
  template:
    metadata:
      labels:
        app: solo
    spec:
      nodeSelector:
        kubernetes.io/hostname: worker01
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
          name: http
---
apiVersion: v1
kind: Service
metadata:
  name: solo
spec:
  type: NodePort
  externalTrafficPolicy: Local
  selector:
    app: solo
  ports:
  - port: 80
    targetPort: http
    nodePort: 30090
`;
  // Host-network pods are clients outside the pod network, as a machine on the nodes' LAN is.
  const edge = (name: string, node: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  hostNetwork: true\n  nodeName: ${node}\n  containers:\n  - name: nginx\n    image: nginx\n`;

  beforeAll(() => {
    expect(apply(home, 'solo.yaml', SOLO).code).toBe(0);
    expect(apply(home, 'edge1.yaml', edge('edge1', 'worker01')).code).toBe(0);
    expect(apply(home, 'edge2.yaml', edge('edge2', 'worker02')).code).toBe(0);
    home.run('tick 20s');
  });

  it('answers on the node that runs the endpoint and drops on a node that does not', () => {
    expect(home.run('exec edge2 -- curl -s http://172.18.0.3:30090/').stdout).toContain('<h1>Welcome to nginx!</h1>');
    expect(home.run('exec edge1 -- curl -m 5 http://172.18.0.4:30090/')).toEqual({
      stdout: '', code: 28,
      stderr: 'curl: (28) Connection timed out after 5000 milliseconds\ncommand terminated with exit code 28\n',
    });
    // Pods are short-circuited to every endpoint by the KUBE-EXT chain.
    expect(home.run('exec client -- curl -s http://172.18.0.4:30090/').stdout).toContain('<h1>Welcome to nginx!</h1>');
  });

  it('shows the drop in worker02\'s rules and the local endpoint in worker01\'s', () => {
    const rules = (node: string) => home.run(['node', 'proxy-rules', node]).stdout.split('\n').filter((l) => l.includes('default/solo'));
    expect(rules('worker02').filter((l) => l.includes(' -j DROP'))).toEqual([
      '-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "default/solo has no local endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30090 -j DROP',
    ]);
    expect(rules('worker01').filter((l) => l.startsWith('-A KUBE-SVL-'))).toHaveLength(1);
    expect(rules('worker02').filter((l) => l.startsWith('-A KUBE-SVL-'))).toEqual([]);
  });
});
