/**
 * verbs-local: `label|annotate|patch|set … --local -f FILE -o …` print exactly what the
 * real kubectl v1.32 client prints for the same file (no cluster involved).
 */
import * as path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { KubectlCaptures } from '../differential/kubectl-captures';
import { HAS_KUBECTL } from '../differential/kubectl-oracle';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { tempHome } from '../helpers/run-cli';

const DEPLOY = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        env:
        - name: A
          value: "1"
      - name: side
        image: busybox
`;
const POD = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels: {run: nginx, env: prod}
  annotations: {note: hi}
spec:
  containers:
  - name: nginx
    image: nginx
`;
const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: s}
spec:
  selector: {matchLabels: {a: b}}
  template:
    metadata: {labels: {a: b}}
    spec:
      containers: [{name: c, image: i}]
`;
// Lists whose merge keys the two old hand-written tables disagreed on (now the Go struct tags).
const GATED = `apiVersion: v1
kind: Pod
metadata: {name: gated}
spec:
  schedulingGates: [{name: a}]
  containers:
  - name: c
    image: i
    ports: [{containerPort: 80, name: http}]
`;
const NODE = `apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  addresses: [{type: InternalIP, address: 10.0.0.1}, {type: Hostname, address: n1}]
`;
const SVC = `apiVersion: v1
kind: Service
metadata: {name: s, finalizers: [a]}
spec:
  ports: [{port: 80, targetPort: 8080, name: web}]
`;

const home = tempHome();
const files = { 'dep.yaml': DEPLOY, 'pod.yaml': POD, 'sts.yaml': STS, 'gated.yaml': GATED, 'node.yaml': NODE, 'svc.yaml': SVC };
for (const [n, c] of Object.entries(files)) home.file(n, c);
afterAll(() => home.cleanup());

const CASES: string[][] = [
  ['label', '--local', '-f', 'pod.yaml', 'a=b', '-o', 'yaml'],
  ['label', '--local', '-f', 'pod.yaml', 'a=b', '-o', 'json'],
  ['label', '--local', '-f', 'pod.yaml', 'a=b'],
  ['label', '--local', '-f', 'pod.yaml', 'env-'],
  ['label', '--local', '-f', 'pod.yaml', 'run=nginx'],
  ['label', '--local', '-f', 'pod.yaml', 'nope-'],
  ['label', '--local', '-f', 'pod.yaml', 'env=x'],
  ['label', '--local', '-f', 'pod.yaml', 'env=x', '--overwrite'],
  ['label', '--local', '-f', 'pod.yaml', 'run-', 'env-', '-o', 'yaml'],
  ['label', '--local', '-f', 'pod.yaml', 'a=b c'],
  ['label', '--local', '-f', 'pod.yaml', 'a=b', 'a-'],
  ['label', '--local', '-f', 'pod.yaml'],
  ['label', '--local', '-f', 'pod.yaml', 'a=b', '--dry-run=server'],
  ['label', '--local', '-f', 'dep.yaml', 'tier=web', '-o', 'jsonpath={.metadata.labels}'],
  ['label', '--local', '-f', 'dep.yaml', 'tier=web', '-o', 'name'],
  ['annotate', '--local', '-f', 'pod.yaml', 'x=y', '-o', 'yaml'],
  ['annotate', '--local', '-f', 'pod.yaml', 'note=other'],
  ['annotate', '--local', '-f', 'pod.yaml', 'note-', '-o', 'json'],
  ['annotate', '--local', '-f', 'pod.yaml', 'x=y'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"side","image":"busybox:2"}]}}}}', '-o', 'yaml'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', '{"spec":{"replicas":4}}'],
  ['patch', '--local', '-f', 'gated.yaml', '-p', '{"spec":{"schedulingGates":[{"name":"b"}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'gated.yaml', '-p', '{"spec":{"schedulingGates":[{"name":"a","$patch":"delete"}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'gated.yaml', '-p', '{"spec":{"containers":[{"name":"c","ports":[{"containerPort":443}]}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'gated.yaml', '-p', '{"spec":{"containers":[{"name":"c","ports":[{"containerPort":80,"protocol":"UDP"}]}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'node.yaml', '-p', '{"status":{"addresses":[{"type":"Hostname","address":"n1.example"}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'svc.yaml', '-p', '{"spec":{"ports":[{"port":443,"name":"tls"}]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'svc.yaml', '-p', '{"metadata":{"finalizers":["b"]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'gated.yaml', '-p', '{"metadata":{"finalizers":["x","y"]}}', '-o', 'json'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', '{"spec":{"replicas":3}}'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', 'spec: {replicas: 7}', '-o', 'json'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'merge', '-p', '{"metadata":{"labels":{"app":null,"x":"y"}}}', '-o', 'yaml'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'json', '-p', '[{"op":"replace","path":"/spec/replicas","value":5}]', '-o', 'yaml'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'json', '-p', '[{"op":"remove","path":"/spec/nope"}]'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'json', '-p', '[{"op":"test","path":"/spec/replicas","value":1}]'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'json', '-p', '[{"op":"add","path":"/spec/a/b","value":1}]'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","$patch":"delete"}]}}}}', '-o', 'yaml'],
  ['patch', '--local', '-f', 'dep.yaml', '--type', 'x', '-p', '{}'],
  ['patch', '--local', '-f', 'dep.yaml', '-p', 'bad'],
  ['patch', '--local', '-f', 'dep.yaml'],
  ['set', 'image', '--local', '-f', 'dep.yaml', 'nginx=nginx:1.28', '-o', 'yaml'],
  ['set', 'image', '--local', '-f', 'dep.yaml', 'nginx=nginx:1.28', '-o', 'json'],
  ['set', 'image', '--local', '-f', 'dep.yaml', 'nginx=nginx:1.28'],
  ['set', 'image', '--local', '-f', 'dep.yaml', 'nginx=nginx:1.27'],
  ['set', 'image', '--local', '-f', 'dep.yaml', 'nope=x'],
  ['set', 'image', '--local', '-f', 'dep.yaml', '*=x', '-o', 'yaml'],
  ['set', 'image', '--local', '-f', 'sts.yaml', 'c=j', '-o', 'yaml'],
  ['set', 'image', '--local', '-f', 'pod.yaml', 'nginx=nginx:2', '-o', 'json'],
  ['set', 'resources', '--local', '-f', 'dep.yaml', '--limits=cpu=0.5,memory=1024Mi', '-o', 'yaml'],
  ['set', 'resources', '--local', '-f', 'dep.yaml', '-c', 'side', '--requests=cpu=100m,memory=1.5Gi', '-o', 'json'],
  ['set', 'resources', '--local', '-f', 'dep.yaml'],
  ['set', 'env', '--local', '-f', 'dep.yaml', 'A=2', 'B=3', '-o', 'yaml'],
  ['set', 'env', '--local', '-f', 'dep.yaml', 'A-', '-o', 'yaml'],
  ['set', 'env', '--local', '-f', 'dep.yaml', '--list'],
  ['set', 'env', '--local', '-f', 'pod.yaml', 'A=1', '-o', 'json'],
  ['set', 'env', '--local', '-f', 'dep.yaml', 'A=1'],
];

// kubectl's answers are captured (test/differential/kubectl-captures.ts): 56 Go processes were most of this file's time.
const captures = new KubectlCaptures(path.join(__dirname, 'testdata', 'verbs-local-kubectl.json'));

describeWithInputs('--local edits print what kubectl prints', [kubectlInput(HAS_KUBECTL || captures.complete(CASES, home.dir))], () => {
  for (const args of CASES) {
    it(args.join(' '), () => {
      const want = captures.run(args, home.dir);
      const got = home.run(args, { cwd: home.dir });
      expect(got).toEqual(want);
    });
  }
});
