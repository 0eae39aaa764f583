/**
 * rollout-controller-revisions: rollout history | undo | status | restart for DaemonSets and
 * StatefulSets, whose history is the ControllerRevisions their controllers keep, and the
 * errors kubectl gives for kinds without a history viewer or rollbacker.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeEach(() => { home = manualCluster('revisions', 7); });
afterEach(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string, stdout = '') => ({ stdout, stderr, code: 1 });

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  annotations:
    kubernetes.io/change-cause: first
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: nginx:1.27
`;

const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 3
  serviceName: db
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: nginx:1.27
`;

// kubectl prints a revision's template through a prefix writer with no tab writer: TABs stay.
const template = (image: string, labels: string) => `Pod Template:
  Labels:\t${labels}
  Containers:
   ${labels.split('=')[1]}:
    Image:\t${image}
    Port:\t<none>
    Host Port:\t<none>
    Environment:\t<none>
    Mounts:\t<none>
  Volumes:\t<none>
  Node-Selectors:\t<none>
  Tolerations:\t<none>
`;

const jsonpath = (what: string, path: string) => home.run(['get', ...what.split(' '), '-o', `jsonpath=${path}`]).stdout;

describe('DaemonSet rollouts', () => {
  beforeEach(() => {
    expect(home.run('create -f -', { stdin: DS })).toEqual(ok('daemonset.apps/agent created\n'));
  });

  it('status fast-forwards until every node runs the new template', () => {
    const W = (s: string) => `Waiting for daemon set "agent" rollout to finish: ${s}...\n`;
    expect(home.run('rollout status ds/agent')).toEqual(ok(
      W('0 of 2 updated pods are available') + W('1 of 2 updated pods are available') + 'daemon set "agent" successfully rolled out\n'));
    home.run('set image ds/agent agent=nginx:1.26');
    expect(home.run('rollout status daemonset/agent')).toEqual(ok(
      W('1 out of 2 new pods have been updated') + W('1 of 2 updated pods are available') + 'daemon set "agent" successfully rolled out\n'));
    home.run(['patch', 'ds', 'agent', '-p', '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}']);
    expect(home.run('rollout status ds/agent')).toEqual(fail('error: rollout status is only available for RollingUpdate strategy type\n'));
  });

  it('keeps one ControllerRevision per template, labelled like its pods, carrying the change cause', () => {
    home.run('rollout status ds/agent');
    const hash = jsonpath('pods', '{.items[0].metadata.labels.controller-revision-hash}');
    expect(hash).toMatch(/^[a-z0-9]{6,10}$/);
    expect(jsonpath('controllerrevisions', '{range .items[*]}{.metadata.name} {.revision} {.metadata.labels} {.metadata.annotations.kubernetes\\.io/change-cause}{"\\n"}{end}'))
      .toBe(`agent-${hash} 1 {"app":"agent","controller-revision-hash":"${hash}"} first\n`);
    // data is the patch that puts the template back.
    const data = JSON.parse(home.run(`get controllerrevision agent-${hash} -o json`).stdout).data;
    expect(data.spec.template).toMatchObject({ $patch: 'replace', metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'nginx:1.27' }] } });
    expect(Object.keys(data)).toEqual(['spec']);
    expect(Object.keys(data.spec)).toEqual(['template']);
  });

  it('history lists revisions and shows one revision\'s template; undo puts a template back', () => {
    home.run('rollout status ds/agent');
    expect(home.run('rollout history ds/agent')).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         first\n\n'));
    expect(home.run('rollout undo ds/agent')).toEqual(fail('error: no last revision to roll back to\n'));
    home.run('annotate ds agent kubernetes.io/change-cause=second --overwrite');
    home.run('set image ds/agent agent=nginx:1.26');
    home.run('rollout status ds/agent');
    expect(home.run('rollout history daemonset/agent')).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         first\n2         second\n\n'));
    expect(home.run('rollout history ds/agent --revision=1')).toEqual(ok(`daemonset.apps/agent with revision #1\n${template('nginx:1.27', 'app=agent')}\n`));
    expect(home.run('rollout history ds/agent --revision=5')).toEqual(fail('error: unable to find the specified revision\n'));

    expect(home.run('rollout undo ds/agent --dry-run=client')).toEqual(ok(`daemonset.apps/agent will roll back to ${template('nginx:1.27', 'app=agent')} (dry run)\n`));
    expect(jsonpath('ds agent', '{.spec.template.spec.containers[0].image}')).toBe('nginx:1.26');
    expect(home.run('rollout undo ds/agent')).toEqual(ok('daemonset.apps/agent rolled back\n'));
    expect(jsonpath('ds agent', '{.spec.template.spec.containers[0].image}')).toBe('nginx:1.27');
    // The new pods' container start takes a moment drawn from their uids: let it pass.
    home.run('tick 5s');
    expect(home.run('rollout status ds/agent --watch=false')).toEqual(ok('daemon set "agent" successfully rolled out\n'));
    // The restored template's revision is renumbered as the newest, keeping its change cause.
    expect(home.run('rollout history ds/agent')).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n2         second\n3         first\n\n'));
    expect(home.run('rollout undo ds/agent --to-revision=3')).toEqual(ok('daemonset.apps/agent skipped rollback (current template already matches revision 3)\n'));
    expect(home.run('rollout undo ds/agent --to-revision=1')).toEqual(fail('error: unable to find specified revision 1 in history\n'));
    expect(home.run('rollout undo ds/agent --to-revision=2')).toEqual(ok('daemonset.apps/agent rolled back\n'));
    expect(jsonpath('ds agent', '{.spec.template.spec.containers[0].image}')).toBe('nginx:1.26');
  });

  it('history -o prints the DaemonSet as each revision would make it', () => {
    home.run('set image ds/agent agent=nginx:1.26');
    expect(home.run('rollout history ds/agent -o name')).toEqual(ok('daemonset.apps/agent\ndaemonset.apps/agent\n'));
    expect(home.run(['rollout', 'history', 'ds/agent', '-o', 'jsonpath={.spec.template.spec.containers[0].image} '])).toEqual(ok('nginx:1.27 nginx:1.26 '));
    const one = home.run('rollout history ds/agent -o yaml --revision=1');
    expect(one.stdout.startsWith('apiVersion: apps/v1\nkind: DaemonSet\n')).toBe(true);
    expect(one.stdout).toContain('- image: nginx:1.27\n');
    expect(home.run('rollout history ds/agent -o yaml').stdout.split('\n---\n')).toHaveLength(2);
    expect(home.run('rollout history ds/agent -o name --revision=3')).toEqual(fail('error: unable to find the specified revision\n'));
    expect(home.run('rollout history ds/agent -o wide')).toEqual(fail('error: unable to match a printer suitable for the output format "wide", allowed formats are: '
      + 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n'));
  });

  it('restart stamps the template and rolls every pod', () => {
    home.run('rollout status ds/agent');
    expect(home.run('rollout restart ds/agent')).toEqual(ok('daemonset.apps/agent restarted\n'));
    home.run('rollout status ds/agent');
    expect(home.run('rollout history ds/agent')).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         first\n2         first\n\n'));
  });

  it('prunes unused revisions beyond revisionHistoryLimit', () => {
    home.run(['patch', 'ds', 'agent', '-p', '{"spec":{"revisionHistoryLimit":1}}']);
    for (const tag of ['1.26', '1.25', '1.24']) {
      home.run(`set image ds/agent agent=nginx:${tag}`);
      home.run('rollout status ds/agent');
    }
    expect(home.run('rollout history ds/agent')).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n3         first\n4         first\n\n'));
  });
});

describe('StatefulSet rollouts', () => {
  beforeEach(() => {
    expect(home.run('create -f -', { stdin: STS })).toEqual(ok('statefulset.apps/db created\n'));
  });

  it('status reports a (partitioned) roll out and refuses OnDelete', () => {
    expect(home.run('rollout status sts/db')).toEqual(ok('Waiting for 3 pods to be ready...\nWaiting for 2 pods to be ready...\n'
      + 'partitioned roll out complete: 3 new pods have been updated...\n'));
    home.run(['patch', 'sts', 'db', '-p', '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":2}}}}']);
    home.run('set image sts/db db=nginx:1.26');
    expect(home.run('rollout status statefulset/db')).toEqual(ok('Waiting for 1 pods to be ready...\npartitioned roll out complete: 1 new pods have been updated...\n'));
    expect(jsonpath('pods', '{range .items[*]}{.metadata.name}={.spec.containers[0].image} {end}')).toBe('db-0=nginx:1.27 db-1=nginx:1.27 db-2=nginx:1.26 ');
    home.run(['patch', 'sts', 'db', '-p', '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}']);
    expect(home.run('rollout status sts/db')).toEqual(fail('error: rollout status is only available for RollingUpdate strategy type\n'));
  });

  it('history, undo and the update/current revisions', () => {
    home.run('rollout status sts/db');
    home.run('set image sts/db db=nginx:1.26');
    home.run('rollout status sts/db');
    expect(home.run('rollout history sts/db')).toEqual(ok('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n'));
    expect(home.run('rollout history sts/db --revision=1')).toEqual(ok(`statefulset.apps/db with revision #1\n${template('nginx:1.27', 'app=db')}\n`));
    const [rev1, rev2] = jsonpath('controllerrevisions', '{.items[*].metadata.name}').split(' ').sort((a, b) =>
      Number(jsonpath(`controllerrevision ${a}`, '{.revision}')) - Number(jsonpath(`controllerrevision ${b}`, '{.revision}')));
    expect(jsonpath('sts db', '{.status.currentRevision} {.status.updateRevision}')).toBe(`${rev2} ${rev2}`);
    expect(home.run('rollout undo sts/db')).toEqual(ok('statefulset.apps/db rolled back\n'));
    expect(jsonpath('sts db', '{.status.updateRevision}')).toBe(rev1);
    home.run('rollout status sts/db');
    expect(jsonpath('sts db', '{.status.currentRevision} {.status.updateRevision}')).toBe(`${rev1} ${rev1}`);
    expect(jsonpath('pods', '{.items[*].metadata.labels.controller-revision-hash}')).toBe(`${rev1} ${rev1} ${rev1}`);
    expect(home.run('rollout history sts/db')).toEqual(ok('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n'));
    expect(home.run('rollout undo sts/db --to-revision=3')).toEqual(ok('statefulset.apps/db skipped rollback (current template already matches revision 3)\n'));
  });
});

describe('kinds without rollout history', () => {
  it('prints kubectl\'s errors for history, undo, status and restart', () => {
    home.run('run nginx --image=nginx');
    home.run('create service clusterip s --tcp=80');
    home.run('create deployment web --image=nginx');
    const rs = jsonpath('rs', '{.items[0].metadata.name}');
    expect(home.run('rollout history pod/nginx')).toEqual(fail('error: no history viewer has been implemented for "Pod"\n'));
    expect(home.run(`rollout history rs/${rs}`)).toEqual(fail('error: no history viewer has been implemented for "ReplicaSet.apps"\n'));
    expect(home.run('rollout history svc/s')).toEqual(fail('error: error retrieving history for "Service", no visitor method exists for { Service}\n'));
    expect(home.run('rollout undo pod/nginx')).toEqual(fail('error: no rollbacker has been implemented for "Pod"\n'));
    expect(home.run('rollout undo svc/s')).toEqual(fail('error: error retrieving rollbacker for "Service", no visitor method exists for { Service}\n'));
    expect(home.run('rollout status svc/s')).toEqual(fail('error: no status viewer has been implemented for Service\n'));
    expect(home.run('rollout restart pod/nginx')).toEqual(fail('error: pods "nginx" restarting is not supported\n'));
  });
});
