import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PDB = (min: number) => `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: ${min}
  selector:
    matchLabels:
      app: web
`;
const blocked = (pod: string) => `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n`;

/** onWorker01 names the pods of a namespace on worker01 with a name prefix (names come from the seed). */
function onWorker01(home: TempHome, ns: string, prefix: string): string {
  const out = home.run(['get', 'pods', '-n', ns, '-o', 'jsonpath={range .items[*]}{.metadata.name} {.spec.nodeName}{"\\n"}{end}']).stdout;
  const hit = out.split('\n').map((l) => l.split(' ')).find(([n, node]) => n!.startsWith(prefix) && node === 'worker01');
  if (!hit) throw new Error(`no ${prefix} pod on worker01:\n${out}`);
  return hit[0]!;
}

describe('drain', () => {
  let home: TempHome;
  beforeEach(() => {
    home = manualCluster('drain', 7);
    home.run('create deployment web --image=nginx --replicas=2');
    home.run(['apply', '-f', home.file('pdb.yaml', PDB(2))]);
    home.run('tick 1m');
  });
  afterEach(() => home.cleanup());

  it('refuses DaemonSet pods without --ignore-daemonsets', () => {
    const ds = `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/${onWorker01(home, 'kube-system', 'kube-proxy-')}`;
    expect(home.run('drain worker01')).toEqual({
      stdout: 'node/worker01 cordoned\n',
      // kubectl 1.32 prints RunDrain's aggregate as bare lines (checked through kubemu serve).
      stderr: `error: unable to drain node "worker01" due to error: ${ds}, continuing command...\nThere are pending nodes to be drained:\n worker01\n${ds}\n`,
      code: 1,
    });
  });

  it('a server dry run sends each eviction as a dry run, evicts nothing and waits for nothing', () => {
    const web = onWorker01(home, 'default', 'web-');
    const dns = onWorker01(home, 'kube-system', 'coredns-');
    home.run(['apply', '-f', home.file('pdb.yaml', PDB(1))]);
    home.run('tick 5s');
    const before = home.run('get pods -A -o name').stdout;
    const r = home.run('drain worker01 --ignore-daemonsets --dry-run=server');
    expect(r.stdout).toBe(`node/worker01 cordoned (server dry run)\nevicting pod default/${web} (server dry run)\nevicting pod kube-system/${dns} (server dry run)\nnode/worker01 drained (server dry run)\n`);
    expect(r.code).toBe(0);
    expect(home.run('get pods -A -o name').stdout).toBe(before);
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.unschedulable}']).stdout).toBe('');
  });

  it('retries a PDB-blocked eviction every 5s until --timeout, then succeeds once the PDB allows', () => {
    const web = onWorker01(home, 'default', 'web-');
    const dns = onWorker01(home, 'kube-system', 'coredns-');
    const proxy = onWorker01(home, 'kube-system', 'kube-proxy-');
    const r = home.run('drain worker01 --ignore-daemonsets --timeout 12s');
    expect(r.stdout).toBe([
      'node/worker01 cordoned',
      `evicting pod default/${web}`,
      `evicting pod kube-system/${dns}`,
      `pod/${dns} evicted`,
      `evicting pod default/${web}`,
      `evicting pod default/${web}`,
      `evicting pod default/${web}`,
      '',
    ].join('\n'));
    const timeout = `error when evicting pods/"${web}" -n "default": global timeout reached: 12s`;
    expect(r.stderr).toBe(`Warning: ignoring DaemonSet-managed Pods: kube-system/${proxy}\n` + blocked(web).repeat(3)
      + `There are pending pods in node "worker01" when an error occurred: ${timeout}\npod/${web}\n`
      + `error: unable to drain node "worker01" due to error: ${timeout}, continuing command...\nThere are pending nodes to be drained:\n worker01\n${timeout}\n`);
    expect(r.code).toBe(1);
    expect(home.run('get pdb web --no-headers').stdout).toBe('web   2     N/A   0     75s\n');

    home.run(['apply', '-f', home.file('pdb.yaml', PDB(1))]);
    expect(home.run('drain worker01 --ignore-daemonsets')).toEqual({
      stdout: `node/worker01 already cordoned\nevicting pod default/${web}\npod/${web} evicted\nnode/worker01 drained\n`,
      stderr: `Warning: ignoring DaemonSet-managed Pods: kube-system/${proxy}\n`,
      code: 0,
    });
    home.run('tick 30s');
    expect(home.run('get pods -o wide --no-headers').stdout).not.toContain('worker01');
  });

  it('lists unmanaged pods as an error without --force and deletes them with it', () => {
    home.run('run lone --image=nginx');
    home.run('tick 30s');
    const node = home.run(['get', 'pod', 'lone', '-o', 'jsonpath={.spec.nodeName}']).stdout;
    const r = home.run(`drain ${node} --ignore-daemonsets`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot delete cannot delete Pods that declare no controller (use --force to override): default/lone`);
    const f = home.run(`drain ${node} --ignore-daemonsets --force --pod-selector run=lone`);
    expect(f.stderr).toBe('Warning: deleting Pods that declare no controller: default/lone\n');
    expect(f.stdout).toBe(`node/${node} already cordoned\nevicting pod default/lone\npod/lone evicted\nnode/${node} drained\n`);
  });
});
