import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// Four pods that request 1500m and 2Gi each and use a tenth of it: CPU waves between 20m and
// 120m every 6 h, memory grows from 40Mi to 90Mi over 3 h.
const API = `apiVersion: apps/v1
kind: Deployment
metadata: {name: api}
spec:
  replicas: 4
  selector: {matchLabels: {app: api}}
  template:
    metadata:
      labels: {app: api}
      annotations: {kubemu.io/usage: "cpu=periodic(min=20m,max=120m,period=6h); memory=ramp(from=40Mi,to=90Mi,over=3h)"}
    spec:
      containers:
      - name: api
        image: nginx
        resources:
          requests: {cpu: 1500m, memory: 2Gi}
          limits: {cpu: "3", memory: 4Gi}
`;

const TABLE = [
  'WORKLOAD              CONTAINER   PODS   CPU REQUEST   CPU P95   CPU RECOMMENDED   MEMORY REQUEST   MEMORY PEAK   MEMORY RECOMMENDED',
  'deployment.apps/api   api         4      1500m         126m      145m              2Gi              92Mi          250Mi',
  '',
  '4 pods fit on 1 node instead of 2 nodes (4000m CPU, 16284Mi memory, 109 pods free on each worker)',
  '',
].join('\n');

describe('kubemu rightsize', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('rightsize', 5);
    home.file('api.yaml', API);
  });
  afterAll(() => home.cleanup());

  it('needs metrics-server, whose scrapes are the history', () => {
    expect(home.run('rightsize')).toMatchObject({ code: 1, stderr: 'error: Metrics API not available\n' });
    home.run('addon enable metrics-server');
    expect(home.run('rightsize')).toMatchObject({ code: 0, stdout: '', stderr: 'No observed use in default namespace in the last 24h.\n' });
    expect(home.run('rightsize --percentile 0')).toMatchObject({ code: 1, stderr: "error: --percentile must be from 1 to 100, got 0\nSee 'kubemu rightsize --help' for usage.\n" });
  });

  it('requests set from measured use fit the same pods on fewer nodes', () => {
    home.run(['apply', '-f', `${home.dir}/api.yaml`]);
    home.run('tick 6h');
    expect(home.run('rightsize')).toMatchObject({ code: 0, stdout: TABLE });
    // Folding the same history again (another read) changes nothing.
    expect(home.run('rightsize').stdout).toBe(TABLE);
  });

  it('--apply writes the recommendations, limits keeping their ratio', () => {
    expect(home.run('rightsize --apply').stdout).toBe(`${TABLE}\ndeployment.apps/api resources updated\n`);
    expect(home.run('get deploy api -o jsonpath={.spec.template.spec.containers[0].resources}').stdout)
      .toBe('{"limits":{"cpu":"290m","memory":"500Mi"},"requests":{"cpu":"145m","memory":"250Mi"}}');
  });
});

describe('kubemu rightsize on a node pool', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('rightsize-aks', 5, '--node-profile aks --system-pool --workers 2');
    home.file('api.yaml', API);
  });
  afterAll(() => home.cleanup());

  it('prices the nodes saved at the pool\'s VM price over a 730-hour month, as kubemu cost does', () => {
    home.run('addon enable metrics-server');
    home.run(['apply', '-f', `${home.dir}/api.yaml`]);
    home.run('tick 6h');
    // By hand: 1500m requests put two pods on each Standard_D4s_v5 (3860m allocatable), so four
    // need 2 nodes; 145m fits all four on 1. One D4s_v5 less: $0.192/h × 730 h = $140.16.
    const saving = (2 - 1) * 0.192 * 730;
    expect(saving.toFixed(4)).toBe('140.1600');
    expect(home.run('rightsize').stdout.split('\n').slice(-2)[0]).toBe(
      `4 pods fit on 1 node instead of 2 nodes, saving $${saving.toFixed(4)} a month (Standard_D4s_v5 at $0.1920/h × 730h; 3860m CPU, 14034Mi memory, 109 pods free on each worker)`);
    // kubemu cost's month at the current rate is the same convention: 2 nodes × $0.192 × 730.
    expect(home.run('cost').stdout).toContain(`Month   $${(2 * 0.192 * 730).toFixed(4)} at the current rate ($0.3840/h × 730h)`);
  });
});
