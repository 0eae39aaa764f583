/**
 * kubemu check: the real CLI on fixture bundles (test/scenarios/testdata/check), with the
 * reports asserted exactly — a good bundle passes, and each finding type carries
 * Kubernetes' own words, its rule id and the object's file and line.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_DATA, checkRunner } from '../helpers/check-cli';

const DATA = CHECK_DATA;
const check = checkRunner();

interface JsonReport { files: { file: string; objects: { line: number; object: string; result: string; findings: { rule: string; message: string }[] }[] }[] }
const findingsOf = (stdout: string) => (JSON.parse(stdout) as JsonReport).files.flatMap((f) => f.objects.map((o) => ({ file: f.file, line: o.line, object: o.object, result: o.result, findings: o.findings.map((x) => `${x.rule}: ${x.message}`) })));

describe('kubemu check', () => {
  it('passes a good bundle (Namespace, Deployment, Service) with exit 0, writing nothing to KUBEMU_HOME', () => {
    const r = check('good.yaml');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe([
      'good.yaml',
      'LINE   OBJECT                        PHASE      RESULT   REASON',
      '1      namespace/shop                admitted   pass',
      '6      deployment.apps/web -n shop   ready      pass',
      '25     service/web -n shop           ready      pass',
      '',
      '3 objects in 1 file: 3 passed, 0 failed (until ready, profile kubeadm, seed 1, simulated 3.8s)',
      '',
    ].join('\n'));
    expect(r.code).toBe(0);
    expect(fs.readdirSync(r.home.dir)).toEqual([]);
  });

  it('is byte-identical on a rerun with the same seed', () => {
    expect(check('good.yaml bad-image.yaml -o json').stdout).toBe(check('good.yaml bad-image.yaml -o json').stdout);
  });

  it("rejects invalid objects with apply's exact text and their file:line, and admits the rest", () => {
    const r = check('invalid.yaml -o json');
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout)).toEqual([
      { file: 'invalid.yaml', line: 1, object: 'configmap/fine -n default', result: 'pass', findings: [] },
      { file: 'invalid.yaml', line: 7, object: 'deployment.apps/typo -n default', result: 'fail', findings: [
        'KM001-rejected: Error from server (BadRequest): error when creating "invalid.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.templates"'] },
      { file: 'invalid.yaml', line: 16, object: 'deployment.apps/negative -n default', result: 'fail', findings: [
        'KM001-rejected: The Deployment "negative" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0'] },
    ]);
  });

  it("reports an unschedulable Deployment with the scheduler's message", () => {
    const r = check('unschedulable.yaml --until scheduled -o json');
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout)[0]!.findings).toEqual([
      'KM010-unschedulable: 0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..',
    ]);
  });

  it("reports a bad image with the kubelet's ImagePullBackOff and the rollout's deadline", () => {
    const r = check('bad-image.yaml -o json --sim-timeout 11m');
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout)).toEqual([{ file: 'bad-image.yaml', line: 2, object: 'deployment.apps/img -n default', result: 'fail', findings: [
      'KM020-image-pull: ImagePullBackOff: Back-off pulling image "nginx:1.999": ErrImagePull: rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found',
      'KM024-progress-deadline: ReplicaSet "img-5c8d494956" has timed out progressing.',
    ] }]);
  });

  it('reports a Service whose selector matches nothing and one whose targetPort no container serves', () => {
    const r = check('services.yaml -o json');
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout).map((o) => o.findings)).toEqual([
      [],
      ['KM040-service-no-pods: service "wrong-selector" has no endpoints: its selector app=wbe matches no pod in namespace "default"'],
      ['KM041-service-target-port: service "wrong-port" port 80 targets port 8080, which no container of its pods exposes (they expose 80)'],
    ]);
  });

  it('registers a CRD of the bundle before its custom resources, and reports crash loops, missing config and pending claims', () => {
    const r = check('more-findings.yaml -o json');
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout).map((o) => [o.object, o.result, ...o.findings.map((f) => f.replace(/\(([0-9a-f-]{36})\)/, '(UID)'))])).toEqual([
      ['widget.example.com/w1 -n default', 'pass'],
      ['customresourcedefinition.apiextensions.k8s.io/widgets.example.com', 'pass'],
      ['pod/crash -n default', 'fail', 'KM021-crash-loop: CrashLoopBackOff: back-off 5m0s restarting failed container=c pod=crash_default(UID)'],
      ['pod/cfg -n default', 'fail', 'KM022-container-config: CreateContainerConfigError: configmap "missing" not found'],
      ['persistentvolumeclaim/data -n default', 'fail', 'KM030-pvc-pending: no persistent volumes available for this claim and no storage class is set'],
    ]);
  });

  it('stops at admitted with --until admitted: only the API answers count', () => {
    const r = check('more-findings.yaml --until admitted -o json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { simulated: string; summary: { passed: number } })).toMatchObject({ simulated: '0s', summary: { passed: 5 } });
  });

  it("reports a document that is not YAML with apply's parse error at the line it starts on, and checks the rest", () => {
    const r = check('broken.yaml -o github');
    expect([r.code, r.stdout]).toEqual([1, [
      // kubectl 1.32 reads this file's `bad: [` (nothing after the bracket) as go-yaml's node-content error.
      "::error file=broken.yaml,line=6,title=KM002-unreadable::error: error parsing broken.yaml: error converting YAML to JSON: yaml: line 6: did not find expected node content",
      '1 object in 1 file: 1 passed, 0 failed, 1 unreadable document (until ready, profile kubeadm, seed 1, simulated 0s)',
      '',
    ].join('\n')]);
  });

  it('reads stdin', () => {
    const stdin = fs.readFileSync(path.join(DATA, 'good.yaml'), 'utf8');
    expect(check('- -o json', stdin).stdout).toBe(check('good.yaml -o json').stdout.replaceAll('"good.yaml"', '"STDIN"'));
  });

  it('exits 2 on usage errors', () => {
    const none = check('');
    expect([none.code, none.stderr]).toEqual([2, 'error: check needs at least one file, directory or - (stdin), e.g. `kubemu check k8s/ -R`\n']);
    const until = check('good.yaml --until done');
    expect([until.code, until.stderr]).toEqual([2, 'error: invalid argument "done" for "--until" flag: must be one of: admitted, scheduled, ready, complete\n']);
    const flag = check('good.yaml --nope');
    expect(flag.code).toBe(2);
    const missing = check('missing.yaml');
    expect([missing.code, missing.stderr]).toEqual([2, 'error: the path "missing.yaml" does not exist\n']);
  });
});
