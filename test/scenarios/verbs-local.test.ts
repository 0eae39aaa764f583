/**
 * verbs-local: `label|annotate|patch|set … --local -f FILE -o …` print exactly what the
 * real kubectl v1.32 client prints for the same file (no cluster involved).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { tempHome } from '../helpers/run-cli';

const HAS_KUBECTL = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

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

const home = tempHome();
const files = { 'dep.yaml': DEPLOY, 'pod.yaml': POD, 'sts.yaml': STS };
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

function realKubectl(args: string[]): { stdout: string; stderr: string; code: number } {
  const r = spawnSync('kubectl', args, { cwd: home.dir, encoding: 'utf8', env: { ...process.env, KUBECONFIG: '/dev/null' } });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status ?? -1 };
}

describeWithInputs('--local edits print what kubectl prints', [kubectlInput(HAS_KUBECTL)], () => {
  for (const args of CASES) {
    it(args.join(' '), () => {
      const want = realKubectl(args);
      const got = home.run(args, { cwd: home.dir });
      expect(got).toEqual(want);
    });
  }
});
