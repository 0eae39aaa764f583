/**
 * Objects as kube-apiserver keeps them: decoded into its Go types and encoded again. A quantity
 * "1000m" is stored and served as "1", "0.5" as "500m", "2048Mi" as "2Gi" and a number as a
 * string, while a text ParseQuantity caches ("500m", "1Gi") stays as typed; a []byte field's
 * base64 comes back on one line; a time in UTC at its type's precision; an omitempty field
 * left empty (`env: []`, `hostNetwork: false`, `annotations: {}`) is gone, while an empty
 * struct (`resources: {}`) stays.
 * kubectl's last-applied configuration keeps the manifest as written, so applying a
 * non-canonical quantity again is "configured" (kubernetes/kubernetes#116135), a no-op write.
 * LimitRange's ordering rules print the bad Quantity as Go's %#v.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const deployment = (requests: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
        resources: {requests: ${requests}}
`;

describe('stored forms', () => {
  const home = manualCluster('stored-forms', 7);
  afterAll(() => home.cleanup());

  it('stores and serves each quantity as its MarshalJSON writes it, whoever wrote it', () => {
    const file = home.file('web.yaml', deployment('{cpu: 1000m, memory: 2048Mi, ephemeral-storage: 1}'));
    expect(home.run(['apply', '-f', file]).stdout).toBe('deployment.apps/web created\n');
    const resources = '{.spec.template.spec.containers[0].resources}';
    expect(home.run(['get', 'deploy', 'web', '-o', `jsonpath=${resources}`]).stdout).toBe('{"requests":{"cpu":"1","ephemeral-storage":"1","memory":"2Gi"}}');
    home.run('tick 30s');
    expect(home.run(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[0].spec.containers[0].resources.requests.cpu}']).stdout).toBe('1');
    expect(home.run(['set', 'resources', 'deploy', 'web', '--limits=cpu=1.5,memory=4096Mi']).code).toBe(0);
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].resources.limits}']).stdout).toBe('{"cpu":"1500m","memory":"4Gi"}');
  });

  it('keeps the manifest as written in last-applied, so a re-apply is configured yet writes nothing', () => {
    const file = home.file('web.yaml', deployment('{cpu: 1000m, memory: 2048Mi, ephemeral-storage: 1}'));
    const rv = () => home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.resourceVersion}/{.metadata.generation}']).stdout;
    const before = rv();
    expect(home.run(['apply', '-f', file]).stdout).toBe('deployment.apps/web configured\n');
    expect(rv()).toBe(before);
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toContain('"resources":{"requests":{"cpu":"1000m","ephemeral-storage":1,"memory":"2048Mi"}}');
    expect(home.run(['diff', '-f', file])).toEqual({ code: 0, stdout: '', stderr: '' });
    // Written as stored, the same apply is unchanged.
    home.file('web.yaml', deployment('{cpu: "1", memory: 2Gi, ephemeral-storage: "1"}'));
    expect(home.run(['apply', '-f', file]).stdout).toBe('deployment.apps/web configured\n');
    expect(home.run(['apply', '-f', file]).stdout).toBe('deployment.apps/web unchanged\n');
  });

  it("refuses a LimitRange whose quantities are out of order, the bad value as Go's %#v prints it", () => {
    const r = home.run('create -f -', { stdin: 'apiVersion: v1\nkind: LimitRange\nmetadata: {name: bad}\nspec:\n  limits:\n  - type: Container\n    max: {cpu: 500m}\n    min: {cpu: "1"}\n  - type: Pod\n    max: {memory: 4Gi}\n    min: {memory: 1Gi}\n    maxLimitRequestRatio: {memory: "5"}\n' });
    const q = (value: number, scale: number, s: string, format: string) => `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"${s}", Format:"${format}"}`;
    expect(r).toEqual({ code: 1, stdout: '', stderr: `The LimitRange "bad" is invalid: \n`
      + `* spec.limits[0].min[cpu]: Invalid value: ${q(1, 0, '1', 'DecimalSI')}: min value 1 is greater than max value 500m\n`
      + `* spec.limits[0].defaultRequest[cpu]: Invalid value: ${q(500, -3, '500m', 'DecimalSI')}: min value 1 is greater than default request value 500m\n`
      + `* spec.limits[0].default[cpu]: Invalid value: ${q(1, 0, '1', 'DecimalSI')}: min value 1 is greater than default value 500m\n`
      + `* spec.limits[1].maxLimitRequestRatio[memory]: Invalid value: ${q(5, 0, '5', 'DecimalSI')}: ratio 5 is greater than max/min = 4.000000\n` });
    expect(home.run('create -f -', { stdin: 'apiVersion: v1\nkind: LimitRange\nmetadata: {name: gpu}\nspec:\n  limits:\n  - type: Container\n    default: {example.com/gpu: "2"}\n    defaultRequest: {example.com/gpu: "1"}\n' }).stderr)
      .toBe(`The LimitRange "gpu" is invalid: spec.limits[0].defaultRequest[example.com/gpu]: Invalid value: ${q(1, 0, '1', 'DecimalSI')}: default value 2 must equal to defaultRequest value 1 in example.com/gpu\n`);
  });

  it('leaves out what encoding/json omits when empty, whoever wrote it', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: z, annotations: {}, labels: {}}\nspec:\n  hostNetwork: false\n  dnsPolicy: ""\n  containers:\n  - {name: a, image: nginx, env: [], stdin: false, ports: [], resources: {}}\n';
    const out = home.run('create -f - --dry-run=server -o json', { stdin: pod });
    const created = JSON.parse(out.stdout);
    expect([created.metadata.annotations, created.metadata.labels, created.spec.hostNetwork, created.spec.dnsPolicy]).toEqual([undefined, undefined, undefined, 'ClusterFirst']);
    expect(created.spec.containers[0]).toMatchObject({ resources: {} });
    expect(Object.keys(created.spec.containers[0])).not.toContain('env');
    // A ServiceAccount subject's defaulted group "" is not written; a CronJob's Job has no empty label map.
    home.run('create sa robot');
    home.run('create rolebinding rb --clusterrole=view --serviceaccount=default:robot');
    expect(home.run('get rolebinding rb -o jsonpath={.subjects[0]}').stdout).toBe('{"kind":"ServiceAccount","name":"robot","namespace":"default"}');
    home.run(['create', 'cronjob', 'cj', '--image=busybox', '--schedule=*/1 * * * *', '--', 'true']);
    home.run('tick 2m');
    expect(home.run('get jobs -o custom-columns=LABELS:.metadata.labels --no-headers').stdout).toMatch(/^(<none>\n)+$/);
  });

  it('keeps a time in UTC, to the second (a MicroTime to the microsecond)', () => {
    expect(home.run('create -f -', { stdin: 'apiVersion: v1\nkind: Event\nmetadata: {name: t}\ninvolvedObject: {kind: Pod, name: p, namespace: default}\nreason: R\nfirstTimestamp: "2026-01-01T10:00:00.75+02:00"\n' }).code).toBe(0);
    expect(home.run('get event t -o jsonpath={.firstTimestamp}').stdout).toBe('2026-01-01T08:00:00Z');
    const micro = (at: string) => `apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: m}\neventTime: "${at}"\nregarding: {kind: Pod, name: p, namespace: default}\nreportingController: x.io/c\nreportingInstance: i\naction: A\nreason: R\ntype: Normal\n`;
    expect(home.run('create -f -', { stdin: micro('2026-01-01T10:00:00,123456+01:00') }).code).toBe(0);
    expect(home.run('get events.events.k8s.io m -o jsonpath={.eventTime}').stdout).toBe('2026-01-01T09:00:00.123456Z');
    // MicroTime parses with RFC3339Micro: exactly six fraction digits.
    expect(home.run('create -f -', { stdin: micro('2026-01-01T10:00:00.1234567+01:00') })).toEqual({
      stdout: '', code: 1,
      stderr: 'Error from server (BadRequest): error when creating "STDIN": Event in version "v1" cannot be handled as a Event: parsing time "2026-01-01T10:00:00.1234567+01:00" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "7+01:00" as "Z07:00"\n',
    });
  });

  it('keeps a Secret\'s base64 as it encodes it again', () => {
    expect(home.run('apply -f -', { stdin: 'apiVersion: v1\nkind: Secret\nmetadata: {name: tls}\ndata:\n  a: |\n    aGVsbG8g\n    d29ybGQ=\n' }).code).toBe(0);
    expect(home.run('get secret tls -o jsonpath={.data.a}').stdout).toBe('aGVsbG8gd29ybGQ=');
  });
});
