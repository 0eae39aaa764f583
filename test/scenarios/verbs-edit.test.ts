/**
 * verbs-edit: label, annotate, patch, scale and set against live objects — kubectl's
 * operation words, preconditions and error lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => {
  home = manualCluster('edit', 7);
  home.run('run nginx --image=nginx');
  home.run('create deployment web --image=nginx --replicas=3');
  home.run('tick 1m');
});
afterAll(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('label', () => {
  it('adds, refuses to overwrite, overwrites, removes', () => {
    expect(home.run('label pod nginx env=prod')).toEqual(ok('pod/nginx labeled\n'));
    expect(home.run('label pod nginx env=staging')).toEqual(fail("error: 'env' already has a value (prod), and --overwrite is false\n"));
    expect(home.run('label pod nginx env=staging --overwrite')).toEqual(ok('pod/nginx labeled\n'));
    expect(home.run('get pod nginx -o jsonpath={.metadata.labels.env}')).toEqual(ok('staging'));
    expect(home.run('label pod nginx env-')).toEqual(ok('pod/nginx unlabeled\n'));
    expect(home.run('label pod nginx env-')).toEqual(ok('label "env" not found.\npod/nginx not labeled\n'));
    expect(home.run('label pod nginx run=nginx')).toEqual(ok('pod/nginx not labeled\n'));
    expect(home.run('label pod nosuch a=b')).toEqual(fail('Error from server (NotFound): pods "nosuch" not found\n'));
  });
  it('labels by selector and --all', () => {
    const r = home.run('label pods -l app=web tier=frontend');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.replace(/web-[a-z0-9]+-[a-z0-9]+/, 'web-X'))).toEqual(Array(3).fill('pod/web-X labeled'));
    expect(home.run('get pods -l tier=frontend -o name').stdout.split('\n').filter(Boolean)).toHaveLength(3);
    const all = home.run('label pods --all team=a');
    expect(all.stdout.split('\n').filter(Boolean)).toHaveLength(4);
  });
  it('holds only a single object to --resource-version, as label and annotate check after the builder', () => {
    const single = fail('error: --resource-version may only be used with a single resource\n');
    expect(home.run('label pods --all stale=1 --resource-version=1')).toEqual(single);
    expect(home.run('annotate pods -l app=web stale=1 --resource-version=1')).toEqual(single);
    expect(home.run('label pod nginx nosuch stale=1 --resource-version=1')).toEqual(single);
    expect(home.run('get pods -l stale -o name').stdout).toBe('');
    expect(home.run('label pod nginx stale=1 --resource-version=1').stderr).toMatch(/^Error from server \(Conflict\): Operation cannot be fulfilled on pods "nginx"/);
  });

  it('dry runs do not change the object', () => {
    expect(home.run('label pod nginx x=y --dry-run=client')).toEqual(ok('pod/nginx labeled (dry run)\n'));
    expect(home.run('label pod nginx x=y --dry-run=server')).toEqual(ok('pod/nginx labeled (server dry run)\n'));
    expect(home.run('get pod nginx -o jsonpath={.metadata.labels.x}')).toEqual(ok(''));
  });
});

describe('annotate', () => {
  it('always says annotated; refuses overwrites', () => {
    expect(home.run(['annotate', 'pod', 'nginx', 'description=my pod'])).toEqual(ok('pod/nginx annotated\n'));
    expect(home.run('annotate pod nginx description=other')).toEqual(fail("error: --overwrite is false but found the following declared annotation(s): 'description' already has a value (my pod)\n"));
    expect(home.run('annotate pod nginx description-')).toEqual(ok('pod/nginx annotated\n'));
    expect(home.run('annotate pod nginx')).toEqual(fail('error: at least one annotation update is required\n'));
  });
});

describe('patch', () => {
  it('patches, reports no change, and supports the three types', () => {
    expect(home.run(['patch', 'deployment', 'web', '-p', '{"spec":{"replicas":4}}'])).toEqual(ok('deployment.apps/web patched\n'));
    expect(home.run(['patch', 'deployment', 'web', '-p', '{"spec":{"replicas":4}}'])).toEqual(ok('deployment.apps/web patched (no change)\n'));
    expect(home.run(['patch', 'deploy/web', '--type', 'json', '-p', '[{"op":"replace","path":"/spec/replicas","value":3}]'])).toEqual(ok('deployment.apps/web patched\n'));
    expect(home.run(['patch', 'deploy/web', '--type', 'merge', '-p', '{"metadata":{"labels":{"x":"y"}}}', '-o', 'jsonpath={.metadata.labels.x}'])).toEqual(ok('y'));
    const f = home.file('p.yaml', 'spec:\n  replicas: 2\n');
    expect(home.run(['patch', 'deploy', 'web', '--patch-file', f])).toEqual(ok('deployment.apps/web patched\n'));
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}')).toEqual(ok('2'));
    expect(home.run(['patch', 'deploy', 'nosuch', '-p', '{}'])).toEqual(fail('Error from server (NotFound): deployments.apps "nosuch" not found\n'));
  });
});

describe('scale', () => {
  it('scales and checks preconditions', () => {
    expect(home.run('scale deployment web --replicas=5')).toEqual(ok('deployment.apps/web scaled\n'));
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}')).toEqual(ok('5'));
    expect(home.run('scale deployment nosuch --replicas=2')).toEqual(fail('error: no objects passed to scale deployments.apps "nosuch" not found\n'));
    expect(home.run('scale deployment web --replicas=-1')).toEqual(fail('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n'));
    expect(home.run('scale deployment web --replicas=2 --current-replicas=9')).toEqual(fail('error: Expected replicas to be 9, was 5\n'));
    expect(home.run('scale deployment web --replicas=3 --current-replicas=5')).toEqual(ok('deployment.apps/web scaled\n'));
    // --resource-version is a precondition of kubectl's scaler too, not a write the server refuses.
    const rv = home.run('get deployment web -o jsonpath={.metadata.resourceVersion}').stdout;
    expect(home.run('scale deployment web --replicas=4 --resource-version=1')).toEqual(fail(`error: Expected resource version to be 1, was ${rv}\n`));
    expect(home.run(['scale', 'deployment', 'web', '--replicas=3', `--resource-version=${rv}`])).toEqual(ok('deployment.apps/web scaled\n'));
    expect(home.run('scale deploy web')).toEqual(fail('error: required flag(s) "replicas" not set\n'));
    expect(home.run('scale deploy --all --replicas=3')).toEqual(ok('deployment.apps/web scaled\n'));
  });
});

describe('set', () => {
  it('set image / env / resources', () => {
    expect(home.run('set image deployment/web nginx=nginx:1.28')).toEqual(ok('deployment.apps/web image updated\n'));
    expect(home.run('set image deployment/web nginx=nginx:1.28')).toEqual(ok(''));
    expect(home.run('set image deployment/web nosuch=nginx:1.28')).toEqual(fail('error: unable to find container named "nosuch"\n'));
    expect(home.run('set env deployment/web LOG=debug')).toEqual(ok('deployment.apps/web env updated\n'));
    expect(home.run('set resources deployment web --limits=cpu=200m,memory=512Mi')).toEqual(ok('deployment.apps/web resource requirements updated\n'));
    const c = JSON.parse(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0]}']).stdout);
    expect(c.image).toBe('nginx:1.28');
    expect(c.env).toEqual([{ name: 'LOG', value: 'debug' }]);
    expect(c.resources).toEqual({ limits: { cpu: '200m', memory: '512Mi' } });
  });

  it('set env --list --resolve shows each valueFrom resolved, and names what cannot be, as kubectl does', () => {
    expect(home.run('create deployment refs --image=nginx').code).toBe(0);
    expect(home.run('create configmap c1 --from-literal=a=1').code).toBe(0);
    expect(home.run('create secret generic s1 --from-literal=pw=hunter2').code).toBe(0);
    // kubectl 1.32 through kubemu serve: a key renamed for the environment is a warning.
    expect(home.run('set env deploy/refs --from=configmap/c1')).toEqual({ stdout: 'deployment.apps/refs env updated\n', stderr: 'Warning: key a transferred to A\n', code: 0 });
    expect(home.run('set env deploy/refs --from=secret/s1').code).toBe(0);
    // Only data: a ConfigMap's binaryData is not offered.
    expect(home.run('apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cb}\ndata: {K: v}\nbinaryData: {bin: AAE=}\n' }).code).toBe(0);
    expect(home.run('set env deploy/refs --from=configmap/cb --prefix=B_ --dry-run=client -o jsonpath={.spec.template.spec.containers[0].env[*].name}').stdout).toBe('A PW B_K');
    const env = (name: string, from: object) => ({ op: 'add', path: '/spec/template/spec/containers/0/env/-', value: { name, valueFrom: from } });
    expect(home.run(['patch', 'deploy', 'refs', '--type=json', '-p', JSON.stringify([
      env('POD', { fieldRef: { fieldPath: 'metadata.name' } }), env('GONE', { configMapKeyRef: { name: 'nope', key: 'x' } }),
      env('MEM', { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } }), env('LBL', { fieldRef: { fieldPath: 'metadata.labels' } }),
      env('GONE2', { secretKeyRef: { name: 's1', key: 'nokey' } }),
    ])]).code).toBe(0);
    // The fieldRef is read on the Deployment itself; the limit is the container's (none: 0).
    expect(home.run('set env deploy/refs --list --resolve')).toEqual({
      stdout: '# Deployment refs, container nginx\nA=1\nPW=hunter2\nPOD=refs\n# GONE from configmap nope, key x\nMEM=0\nLBL=app="refs"\n# GONE2 from secret s1, key nokey\n',
      stderr: 'error retrieving reference for GONE2: key nokey not found in secret s1\nerror retrieving reference for GONE: configmaps "nope" not found\n',
      code: 0,
    });
    expect(home.run('set env deploy/refs --list').stdout).toContain('# MEM from resource field limits.memory\n# LBL from field path metadata.labels\n');
  });
});
