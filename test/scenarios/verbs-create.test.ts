/**
 * verbs-create: `create <sub>` generators and `run` against a cluster — created lines,
 * dry runs, -o, and each subcommand's AlreadyExists wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => { home = manualCluster('create', 7); });
afterAll(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('create <sub>', () => {
  it('create configmap --from-literal creates, then reports AlreadyExists', () => {
    expect(home.run('create configmap c --from-literal=k=v')).toEqual(ok('configmap/c created\n'));
    expect(home.run('get configmap c -o jsonpath={.data.k}')).toEqual(ok('v'));
    expect(home.run('create configmap c --from-literal=k=v')).toEqual(fail('error: failed to create configmap: configmaps "c" already exists\n'));
  });
  it('create cm --dry-run=client -o yaml prints the client object', () => {
    expect(home.run('create cm d --from-literal=a=b --dry-run=client -o yaml')).toEqual(ok('apiVersion: v1\ndata:\n  a: b\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: d\n'));
    expect(home.run('create cm d --from-literal=a=b --dry-run=client -o json')).toEqual(ok('{\n    "kind": "ConfigMap",\n    "apiVersion": "v1",\n    "metadata": {\n        "name": "d",\n        "creationTimestamp": null\n    },\n    "data": {\n        "a": "b"\n    }\n}\n'));
    expect(home.run('create cm d --from-literal=a=b --dry-run=client')).toEqual(ok('configmap/d created (dry run)\n'));
    expect(home.run('create cm d --from-literal=a=b --dry-run=server')).toEqual(ok('configmap/d created (server dry run)\n'));
    expect(home.run('get cm d').code).toBe(1);
  });
  it('create configmap without a name is a usage error', () => {
    expect(home.run('create configmap')).toEqual(fail("error: exactly one NAME is required, got 0\nSee 'kubectl create configmap -h' for help and examples\n"));
  });
  it('create deployment with a command after --', () => {
    expect(home.run('create deployment shop --image=busybox -- sleep 3600')).toEqual(ok('deployment.apps/shop created\n'));
    expect(home.run(['get', 'deploy', 'shop', '-o', 'jsonpath={.spec.template.spec.containers[0].command}'])).toEqual(ok('["sleep","3600"]'));
    expect(home.run('create deployment shop --image=nginx')).toEqual(fail('error: failed to create deployment: deployments.apps "shop" already exists\n'));
    expect(home.run('create deployment x')).toEqual(fail('error: required flag(s) "image" not set\n'));
    // cobra checks required flags before the command looks for its NAME.
    expect(home.run('create deployment')).toEqual(fail('error: required flag(s) "image" not set\n'));
    expect(home.run('run')).toEqual(fail('error: required flag(s) "image" not set\n'));
    expect(home.run('create cronjob')).toEqual(fail('error: required flag(s) "image", "schedule" not set\n'));
    expect(home.run('create deployment shop3 --image=nginx -o name --dry-run=client')).toEqual(ok('deployment.apps/shop3\n'));
  });
  it('secrets, services, service accounts, namespaces, jobs', () => {
    expect(home.run('create secret generic db --from-literal=password=s3cr3t')).toEqual(ok('secret/db created\n'));
    expect(home.run('create secret generic db --from-literal=password=s3cr3t')).toEqual(fail('error: failed to create secret secrets "db" already exists\n'));
    expect(home.run('create service clusterip svc1 --tcp=80:8080')).toEqual(ok('service/svc1 created\n'));
    expect(home.run('create service clusterip svc1 --tcp=80:8080')).toEqual(fail('error: failed to create ClusterIP service: services "svc1" already exists\n'));
    expect(home.run('create serviceaccount builder')).toEqual(ok('serviceaccount/builder created\n'));
    expect(home.run('create sa builder')).toEqual(fail('error: failed to create serviceaccount: serviceaccounts "builder" already exists\n'));
    expect(home.run('create namespace dev')).toEqual(ok('namespace/dev created\n'));
    expect(home.run('create namespace dev')).toEqual(fail('Error from server (AlreadyExists): namespaces "dev" already exists\n'));
    expect(home.run('create job once --image=busybox -- echo hi')).toEqual(ok('job.batch/once created\n'));
    expect(home.run('create configmap n -n dev --from-literal=a=b')).toEqual(ok('configmap/n created\n'));
    expect(home.run('get cm n -n dev -o name')).toEqual(ok('configmap/n\n'));
  });
});

describe('run', () => {
  it('creates a pod, then AlreadyExists as a server error', () => {
    expect(home.run('run nginx3 --image=nginx')).toEqual(ok('pod/nginx3 created\n'));
    expect(home.run('run nginx3 --image=nginx')).toEqual(fail('Error from server (AlreadyExists): pods "nginx3" already exists\n'));
  });
  it('--expose creates the service first', () => {
    expect(home.run('run nginx4 --image=nginx --port=80 --expose')).toEqual(ok('service/nginx4 created\npod/nginx4 created\n'));
  });
  // kubectl run makes the Pod, then makes and prints the Service and a '---' line of its own, then
  // prints the Pod, which its YAML printer starts with '---' too (checked against kubectl 1.32).
  it('--expose -o yaml prints the Service, two separators, then the Pod', () => {
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  name: x\nspec:\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n  selector:\n    run: x\nstatus:\n  loadBalancer: {}\n';
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: null\n  labels:\n    run: x\n  name: x\nspec:\n  containers:\n  - image: nginx\n    name: x\n    ports:\n    - containerPort: 80\n    resources: {}\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n';
    expect(home.run('run x --image=nginx --port=80 --expose --dry-run=client -o yaml')).toEqual(ok(`${svc}---\n---\n${pod}`));
    const server = home.run('run x5 --image=nginx --port=80 --expose --dry-run=server -o yaml');
    expect(server.code).toBe(0);
    expect(server.stdout.match(/^---$/gm)).toHaveLength(2);
    expect(server.stdout.split('---\n---\n')[1]).toMatch(/^apiVersion: v1\nkind: Pod\n/);
    // The Pod is made first, the Service printed first.
    expect(home.run('run x6 --image=nginx --port=80 --expose -o name')).toEqual(ok('service/x6\npod/x6\n'));
    const rv = (kind: string) => Number(home.run(['get', kind, 'x6', '-o', 'jsonpath={.metadata.resourceVersion}']).stdout);
    expect(rv('pod')).toBeLessThan(rv('service'));
  });
  it('rejects a bad restart policy with a usage hint', () => {
    expect(home.run('run x --image=nginx --restart=Bogus')).toEqual(fail("error: invalid restart policy: Bogus\nSee 'kubectl run -h' for help and examples\n"));
  });
  it('--restart, --command, --env, --labels and --dry-run', () => {
    const r = home.run(['run', 'bb', '--image=busybox', '--restart=Never', '--env=A=1', '--labels=app=bb', '--dry-run=client', '-o', 'json', '--command', '--', 'sleep', '10']);
    expect(r.code).toBe(0);
    const pod = JSON.parse(r.stdout);
    expect(pod.metadata.labels).toEqual({ app: 'bb' });
    expect(pod.spec.restartPolicy).toBe('Never');
    expect(pod.spec.containers[0]).toEqual({ name: 'bb', image: 'busybox', command: ['sleep', '10'], env: [{ name: 'A', value: '1' }], resources: {} });
    expect(home.run('get pod bb').code).toBe(1);
  });
});
