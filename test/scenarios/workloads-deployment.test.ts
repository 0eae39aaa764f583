import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

function deploymentEvents(home: TempHome): string[] {
  return JSON.parse(home.run('get events -o json').stdout).items
    .sort((a: { metadata: { resourceVersion: string } }, b: { metadata: { resourceVersion: string } }) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .filter((e: { involvedObject: { kind: string } }) => e.involvedObject.kind === 'Deployment')
    .map((e: { reason: string; message: string }) => `${e.reason} ${e.message}`);
}

function replicaSets(home: TempHome): Record<string, { revision: string; history?: string; replicas: number; image: string; changeCause?: string }> {
  const out: Record<string, { revision: string; history?: string; replicas: number; image: string; changeCause?: string }> = {};
  for (const rs of JSON.parse(home.run('get rs -o json').stdout).items) {
    const a = rs.metadata.annotations;
    out[rs.spec.template.spec.containers[0].image] = {
      revision: a['deployment.kubernetes.io/revision'], history: a['deployment.kubernetes.io/revision-history'],
      replicas: rs.spec.replicas, image: rs.spec.template.spec.containers[0].image, changeCause: a['kubernetes.io/change-cause'],
    };
  }
  return out;
}

describe('workloads: Deployments', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('deploy', 7); });
  afterEach(() => home.cleanup());

  it('rolls an update by maxSurge/maxUnavailable with ScalingReplicaSet events', () => {
    home.run('create deployment web --image=nginx:1.27 --replicas=4');
    home.run('tick 1m');
    expect(home.run('set image deployment/web nginx=nginx:1.26').stdout).toBe('deployment.apps/web image updated\n');
    home.run('tick 2m');
    const rs = JSON.parse(home.run('get rs -o json').stdout).items;
    const [oldName, newName] = [rs.find((r: { spec: { replicas: number } }) => r.spec.replicas === 0).metadata.name, rs.find((r: { spec: { replicas: number } }) => r.spec.replicas === 4).metadata.name];
    // 4 replicas at 25%: surge 1, unavailable 1 — the new set steps up as the old steps down.
    expect(deploymentEvents(home)).toEqual([
      `ScalingReplicaSet Scaled up replica set ${oldName} from 0 to 4`,
      `ScalingReplicaSet Scaled up replica set ${newName} from 0 to 1`,
      `ScalingReplicaSet Scaled down replica set ${oldName} from 4 to 3`,
      `ScalingReplicaSet Scaled up replica set ${newName} from 1 to 2`,
      `ScalingReplicaSet Scaled down replica set ${oldName} from 3 to 2`,
      `ScalingReplicaSet Scaled up replica set ${newName} from 2 to 3`,
      `ScalingReplicaSet Scaled down replica set ${oldName} from 2 to 1`,
      `ScalingReplicaSet Scaled up replica set ${newName} from 3 to 4`,
      `ScalingReplicaSet Scaled down replica set ${oldName} from 1 to 0`,
    ]);
    expect(home.run('get deploy web --no-headers').stdout).toBe('web   4/4   4     4     3m\n');
    const d = JSON.parse(home.run('get deploy web -o json').stdout);
    expect(d.metadata.annotations['deployment.kubernetes.io/revision']).toBe('2');
    expect(d.status.conditions.find((c: { type: string }) => c.type === 'Progressing').reason).toBe('NewReplicaSetAvailable');
  });

  it('copies change-cause to the new ReplicaSet and makes an undone revision the newest', () => {
    home.run('create deployment web --image=nginx:1.27 --replicas=2');
    home.run('tick 1m');
    home.run(['annotate', 'deployment/web', 'kubernetes.io/change-cause=first']);
    home.run('set image deployment/web nginx=nginx:1.26');
    home.run(['annotate', 'deployment/web', 'kubernetes.io/change-cause=second', '--overwrite']);
    home.run('tick 2m');
    expect(replicaSets(home)['nginx:1.26']).toMatchObject({ revision: '2', replicas: 2, changeCause: 'second' });
    home.run('rollout undo deployment/web');
    home.run('tick 2m');
    const sets = replicaSets(home);
    expect(sets['nginx:1.27']).toMatchObject({ revision: '3', history: '1', replicas: 2 });
    expect(sets['nginx:1.26']).toMatchObject({ revision: '2', replicas: 0 });
  });

  it('scales a paused rollout proportionally across its ReplicaSets', () => {
    home.run('create deployment web --image=nginx:1.27 --replicas=10');
    home.run('tick 1m');
    home.run(['patch', 'deployment/web', '-p', '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":3,"maxUnavailable":2}}}}']);
    home.run('set image deployment/web nginx=nginx:1.26');
    home.run('rollout pause deployment/web');
    home.run('scale deployment/web --replicas=15');
    home.run('tick 30s');
    // Mid-rollout 8 old + 5 new (13 = 10 + surge 3); 15 + 3 = 18 is shared by size: +3 and +2.
    const sets = replicaSets(home);
    expect([sets['nginx:1.27']!.replicas, sets['nginx:1.26']!.replicas]).toEqual([11, 7]);
    expect(deploymentEvents(home).slice(-2).map((e) => e.replace(/web-[a-z0-9]+/, 'RS'))).toEqual([
      'ScalingReplicaSet Scaled up replica set RS from 5 to 7', 'ScalingReplicaSet Scaled up replica set RS from 8 to 11']);
  });
});
