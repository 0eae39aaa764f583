/**
 * replication-controller: a ReplicationController runs as kube-controller-manager runs it
 * (the ReplicaSet loop over a map selector): its pods are created and counted, `get`,
 * `describe`, `scale` and `expose` work on it, deleting it cascades to its pods (or orphans
 * them), and the API server defaults and validates it as v1.32 does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeEach(() => { home = manualCluster('rc', 7); });
afterEach(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });

const RC = `apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    app: nginx
  template:
    metadata:
      name: nginx
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
`;

describe('ReplicationController', () => {
  it('creates its pods, reports their counts and describes itself', () => {
    expect(home.run(['apply', '-f', home.file('rc.yaml', RC)])).toEqual(ok('replicationcontroller/nginx created\n'));
    expect(home.run('get rc')).toEqual(ok(
      'NAME    DESIRED   CURRENT   READY   AGE\n'
      + 'nginx   3         3         0       0s\n'));
    home.run('tick 30s');
    expect(home.run('get rc -o wide')).toEqual(ok(
      'NAME    DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES   SELECTOR\n'
      + 'nginx   3         3         3       30s   nginx        nginx    app=nginx\n'));
    expect(home.run(['get', 'rc', 'nginx', '-o', 'jsonpath={.status}'])).toEqual(ok(
      '{"availableReplicas":3,"fullyLabeledReplicas":3,"observedGeneration":1,"readyReplicas":3,"replicas":3}'));
    const pods = home.run('get pods -o name').stdout.trim().split('\n');
    expect(pods).toEqual(['pod/nginx-4t5ht', 'pod/nginx-9hvd8', 'pod/nginx-sv9nr']);
    const owner = JSON.parse(home.run(['get', 'pod', 'nginx-4t5ht', '-o', 'jsonpath={.metadata.ownerReferences[0]}']).stdout);
    expect(owner).toMatchObject({ apiVersion: 'v1', kind: 'ReplicationController', name: 'nginx', controller: true, blockOwnerDeletion: true });
    expect(home.run('describe rc nginx')).toEqual(ok(`Name:         nginx
Namespace:    default
Selector:     app=nginx
Labels:       app=nginx
Annotations:  <none>
Replicas:     3 current / 3 desired
Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                    Message
  ----    ------            ----  ----                    -------
  Normal  SuccessfulCreate  30s   replication-controller  Created pod: nginx-4t5ht
  Normal  SuccessfulCreate  30s   replication-controller  Created pod: nginx-9hvd8
  Normal  SuccessfulCreate  30s   replication-controller  Created pod: nginx-sv9nr
`));
  });

  it('scales down with SuccessfulDelete events, is exposed by its selector, and its deletion cascades', () => {
    home.run(['apply', '-f', home.file('rc.yaml', RC)]);
    home.run('tick 30s');
    expect(home.run('scale rc nginx --replicas=1')).toEqual(ok('replicationcontroller/nginx scaled\n'));
    home.run('tick 1m');
    expect(home.run('get rc,pods')).toEqual(ok(
      'NAME                          DESIRED   CURRENT   READY   AGE\n'
      + 'replicationcontroller/nginx   1         1         1       90s\n'
      + '\n'
      + 'NAME              READY   STATUS    RESTARTS   AGE\n'
      + 'pod/nginx-sv9nr   1/1     Running   0          90s\n'));
    expect(home.run('describe rc nginx').stdout).toContain(
      '  Normal  SuccessfulDelete  60s   replication-controller  Deleted pod: nginx-4t5ht\n'
      + '  Normal  SuccessfulDelete  60s   replication-controller  Deleted pod: nginx-9hvd8\n');
    expect(home.run('expose rc nginx --port=80')).toEqual(ok('service/nginx exposed\n'));
    expect(home.run(['get', 'svc', 'nginx', '-o', 'jsonpath={.spec.selector}'])).toEqual(ok('{"app":"nginx"}'));
    expect(home.run('delete rc nginx')).toEqual(ok('replicationcontroller "nginx" deleted\n'));
    home.run('tick 1m');
    expect(home.run('get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
  });

  it('leaves its pods, released, when deleted with --cascade=orphan', () => {
    home.run(['apply', '-f', home.file('rc.yaml', RC.replace('replicas: 3', 'replicas: 1'))]);
    home.run('tick 30s');
    expect(home.run('delete rc nginx --cascade=orphan')).toEqual(ok('replicationcontroller "nginx" deleted\n'));
    home.run('tick 1m');
    expect(home.run(['get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name} {.metadata.ownerReferences}{"\\n"}{end}']))
      .toEqual(ok('nginx-4t5ht \n'));
  });

  it('defaults its selector and labels from the template, and refuses a selector its template does not match', () => {
    const bare = `apiVersion: v1
kind: ReplicationController
metadata:
  name: web
spec:
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
`;
    expect(home.run(['apply', '-f', home.file('bare.yaml', bare)])).toEqual(ok('replicationcontroller/web created\n'));
    expect(home.run(['get', 'rc', 'web', '-o', 'jsonpath={.metadata.labels} {.spec.replicas} {.spec.selector}'])).toEqual(ok('{"app":"web"} 1 {"app":"web"}'));
    const bad = RC.replace('  selector:\n    app: nginx', '  selector:\n    app: other');
    expect(home.run(['apply', '-f', home.file('bad.yaml', bad)])).toEqual({
      stdout: '',
      stderr: 'The ReplicationController "nginx" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"nginx"}: `selector` does not match template `labels`\n',
      code: 1,
    });
  });
});
