/**
 * `kubectl exec TYPE/NAME`: a workload or Service reaches its most active pod, as attach and
 * port-forward do (kubectl's AttachablePodForObject); a workload with no pod waits up to
 * --pod-running-timeout, and an object without a selector cannot be attached to
 * (kubectl's SelectorsForObject errors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('exec into a workload', () => {
  let home: TempHome;
  let pods: string[];
  beforeAll(() => {
    home = manualCluster('exec-workload', 7);
    home.run('create deploy web --image=busybox:1.36 --replicas=2 -- sleep 3600');
    home.run('expose deploy web --port 80');
    home.run('create deploy idle --image=busybox:1.36 --replicas=0 -- sleep 3600');
    home.run('tick 10s');
    pods = home.run('get pods -l app=web -o name').stdout.trim().split('\n').map((p) => p.slice('pod/'.length)).sort();
  });
  afterAll(() => home.cleanup());

  it('runs the command in the first of the deployment\'s ready pods', () => {
    expect(pods).toHaveLength(2);
    expect(home.run('exec deploy/web -- hostname')).toEqual({ stdout: `${pods[0]}\n`, stderr: '', code: 0 });
    expect(home.run(['exec', 'deployment.apps/web', '--', 'sh', '-c', 'exit 3'])).toEqual({ stdout: '', stderr: 'command terminated with exit code 3\n', code: 3 });
  });

  it('reaches a Service\'s pod through its selector', () => {
    expect(home.run('exec svc/web -- hostname')).toEqual({ stdout: `${pods[0]}\n`, stderr: '', code: 0 });
  });

  it('answers kubectl\'s errors for a missing workload, one with no pods and a bare missing pod', () => {
    expect(home.run('exec deploy/nope -- hostname')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', code: 1 });
    expect(home.run('exec deploy/idle --pod-running-timeout=2s -- hostname')).toEqual({ stdout: '', stderr: 'error: timed out waiting for the condition\n', code: 1 });
    expect(home.run('exec svc/kubernetes -- hostname')).toEqual({ stdout: '', stderr: 'error: cannot attach to *v1.Service: invalid service \'kubernetes\': Service is defined without a selector\n', code: 1 });
    expect(home.run('exec configmap/kube-root-ca.crt -- hostname')).toEqual({ stdout: '', stderr: 'error: cannot attach to *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n', code: 1 });
    expect(home.run('exec nopod -- hostname')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nopod" not found\n', code: 1 });
  });
});
