/**
 * Pods left pending by earlier commands that fall due in one pass are tried as kube-scheduler's
 * activeQ orders them — by priority, then by age — not in the order of their names.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const pod = (name: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  containers:
  - name: c
    image: busybox
    command: [sleep, "3600"]
    resources: {requests: {cpu: "1500m"}}
`;

describe('pods pending since an earlier command', () => {
  const home = manualCluster('queue-order', 3, '--workers 1 --node-cpu 2');
  afterAll(() => home.cleanup());

  it('the older of two equal-priority pods gets the one free place when the node comes back, whatever their names', () => {
    expect(home.run('cordon worker01').code).toBe(0);
    expect(home.run(['apply', '-f', '-'], { stdin: pod('b-older') }).code).toBe(0);
    expect(home.run('tick 2s').code).toBe(0);
    expect(home.run(['apply', '-f', '-'], { stdin: pod('a-newer') }).code).toBe(0);
    expect(home.run('get pods --no-headers -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName').stdout)
      .toBe('a-newer   <none>\nb-older   <none>\n');
    expect(home.run('uncordon worker01').code).toBe(0);
    // Both are still backing off from their last attempt; they fall due in the same pass.
    expect(home.run('tick 10s').code).toBe(0);
    expect(home.run('get pods --no-headers -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName').stdout)
      .toBe('a-newer   <none>\nb-older   worker01\n');
  });
});
