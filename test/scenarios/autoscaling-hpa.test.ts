import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// A Deployment asking 200m CPU per pod, each using what its kubemu.io/cpu-usage annotation says.
const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}, annotations: {kubemu.io/cpu-usage: 100m}}
    spec: {containers: [{name: web, image: nginx, resources: {requests: {cpu: 200m}}}]}
`;

const HEAD = 'NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE';

describe('HorizontalPodAutoscaler controller', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('hpa', 7);
    home.file('web.yaml', WEB);
  });
  afterAll(() => home.cleanup());

  const hpaRow = () => home.run('get hpa web --no-headers').stdout;
  const rescales = () => home.run(['get', 'events', '--field-selector', 'reason=SuccessfulRescale', '-o', 'jsonpath={range .items[*]}{.message}{"\\n"}{end}']).stdout;

  it('reports <unknown> and FailedGetResourceMetric without metrics-server', () => {
    home.run(['apply', '-f', `${home.dir}/web.yaml`]);
    expect(home.run('autoscale deployment web --cpu-percent=50 --min=1 --max=10').stdout).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    // The first sync comes one period (15 s) after the HPA is created.
    expect(home.run('get hpa').stdout).toBe(`${HEAD}\nweb    Deployment/web   cpu: <unknown>/50%   1         10        0          0s\n`);
    home.run('tick 20s');
    const described = home.run('describe hpa web').stdout;
    expect(described).toContain('  ScalingActive  False   FailedGetResourceMetric  the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)\n');
    expect(described).toContain('  Warning  FailedComputeMetricsReplicas  5s    horizontal-pod-autoscaler  invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)\n');
    expect(hpaRow()).toBe('web   Deployment/web   cpu: <unknown>/50%   1     10    1     20s\n');
  });

  it('scales up when use is above the target, with the event and TARGETS', () => {
    home.run('addon enable metrics-server');
    home.run('tick 1m');
    expect(hpaRow()).toBe('web   Deployment/web   cpu: 50%/50%   1     10    1     80s\n');
    // 340m of 200m is 170% against 50%: ceil(1 × 170 / 50) = 4.
    home.run('annotate pods -l app=web kubemu.io/cpu-usage=340m --overwrite');
    home.run('tick 15s');
    expect(rescales()).toBe('New size: 4; reason: cpu resource utilization (percentage of request) above target\n');
    expect(hpaRow()).toBe('web   Deployment/web   cpu: 170%/50%   1     10    1     95s\n');
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('4');
    expect(home.run('describe hpa web').stdout).toContain('  AbleToScale     True    SucceededRescale    the HPA controller was able to update the target scale to 4\n');
  });

  it('scales down only once the 300 s stabilization window has passed', () => {
    home.run('annotate pods -l app=web kubemu.io/cpu-usage=50m --overwrite');
    home.run('tick 4m');
    // 25% asks for 2, but 4 was recommended within the last 5 minutes.
    expect(hpaRow()).toBe('web   Deployment/web   cpu: 25%/50%   1     10    4     5m35s\n');
    expect(home.run('describe hpa web').stdout).toContain('  AbleToScale     True    ScaleDownStabilized  recent recommendations were higher than current one, applying the highest recent recommendation\n');
    // The last recommendation of 4 came while the new pods were still starting (counted at 100% of
    // their request, which outweighed the scale-down): five minutes after that, the count drops.
    home.run('tick 2m');
    expect(rescales()).toBe('New size: 4; reason: cpu resource utilization (percentage of request) above target\nNew size: 2; reason: All metrics below target\n');
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('2');
  });
});
