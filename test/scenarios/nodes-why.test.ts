import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const BIG = `apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "8"
`;

describe('kubemu why', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('why', 7); });
  afterEach(() => home.cleanup());

  it('explains a pod too big for every node', () => {
    home.run(['apply', '-f', home.file('big.yaml', BIG)]);
    const taint = 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';
    expect(home.run('why pod/big')).toEqual({
      stdout: [
        'Pod default/big is not scheduled; computed against the cluster now (3 nodes).',
        '',
        'Filters:',
        `NODE        NodeUnschedulable   NodeName   TaintToleration${' '.repeat(taint.length - 'TaintToleration'.length)}   NodeAffinity   NodePorts   NodeResourcesFit   VolumeBinding   VolumeZone   PodTopologySpread   InterPodAffinity   RESULT`,
        `control01   pass                pass       ${taint}   skip           skip        Insufficient cpu   skip            skip         skip                skip               filtered`,
        `worker01    pass                pass       pass${' '.repeat(taint.length - 4)}   skip           skip        Insufficient cpu   skip            skip         skip                skip               filtered`,
        `worker02    pass                pass       pass${' '.repeat(taint.length - 4)}   skip           skip        Insufficient cpu   skip            skip         skip                skip               filtered`,
        '',
        `Result: unschedulable: 0/3 nodes are available: 1 ${taint}, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..`,
        '',
      ].join('\n'),
      stderr: '',
      code: 0,
    });
  });

  it('recomputes a scheduled pod without it, with scores and the chosen node', () => {
    home.run('run small --image=nginx');
    home.run('tick 30s');
    const out = home.run('why small').stdout;
    const node = home.run(['get', 'pod', 'small', '-o', 'jsonpath={.spec.nodeName}']).stdout;
    expect(out.split('\n')[0]).toBe(`Pod default/small is bound to ${node}; recomputed against the cluster without it (3 nodes).`);
    expect(out).toContain('Scores (normalized×weight=weighted):\nSCORE PLUGIN                      WEIGHT   worker01    worker02\nTaintToleration                   3        100×3=300   100×3=300\n');
    expect(out).toMatch(/\nTOTAL +\d+ +\d+\n\nResult: worker0[12]/);
    expect(home.run('why pod/nosuch')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\n', code: 1 });
  });
});
