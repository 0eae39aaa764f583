import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manualCluster } from '../helpers/run-cli';

/**
 * TESTDATA holds kubectl v1.32.4's own output against a stock kubeadm 1.32 cluster (with
 * metrics-server, whose rows are dropped before comparing), captured once.
 */
const TESTDATA = path.join(__dirname, 'testdata');
const captured = (file: string): string => fs.readFileSync(path.join(TESTDATA, file), 'utf8');

describe('discovery and cluster information', () => {
  const home = manualCluster('disc', 3);
  afterAll(() => home.cleanup());

  it('api-resources matches a stock v1.32 cluster (without metrics-server)', () => {
    const ref = captured('kubectl-api-resources.txt');
    const r = home.run('api-resources');
    expect(r.code).toBe(0);
    const withoutMetrics = ref.split('\n').filter((l) => !l.includes('metrics.k8s.io')).join('\n');
    // Our widths differ only where the metrics rows changed the APIVERSION column: compare cell by cell.
    const cells = (t: string) => t.trim().split('\n').map((l) => l.trim().split(/\s{2,}/));
    expect(cells(r.stdout)).toEqual(cells(withoutMetrics));
  });

  it('api-resources filters by group and prints names', () => {
    expect(home.run('api-resources -o name --api-group=batch').stdout).toBe('cronjobs.batch\njobs.batch\n');
    expect(home.run('api-resources --no-headers --api-group=policy').stdout).toBe('poddisruptionbudgets   pdb   policy/v1   true   PodDisruptionBudget\n');
    expect(home.run('api-resources -o wide --api-group=apps').stdout).toBe(captured('kubectl-api-resources-wide-apps.txt'));
  });

  it('api-resources --sort-by compares bytes, as kubectl\'s sort.Stable does, ties by name', () => {
    // kubectl 1.32's order: CSIDriver sorts before CertificateSigningRequest ('S' < 'e').
    expect(home.run('api-resources --sort-by=kind --verbs=list -o name').stdout.split('\n').slice(0, 7)).toEqual([
      'apiservices.apiregistration.k8s.io', 'csidrivers.storage.k8s.io', 'csinodes.storage.k8s.io', 'csistoragecapacities.storage.k8s.io',
      'certificatesigningrequests.certificates.k8s.io', 'clusterroles.rbac.authorization.k8s.io', 'clusterrolebindings.rbac.authorization.k8s.io',
    ]);
    expect(home.run('api-resources --sort-by=group')).toEqual({ stdout: '', stderr: 'error: --sort-by accepts only name or kind\n', code: 1 });
  });

  it('reports the version of a v1.32 cluster', () => {
    expect(home.run('version')).toEqual({ stdout: 'Client Version: v1.32.2\nKustomize Version: v5.5.0\nServer Version: v1.32.2\n', stderr: '', code: 0 });
    expect(home.run('version --client').stdout).toBe('Client Version: v1.32.2\nKustomize Version: v5.5.0\n');
    // -o json and -o yaml as kubectl prints its struct: two-space JSON, and Println's newline after each.
    expect(home.run('version --client -o json').stdout).toBe(`{\n  "clientVersion": {\n    "major": "1",\n    "minor": "32",\n    "gitVersion": "v1.32.2",\n`
      + '    "gitCommit": "67a30c0adcf52bd3f56ff0893ce19966be12991f",\n    "gitTreeState": "clean",\n    "buildDate": "2025-02-12T21:26:09Z",\n'
      + '    "goVersion": "go1.23.6",\n    "compiler": "gc",\n    "platform": "linux/amd64"\n  },\n  "kustomizeVersion": "v5.5.0"\n}\n');
    expect(home.run('version --client -o yaml').stdout.endsWith('kustomizeVersion: v5.5.0\n\n')).toBe(true);
  });

  it('prints cluster-info as kubectl does (plain when not on a terminal)', () => {
    expect(home.run('cluster-info')).toEqual({
      stdout: 'Kubernetes control plane is running at https://172.18.0.2:6443\n'
        + 'CoreDNS is running at https://172.18.0.2:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n\n'
        + "To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n",
      stderr: '', code: 0,
    });
  });

  it('dumps typed lists and each container\'s log as cluster-info dump does', () => {
    const r = home.run('cluster-info dump');
    expect([r.code, r.stderr]).toEqual([0, '']);
    // Each list is one 4-space-indented JSON document; items carry no kind (typed clients drop it).
    const docs = r.stdout.split(/^(?=\{$|==== START)/m).filter((d) => d.startsWith('{')).map((d) => JSON.parse(d) as { kind: string; items: Record<string, unknown>[] });
    expect(docs.map((d) => d.kind)).toEqual(['NodeList', ...['kube-system', 'default'].flatMap(() => [
      'EventList', 'ReplicationControllerList', 'ServiceList', 'DaemonSetList', 'DeploymentList', 'ReplicaSetList', 'PodList'])]);
    expect(docs[0]!.items.every((i) => !('kind' in i) && !('apiVersion' in i))).toBe(true);
    // Fields in the Go structs' order, as kubectl prints decoded objects: a NodeAddress's type first.
    expect(Object.keys((docs[0]!.items[0] as { status: { addresses: object[] } }).status.addresses[0]!)).toEqual(['type', 'address']);
    expect(r.stdout).toMatch(/^==== START logs for container etcd of pod kube-system\/etcd-control01 ====\n(.*\n)*?==== END logs for container etcd of pod kube-system\/etcd-control01 ====$/m);
  });

  it('writes kubectl\'s file tree under --output-directory', () => {
    expect(home.run('cluster-info dump --namespaces kube-public -o yaml --output-directory dump')).toEqual({ code: 0, stdout: 'Cluster info dumped to dump\n', stderr: '' });
    const files = fs.readdirSync(path.join(home.dir, 'dump'), { recursive: true }).map(String).sort();
    expect(files).toEqual(['kube-public', 'kube-public/daemonsets.yaml', 'kube-public/deployments.yaml', 'kube-public/events.yaml', 'kube-public/pods.yaml',
      'kube-public/replicasets.yaml', 'kube-public/replication-controllers.yaml', 'kube-public/services.yaml', 'nodes.yaml']);
    // One YAML printer for the run: every document after the first starts with a separator.
    expect(fs.readFileSync(path.join(home.dir, 'dump/kube-public/pods.yaml'), 'utf8')).toBe('---\napiVersion: v1\nitems: []\nkind: PodList\nmetadata:\n  resourceVersion: ' + JSON.stringify(fs.readFileSync(path.join(home.dir, 'dump/nodes.yaml'), 'utf8').match(/resourceVersion: "(\d+)"\n$/)![1]) + '\n');
  });

  it('takes every print format for cluster-info dump: templates per list into .txt files, names refused for its typed lists', () => {
    expect(home.run(['cluster-info', 'dump', '--namespaces', 'kube-public', '--template={{.kind}} ']).stdout)
      .toBe('NodeList EventList ReplicationControllerList ServiceList DaemonSetList DeploymentList ReplicaSetList PodList ');
    expect(home.run(['cluster-info', 'dump', '--namespaces', 'kube-public', '-o', 'jsonpath={.kind}', '--output-directory', 'tdump']).code).toBe(0);
    expect(fs.readFileSync(path.join(home.dir, 'tdump/nodes.txt'), 'utf8')).toBe('NodeList');
    expect(home.run('cluster-info dump -o name')).toEqual({ stdout: '', stderr: 'error: list types are not supported by name printing: *v1.NodeList\n', code: 1 });
    expect(home.run('cluster-info dump -o wide').stderr).toBe('error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n');
  });

  it('answers unknown commands and flags as kubectl does', () => {
    expect(home.run('frobnicate')).toEqual({ stdout: '', stderr: 'error: unknown command "frobnicate" for "kubectl"\n', code: 1 });
    expect(home.run('get pods -z')).toEqual({ stdout: '', stderr: "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.\n", code: 1 });
    expect(home.run('get pods -o badformat').stderr).toBe('error: unable to match a printer suitable for the output format "badformat", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n');
    expect(home.run('get pods -o yaml --show-labels').stderr).toBe('error: --show-labels option cannot be used with yaml printer\n');
  });

  it('shows kube-system like a kubeadm cluster', () => {
    const pods = home.run('get pods -n kube-system --no-headers').stdout.split('\n').filter(Boolean).map((l) => l.split(/ +/)[0]!);
    expect(pods.filter((p) => !/^(coredns|kube-proxy)-/.test(p))).toEqual(['etcd-control01', 'kube-apiserver-control01', 'kube-controller-manager-control01', 'kube-scheduler-control01']);
    expect(pods.filter((p) => p.startsWith('kube-proxy-'))).toHaveLength(3);
    expect(pods.filter((p) => p.startsWith('coredns-'))).toHaveLength(2);
    expect(home.run('get nodes').stdout).toMatch(/^NAME +STATUS +ROLES +AGE +VERSION\ncontrol01 +Ready +control-plane +5m +v1\.32\.2\nworker01 +Ready +<none> +5m +v1\.32\.2\nworker02 +Ready +<none> +5m +v1\.32\.2\n$/);
    const sa = home.run('get sa -A --no-headers').stdout;
    for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) expect(sa).toMatch(new RegExp(`^${ns} +default +0 +5m$`, 'm'));
  });
});
