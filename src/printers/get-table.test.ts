import { describe, expect, it } from 'vitest';
import type { EventLike, KubeObject } from '../api/meta';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../api/registry';
import {
  CRON_JOB, DAEMON_SETS, DEPLOYMENT, HPA, JOB, KUBE_SYSTEM_PODS, NODES, PODS, REPLICA_SETS, SERVICES, STATEFUL_SET, T0, at,
} from './columns/testdata/fixtures';
import { REFERENCE } from './columns/testdata/reference';
import {
  formatLabelsColumn, getTableHeader, labelColumnHeader, NO_LABELS, renderGetTable, type GetTableGroup, type GetTableOptions,
} from './get-table';

function info(kind: string): ResourceInfo {
  const found = BUILTIN_RESOURCES.find((r) => r.kind === kind && r.group !== 'events.k8s.io');
  if (!found) throw new Error(`no resource for ${kind}`);
  return found;
}

function opts(o: Partial<GetTableOptions> = {}): GetTableOptions {
  return { now: T0, wide: false, allNamespaces: false, withKindPrefix: false, showLabels: false, labelColumns: [], noHeaders: false, ...o };
}

const group = (kind: string, objects: KubeObject[]): GetTableGroup => ({ info: info(kind), objects });
const webPods = PODS.filter((p) => p.metadata.labels?.app === 'web');
const named = (objs: KubeObject[], name: string) => objs.filter((o) => o.metadata.name === name);

// Each case names the reference capture it reproduces; `now` absorbs the seconds between captures.
const cases: Array<{ cmd: string; groups: GetTableGroup[]; opts: GetTableOptions }> = [
  { cmd: 'kubectl get pods', groups: [group('Pod', PODS)], opts: opts() },
  { cmd: 'kubectl get pods -o wide', groups: [group('Pod', PODS)], opts: opts({ wide: true }) },
  { cmd: 'kubectl get pods -A', groups: [group('Pod', [...PODS, ...KUBE_SYSTEM_PODS])], opts: opts({ now: at(2), allNamespaces: true }) },
  { cmd: 'kubectl get pods -n kube-system', groups: [group('Pod', KUBE_SYSTEM_PODS)], opts: opts() },
  { cmd: 'kubectl get pods --show-labels -l app=web', groups: [group('Pod', webPods)], opts: opts({ showLabels: true }) },
  { cmd: 'kubectl get pods -L app -L tier', groups: [group('Pod', PODS)], opts: opts({ now: at(1), labelColumns: ['app', 'tier'] }) },
  { cmd: 'kubectl get pods --no-headers -l app=web', groups: [group('Pod', webPods)], opts: opts({ now: at(1), noHeaders: true }) },
  {
    cmd: 'kubectl get po/nginx deploy/web svc/web',
    groups: [group('Pod', named(PODS, 'nginx')), group('Deployment', [DEPLOYMENT]), group('Service', named(SERVICES, 'web'))],
    opts: opts({ now: at(3), withKindPrefix: true }),
  },
  {
    cmd: 'kubectl get all',
    groups: [
      group('Pod', PODS), group('ReplicationController', []), group('Service', SERVICES), group('DaemonSet', []),
      group('Deployment', [DEPLOYMENT]), group('ReplicaSet', REPLICA_SETS), group('StatefulSet', [STATEFUL_SET]),
      group('HorizontalPodAutoscaler', [HPA]), group('CronJob', [CRON_JOB]), group('Job', [JOB]),
    ],
    opts: opts({ now: at(3), withKindPrefix: true }),
  },
  { cmd: 'kubectl get deploy', groups: [group('Deployment', [DEPLOYMENT])], opts: opts() },
  { cmd: 'kubectl get deploy -o wide', groups: [group('Deployment', [DEPLOYMENT])], opts: opts({ wide: true }) },
  { cmd: 'kubectl get rs', groups: [group('ReplicaSet', REPLICA_SETS)], opts: opts() },
  { cmd: 'kubectl get rs -o wide', groups: [group('ReplicaSet', REPLICA_SETS)], opts: opts({ wide: true }) },
  { cmd: 'kubectl get sts -o wide', groups: [group('StatefulSet', [STATEFUL_SET])], opts: opts({ wide: true }) },
  { cmd: 'kubectl get ds -n kube-system -o wide', groups: [group('DaemonSet', DAEMON_SETS)], opts: opts({ wide: true }) },
  { cmd: 'kubectl get jobs -o wide', groups: [group('Job', [JOB])], opts: opts({ wide: true }) },
  { cmd: 'kubectl get cronjobs -o wide', groups: [group('CronJob', [CRON_JOB])], opts: opts({ now: at(8), wide: true }) },
  { cmd: 'kubectl get svc -o wide', groups: [group('Service', SERVICES)], opts: opts({ wide: true }) },
  { cmd: 'kubectl get hpa', groups: [group('HorizontalPodAutoscaler', [HPA])], opts: opts() },
  { cmd: 'kubectl get nodes', groups: [group('Node', NODES)], opts: opts() },
  { cmd: 'kubectl get nodes -o wide', groups: [group('Node', NODES)], opts: opts({ wide: true }) },
];

describe('renderGetTable reproduces the kubectl captures', () => {
  for (const tc of cases) {
    it(tc.cmd, () => {
      const want = REFERENCE[tc.cmd];
      expect(want, 'capture exists').toBeTypeOf('string');
      expect(renderGetTable(tc.groups, tc.opts)).toBe(want);
    });
  }
});

describe('renderGetTable decorations', () => {
  it('adds no NAMESPACE column to cluster-scoped types under -A', () => {
    expect(renderGetTable([group('Node', NODES.slice(0, 1))], opts({ allNamespaces: true }))).toBe(
      'NAME                 STATUS   ROLES           AGE   VERSION\n' +
      'kind-control-plane   Ready    control-plane   8d    v1.32.2\n');
  });

  it('writes no blank line between tables with --no-headers, but keeps separate widths', () => {
    const out = renderGetTable([group('Pod', named(PODS, 'nginx')), group('Deployment', [DEPLOYMENT])],
      opts({ noHeaders: true, withKindPrefix: true }));
    expect(out).toBe(
      'pod/nginx   1/1   Running   0     47s\n' +
      'deployment.apps/web   2/3   3     2     3h4m\n');
  });

  it('skips empty groups and renders nothing when all are empty', () => {
    expect(renderGetTable([group('Pod', []), group('Service', [])], opts())).toBe('');
  });

  it('puts -L columns before LABELS and prints <none> for unlabeled objects', () => {
    const out = renderGetTable([group('Pod', named(PODS, 'creating'))], opts({ showLabels: true, labelColumns: ['app.kubernetes.io/name'] }));
    expect(out).toBe(
      'NAME       READY   STATUS              RESTARTS   AGE   NAME   LABELS\n' +
      'creating   0/1     ContainerCreating   0          5s           <none>\n');
  });

  it('prefixes the wide-only NAME column of events', () => {
    const ev: EventLike = {
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'pi.1', namespace: 'default' },
      involvedObject: { kind: 'Job', name: 'pi' }, type: 'Normal', reason: 'Completed', message: 'Job completed',
      firstTimestamp: T0.toISOString(), lastTimestamp: T0.toISOString(), count: 1, source: { component: 'job-controller' },
    };
    const header = getTableHeader(info('Event'), opts({ wide: true }));
    expect(header).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'SUBOBJECT', 'SOURCE', 'MESSAGE', 'FIRST SEEN', 'COUNT', 'NAME']);
    expect(renderGetTable([group('Event', [ev])], opts({ wide: true, withKindPrefix: true }))).toBe(
      'LAST SEEN   TYPE     REASON      OBJECT   SUBOBJECT   SOURCE           MESSAGE         FIRST SEEN   COUNT   NAME\n' +
      '0s          Normal   Completed   job/pi               job-controller   Job completed   0s           1       event/pi.1\n');
  });
});

describe('label helpers', () => {
  it('formatLabelsColumn sorts by key', () => expect(formatLabelsColumn({ z: '1', a: '2' })).toBe('a=2,z=1'));
  it('formatLabelsColumn prints <none> without labels', () => expect(formatLabelsColumn(undefined)).toBe(NO_LABELS));
  it('labelColumnHeader keeps the last path segment', () => expect(labelColumnHeader('app.kubernetes.io/name')).toBe('NAME'));
  it('labelColumnHeader upper-cases plain keys', () => expect(labelColumnHeader('tier')).toBe('TIER'));
});
