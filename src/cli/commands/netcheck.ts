/**
 * netcheck: kubemu netcheck FROM TO[:PORT] — would a connection be allowed by the cluster's
 * NetworkPolicies, and which policy and rule decided? FROM and TO are a pod (`pod/NAME`,
 * `NS/POD`, `NAME`), a Service (`svc/NAME`: its ready endpoints; the port is the Service's,
 * judged on each endpoint's target port, as after kube-proxy's DNAT), a Deployment
 * (`deploy/NAME`: its pods) or an address (a pod's or a ClusterIP stands for that pod or
 * Service). Each source × destination × port is one row: the verdict, then what the source's
 * egress and the destination's ingress said. Exit 0 when every row is allowed, 1 otherwise.
 * kubemu: judges policy only; whether anything listens on the port is `exec … nc -z`'s question.
 */
import type { KubeObject } from '../../api/meta';
import type { EndpointSlice } from '../../api/types/kinds';
import { isPodTerminal } from '../../api/pod-util';
import { selectorMatches } from '../../api/label-selector';
import type { ApiClient } from '../../apiserver/client';
import { NetworkPolicyEvaluator, describeSide, ruleName, type Endpoint, type Protocol, type SideVerdict } from '../../network/network-policy';
import { serviceSlices } from '../../network/proxy';
import { renderReport, reportColors } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError, UsageError } from '../errors';

/** ALLOWED and DENIED are the verdict column's words. */
export const ALLOWED = 'allowed';
export const DENIED = 'denied';

const PROTOCOLS: readonly Protocol[] = ['TCP', 'UDP', 'SCTP'];
const POD_TYPES = new Set(['pod', 'pods', 'po']);
const SVC_TYPES = new Set(['svc', 'service', 'services']);
const DEPLOY_TYPES = new Set(['deploy', 'deployment', 'deployments']);
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

type Api = Pick<ApiClient, 'get' | 'tryGet' | 'list'>;

/** Party is one end as a user named it: its label and the endpoints it stands for. */
interface Party {
  label: string;
  members: { name: string; endpoint: Endpoint }[];
  service?: KubeObject;
}

/** PortSpec is what TO's :PORT asked for: a number or a name, or nothing (every declared port). */
type PortSpec = number | string | undefined;

/** NetcheckRow is one judged connection. */
export interface NetcheckRow {
  from: string;
  to: string;
  port: number;
  protocol: Protocol;
  allowed: boolean;
  egress: SideVerdict & { decision: string };
  ingress: SideVerdict & { decision: string };
}

/** splitPort splits TO[:PORT]; a bare IPv4 address has no port. */
export function splitPort(arg: string): { target: string; port: PortSpec } {
  const i = arg.lastIndexOf(':');
  if (i < 0) return { target: arg, port: undefined };
  const p = arg.slice(i + 1);
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/i.test(p)) throw new UsageError(`invalid port "${p}" in "${arg}"`, 'netcheck');
  return { target: arg.slice(0, i), port: /^\d+$/.test(p) ? Number(p) : p };
}

function podMember(pod: KubeObject): Party['members'][number] {
  return { name: `${pod.metadata.namespace}/${pod.metadata.name}`, endpoint: { pod, ip: pod.status?.podIP } };
}

/** serviceMembers are the pods behind a Service's ready endpoints, read from its EndpointSlices as kube-proxy reads them. */
function serviceMembers(api: Api, svc: KubeObject): Party['members'] {
  const ns = svc.metadata.namespace!;
  const out: Party['members'] = [];
  const seen = new Set<string>();
  for (const slice of serviceSlices(svc, api) as EndpointSlice[]) {
    for (const e of slice.endpoints ?? []) {
      if (e.conditions?.ready === false) continue;
      for (const ip of e.addresses ?? []) {
        if (seen.has(ip)) continue;
        seen.add(ip);
        const pod = e.targetRef?.kind === 'Pod' ? api.tryGet({ kind: 'Pod', namespace: e.targetRef.namespace ?? ns, name: e.targetRef.name as string }) : undefined;
        out.push(pod ? podMember(pod) : { name: ip, endpoint: { ip } });
      }
    }
  }
  return out;
}

/** resolveParty reads what FROM or TO names. */
export function resolveParty(api: Api, arg: string, namespace: string): Party {
  if (IPV4.test(arg)) {
    const svc = api.list({ kind: 'Service', fieldSelector: `spec.clusterIP=${arg}` })[0];
    if (svc) return { label: `svc/${svc.metadata.name}`, members: serviceMembers(api, svc), service: svc };
    const pod = api.list({ kind: 'Pod', fieldSelector: `status.podIP=${arg}` }).find((p) => !isPodTerminal(p) && !p.spec?.hostNetwork);
    if (pod) return { label: arg, members: [podMember(pod)] };
    return { label: arg, members: [{ name: arg, endpoint: { ip: arg } }] };
  }
  const slash = arg.indexOf('/');
  const head = slash < 0 ? '' : arg.slice(0, slash).toLowerCase();
  const name = slash < 0 ? arg : arg.slice(slash + 1);
  if (!name || name.includes('/')) throw new UsageError(`cannot read "${arg}": use pod/NAME, NS/POD, svc/NAME, deploy/NAME or an IP`, 'netcheck');
  if (SVC_TYPES.has(head)) {
    const svc = api.get({ kind: 'Service', namespace, name });
    return { label: `svc/${name}`, members: serviceMembers(api, svc), service: svc };
  }
  if (DEPLOY_TYPES.has(head)) {
    const d = api.get({ kind: 'Deployment', namespace, name });
    const pods = api.list({ kind: 'Pod', namespace }).filter((p) => !isPodTerminal(p) && selectorMatches(d.spec?.selector, p.metadata.labels));
    return { label: `deploy/${name}`, members: pods.map(podMember) };
  }
  const ns = slash < 0 || POD_TYPES.has(head) ? namespace : arg.slice(0, slash);
  const pod = api.get({ kind: 'Pod', namespace: ns, name });
  return { label: `${ns}/${name}`, members: [podMember(pod)] };
}

interface Target { port: number; protocol: Protocol }

/** containerPorts lists a pod's declared ports. */
function containerPorts(pod: KubeObject | undefined): { name?: string; containerPort: number; protocol?: string }[] {
  return (pod?.spec?.containers ?? []).flatMap((c: { ports?: { name?: string; containerPort: number; protocol?: string }[] }) => c.ports ?? []);
}

/**
 * targetsFor lists the ports a connection to one destination member is judged on: a Service's
 * port mapped to the member's target port (a named targetPort resolved on the pod); a pod's
 * number or named container port; with no port, every port the Service or pod declares.
 */
function targetsFor(to: Party, member: Party['members'][number], port: PortSpec, protocol: Protocol | undefined, label: string): Target[] {
  const pod = member.endpoint.pod;
  if (to.service) {
    const ports: any[] = (to.service.spec?.ports ?? []).filter((p: any) => port === undefined || p.port === port || p.name === port);
    if (!ports.length) throw new CliError(`${to.label} has no port ${port}`);
    return ports.flatMap((p) => {
      const proto = (p.protocol ?? 'TCP') as Protocol;
      if (protocol && proto !== protocol) return [];
      const tp = p.targetPort ?? p.port;
      if (typeof tp === 'number') return [{ port: tp, protocol: proto }];
      const named = containerPorts(pod).find((c) => c.name === tp && (c.protocol ?? 'TCP') === proto);
      return named ? [{ port: named.containerPort, protocol: proto }] : [];
    });
  }
  if (typeof port === 'number') return [{ port, protocol: protocol ?? 'TCP' }];
  const declared = containerPorts(pod).filter((c) => (port === undefined || c.name === port) && (!protocol || (c.protocol ?? 'TCP') === protocol));
  if (!declared.length) {
    if (port !== undefined) throw new CliError(`${member.name} has no container port named "${port}"`);
    throw new CliError(`${label} declares no container ports: give one, e.g. ${label}:80`);
  }
  return declared.map((c) => ({ port: c.containerPort, protocol: (c.protocol ?? 'TCP') as Protocol }));
}

/** netcheck judges every source × destination × port. */
export function netcheck(api: Api, fromArg: string, toArg: string, namespace: string, protocol?: Protocol): NetcheckRow[] {
  const { target, port } = splitPort(toArg);
  const from = resolveParty(api, fromArg, namespace);
  const to = resolveParty(api, target, namespace);
  if (!from.members.length) throw new CliError(`${from.label} has no ${from.service ? 'ready endpoints' : 'pods'}`);
  if (!to.members.length) throw new CliError(`${to.label} has no ${to.service ? 'ready endpoints' : 'pods'}`);
  const ev = NetworkPolicyEvaluator.fromCluster(api);
  // The evaluator hands out one verdict object per distinct case (per pod, for a pod's
  // policies; shared when none applies): describe each once per direction.
  const described = { Egress: new WeakMap<SideVerdict, NetcheckRow['egress']>(), Ingress: new WeakMap<SideVerdict, NetcheckRow['egress']>() };
  const describe = (v: SideVerdict, pod: KubeObject | undefined, dir: 'Egress' | 'Ingress'): NetcheckRow['egress'] => {
    let d = described[dir].get(v);
    if (!d) { d = { ...v, decision: describeSide(v, pod, dir) }; described[dir].set(v, d); }
    return d;
  };
  const rows: NetcheckRow[] = [];
  for (const d of to.members) {
    const targets = targetsFor(to, d, port, protocol, target);
    for (const s of from.members) {
      for (const t of targets) {
        const v = ev.evaluate({ from: s.endpoint, to: d.endpoint, port: t.port, protocol: t.protocol });
        rows.push({
          from: s.name, to: d.name, port: t.port, protocol: t.protocol, allowed: v.allowed,
          egress: describe(v.egress, s.endpoint.pod, 'Egress'),
          ingress: describe(v.ingress, d.endpoint.pod, 'Ingress'),
        });
      }
    }
  }
  return rows;
}

/** HEADER is the report's columns. */
export const HEADER = ['FROM', 'TO', 'PORT', 'VERDICT', 'EGRESS (FROM)', 'INGRESS (TO)'];

/** renderRows renders the report table. */
export function renderRows(rows: readonly NetcheckRow[], colors?: ReturnType<typeof reportColors>): string {
  const body = rows.map((r) => [r.from, r.to, `${r.port}/${r.protocol}`, r.allowed ? ALLOWED : DENIED, r.egress.decision, r.ingress.decision]);
  return renderReport(HEADER, body, {
    colors,
    cell: colors && ((t, i) => (i !== 3 ? t : t === ALLOWED ? colors.green(t) : colors.red(t))),
  });
}

function jsonRow(r: NetcheckRow): object {
  const side = (v: NetcheckRow['egress']) => ({
    allowed: v.allowed,
    ...(v.subject ? { notPoliced: v.subject } : {}),
    isolatedBy: v.isolating,
    ...(v.rule ? { rule: ruleName(v.rule) } : {}),
    decision: v.decision,
  });
  return { from: r.from, to: r.to, port: r.port, protocol: r.protocol, allowed: r.allowed, egress: side(r.egress), ingress: side(r.ingress) };
}

/** netcheckCommand is `kubemu netcheck FROM TO[:PORT]`. */
export const netcheckCommand = ownVerb(leaf({
  command: 'netcheck <from> <to>',
  describe: 'Say whether NetworkPolicies allow a connection, and which policy and rule decided (kubemu)',
  options: {
    protocol: { type: 'string', describe: 'Protocol of the connection: TCP, UDP or SCTP (default: TCP, or each declared port\'s).' },
    output: { alias: 'o', type: 'string', describe: 'Output format: json. Default: a table.' },
  },
  examples: [
    ['$0 netcheck pod/client svc/web:80', 'client to each ready endpoint of Service web, on the pods\' target port'],
    ['$0 netcheck deploy/frontend prod/db-0:5432', 'every frontend pod to pod db-0 of namespace prod'],
    ['$0 netcheck pod/client 10.96.0.10:53 --protocol UDP -n shop', 'a pod of namespace shop to cluster DNS'],
    ['$0 netcheck pod/client svc/web -o json', 'every port of Service web, as JSON'],
    ['$0 netcheck pod/a pod/b:http && echo open', 'exit code 0 when every connection is allowed, 1 when any is denied'],
  ],
  run(ctx: CommandContext, opts): number {
    if (ctx.args.length !== 2) throw new UsageError('netcheck takes FROM and TO[:PORT], e.g. `kubemu netcheck pod/client svc/web:80`', 'netcheck');
    const protocol = opts.protocol == null ? undefined : String(opts.protocol).toUpperCase() as Protocol;
    if (protocol && !PROTOCOLS.includes(protocol)) throw new UsageError(`invalid protocol "${opts.protocol}": use TCP, UDP or SCTP`, 'netcheck');
    if (opts.output !== undefined && opts.output !== 'json') {
      throw new CliError(`unable to match a printer suitable for the output format "${opts.output}", allowed formats are: json`);
    }
    const cluster = ctx.cluster();
    cluster.catchUp();
    const rows = cluster.read(() => netcheck(cluster.api, ctx.args[0]!, ctx.args[1]!, ctx.namespace, protocol));
    if (opts.output === 'json') ctx.io.out(`${JSON.stringify(rows.map(jsonRow), null, 2)}\n`);
    else ctx.io.out(renderRows(rows, reportColors(ctx.env, ctx.io.isTTY)));
    return rows.every((r) => r.allowed) ? 0 : 1;
  },
}));
