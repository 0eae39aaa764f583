/**
 * A pod's loopback: its containers share one network namespace, so `localhost` (and
 * 127.0.0.0/8) reaches what any of them serves, from exec and from a container's own
 * command; nothing listening is a refused connection; NetworkPolicy does not apply to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - {name: web, image: nginx}
---
apiVersion: v1
kind: Pod
metadata: {name: duo}
spec:
  containers:
  - {name: web, image: nginx}
  - name: side
    image: busybox
    command: ["sh", "-c", "sleep 5; wget -qO- localhost | grep title; sleep 3600"]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: deny-all}
spec:
  podSelector: {}
  policyTypes: [Ingress, Egress]
`;

describe('a pod\'s loopback', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('loopback', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('reaches the pod\'s own server, even under a deny-all NetworkPolicy, and logs 127.0.0.1', () => {
    expect(home.run('exec web -- curl -s localhost').stdout).toContain('<title>Welcome to nginx!</title>');
    expect(home.run('exec web -- curl -s -o /dev/null -w %{http_code} http://127.0.0.1/').stdout).toBe('200');
    expect(home.run('logs web').stdout).toMatch(/\n127\.0\.0\.1 - - \[[^\]]+\] "GET \/ HTTP\/1\.1" 200 615 "-" "curl\/[\d.]+" "-"\n/);
  });

  it('refuses a port nothing in the pod listens on', () => {
    expect(home.run('exec web -- curl localhost:8080')).toEqual({
      stdout: '',
      stderr: 'curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn\'t connect to server\ncommand terminated with exit code 7\n',
      code: 7,
    });
  });

  it('reaches a sibling container from exec and from a container\'s own command', () => {
    expect(home.run('exec duo -c side -- wget -qO- localhost').stdout).toContain('<title>Welcome to nginx!</title>');
    expect(home.run('logs duo -c side')).toEqual({ stdout: '<title>Welcome to nginx!</title>\n', stderr: '', code: 0 });
    expect(home.run('exec duo -c side -- wget -qO- localhost:81')).toEqual({
      stdout: '', stderr: 'wget: can\'t connect to remote host (127.0.0.1): Connection refused\ncommand terminated with exit code 1\n', code: 1,
    });
  });
});
