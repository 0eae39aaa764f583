import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

/** withoutAge drops a table's first column (kubectl through kubemu serve ages events by the machine's clock). */
const withoutAge = (table: string) => table.replace(/^\S+(?: \S+)? +/gm, '');

describe('kubectl events', () => {
  const home = manualCluster('ev', 2);
  afterAll(() => home.cleanup());

  it('lists an object\'s events in time order with Kind/name', () => {
    const r = home.run('events -n kube-system --for pod/etcd-control01');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$/);
    expect(lines.slice(1).map((l) => l.split(/ {2,}/)[2])).toEqual(['Pulling', 'Pulled', 'Created', 'Started']);
    expect(lines[1]).toMatch(/^5m +Normal +Pulling +Pod\/etcd-control01 +Pulling image "registry.k8s.io\/etcd:3.5.16-0"$/);
  });

  it('orders events of the same second as kubectl 1.32 does: Go\'s sort.Sort, which is not stable', () => {
    // testdata: `kubectl events -n kube-system` through kubemu serve on this same cluster (seed 2): 49 events, most of one second.
    const want = fs.readFileSync(path.join(__dirname, 'testdata', 'kubectl-events-kube-system.txt'), 'utf8');
    const r = home.run('events -n kube-system');
    expect(r.code).toBe(0);
    expect(withoutAge(r.stdout)).toBe(withoutAge(want));
    expect(r.stdout.split('\n')[1]).toMatch(/^5m +Normal +Scheduled +Pod\/kube-proxy-mxk5r +/);
    // A stable sort by time would have kept the apiserver's name order for the ties.
    const names = home.run(['get', 'events', '-n', 'kube-system', '-o', 'jsonpath={range .items[*]}{.involvedObject.kind}/{.involvedObject.name}{"\\n"}{end}']).stdout.split('\n');
    expect(names[0]).toBe('Pod/coredns-b9f5dbfc5-24c4w');
  });

  it('prints the typed EventList with -o json and yaml, and nothing with -o name (kubectl\'s name printer refuses typed lists)', () => {
    const json = home.run('events -n kube-system --for pod/etcd-control01 -o json');
    expect(json.code).toBe(0);
    expect(json.stdout.startsWith('{\n    "kind": "EventList",\n    "apiVersion": "v1",\n    "metadata": {},\n    "items": [\n        {\n            "kind": "Event",\n            "apiVersion": "v1",\n            "metadata": {\n')).toBe(true);
    const first = JSON.parse(json.stdout).items[0];
    // core/v1.Event's fields in struct order, zero values filled in as client-go's decoding leaves them.
    expect(Object.keys(first)).toEqual(['kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'reportingComponent', 'reportingInstance']);
    expect(first.eventTime).toBeNull();
    const yaml = home.run('events -n kube-system --for pod/etcd-control01 -o yaml');
    expect(yaml.stdout.split('\n').slice(0, 3)).toEqual(['apiVersion: v1', 'items:', '- apiVersion: v1']);
    expect(yaml.stdout).toContain('\nkind: EventList\nmetadata: {}\n');
    expect(home.run('events -n kube-system -o name')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run(['events', '-n', 'kube-system', '--for', 'pod/etcd-control01', '-o', 'jsonpath={.items[*].reason}']).stdout).toBe('Pulling Pulled Created Started');
  });

  it('refuses what kubectl refuses, in its words', () => {
    expect(home.run('events -o wide')).toEqual({ stdout: '', code: 1, stderr: 'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n' });
    // The mapper's own error reaches kubectl's CheckErr unwrapped: no "error: ".
    expect(home.run('events --for nope/x')).toEqual({ stdout: '', code: 1, stderr: 'the server doesn\'t have a resource type "nope"\n' });
    expect(home.run('events --for deployment')).toEqual({ stdout: '', code: 1, stderr: 'error: --for must be in resource/name form\n' });
  });

  it('--for matches the involved object\'s kind, API version and name', () => {
    const r = home.run('events -n kube-system --for deployment.apps/coredns');
    expect(r.stdout).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE\n5m +Normal +ScalingReplicaSet +Deployment\/coredns +Scaled up replica set coredns-b9f5dbfc5 from 0 to 2\n$/);
  });

  it('-w prints the events there are in the apiserver\'s key order, unsorted, then each new one, until --request-timeout', () => {
    const r = home.run('events -n kube-system -w --request-timeout=1s --for pod/kube-proxy-8gdwb');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.split(/ {2,}/)[2])).toEqual(['REASON', 'Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', undefined]);
    const named = home.run('events -n kube-system -w --request-timeout=1s --for pod/kube-proxy-8gdwb -o name');
    expect(named.stdout.split('\n')[0]).toMatch(/^event\/kube-proxy-8gdwb\.[0-9a-f]+$/);
  });

  it('says so when nothing matches', () => {
    expect(home.run('events')).toEqual({ stdout: '', stderr: 'No events found in default namespace.\n', code: 0 });
    expect(home.run('events -n kube-system --types=Warning')).toEqual({ stdout: '', stderr: 'No events found in kube-system namespace.\n', code: 0 });
  });
});
