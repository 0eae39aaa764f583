/**
 * `kubectl get -f FILE` and `get -k DIR`: the objects a manifest names, fetched by kind, name
 * and their own namespace, one table per run of one kind, kind-prefixed names when the file
 * names several kinds, and kubectl's errors for missing objects and for arguments beside -f.
 */
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const DATA = path.resolve(__dirname, 'testdata/get-files');

describe('get -f and get -k', () => {
  const home = manualCluster('files', 5);
  afterAll(() => home.cleanup());
  const run = (args: string) => home.run(args, { cwd: DATA });

  it('reports each object the file names that does not exist yet', () => {
    expect(run('get -f web.yaml')).toEqual({ code: 1, stdout: '', stderr: [
      'Error from server (NotFound): deployments.apps "web" not found',
      'Error from server (NotFound): services "web" not found',
      'Error from server (NotFound): configmaps "cm" not found', ''].join('\n') });
  });

  it('prints one table per kind, each object from its own namespace', () => {
    expect(run('apply -f web.yaml').code).toBe(0);
    expect(run('tick 30s').code).toBe(0);
    const r = run('get -f web.yaml');
    expect(r.stderr).toBe('');
    expect(r.stdout.replace(/10\.\d+\.\d+\.\d+ +/, 'IP ')).toBe([
      'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE',
      'deployment.apps/web   1/1     1            1           30s',
      '',
      'NAME          TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE',
      'service/web   ClusterIP   IP <none>        80/TCP    30s',
      '',
      'NAME           DATA   AGE',
      'configmap/cm   0      30s', ''].join('\n'));
  });

  it('builds a kustomization with -k (kustomize\'s order) and refuses type arguments beside -f', () => {
    expect(run('get -k kz -o name').stdout).toBe('configmap/cm\nservice/web\ndeployment.apps/web\n');
    expect(run('get pods -f web.yaml')).toEqual({ code: 1, stdout: '',
      stderr: 'error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n' });
  });
});
