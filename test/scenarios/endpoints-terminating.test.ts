/**
 * endpoints-terminating: a pod being deleted leaves its Services' Endpoints at once, as the
 * endpoints controller's ShouldPodBeInEndpoints does (a rollout restart stops sending traffic
 * to old pods before they exit); a Service with publishNotReadyAddresses keeps it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('ept', 3);
afterAll(() => home.cleanup());

const ips = (svc: string) => home.run(['get', 'ep', svc, '-o', 'jsonpath={.subsets[*].addresses[*].targetRef.name}']).stdout.split(' ').filter(Boolean).sort();

describe('Endpoints of terminating pods', () => {
  it('drops a terminating pod unless the Service publishes not-ready addresses', () => {
    expect(home.run('create deploy web --image=busybox --replicas=2 -- sleep 3600').code).toBe(0);
    expect(home.run('expose deploy web --port=80').code).toBe(0);
    home.file('all.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web-all\nspec:\n  publishNotReadyAddresses: true\n  selector:\n    app: web\n  ports:\n  - port: 80\n');
    expect(home.run(['apply', '-f', `${home.dir}/all.yaml`]).code).toBe(0);
    home.run('tick 20s');
    const before = ips('web');
    expect(before).toHaveLength(2);
    expect(home.run(['delete', 'pod', before[0]!, '--wait=false']).code).toBe(0);
    // sh as PID 1 ignores SIGTERM: the pod stays Terminating for its grace period.
    expect(home.run(['get', 'pod', before[0]!, '--no-headers']).stdout).toMatch(/ Terminating /);
    expect(ips('web')).toEqual([before[1]]);
    expect(ips('web-all')).toContain(before[0]);
  });
});
