/**
 * expose: kubectl expose TYPE NAME — build a Service for a pod, service, deployment,
 * replica set or replication controller from its selector, labels and ports (service/v2
 * generator), then create it (`service/<name> exposed`).
 * Mirrors kubernetes/kubectl pkg/cmd/expose/expose.go.
 */
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, finishWithErrors } from '../errors';
import { generatorSpec } from '../generators/generator-table';
import { generateService, type ServiceParams } from '../generators/service-generator';
import { enforcedNamespace, flagDefsOf, withGeneratorErrors, writeGenerated } from './generator-cli';
import { applyOverrides } from './run';
import { readTarget, resolveTargets } from './targets';

export const ERR_NO_PORT = "couldn't find port via --port flag or introspection";
/** ERR_CANNOT_EXPOSE is kubectl's text for kinds without a selector to copy: the GroupKind, "Kind.group" outside the core group. */
export const ERR_CANNOT_EXPOSE = (kind: string, group: string): string => `cannot expose a ${group ? `${kind}.${group}` : kind}`;

const SPEC = generatorSpec('expose')!;

const labelString = (m: Record<string, string> | undefined) => Object.keys(m ?? {}).sort().map((k) => `${k}=${m![k]}`).join(',');

/** introspect reads what expose copies from the target: selector, ports and protocols. */
export function introspect(obj: KubeObject): { selector: string; ports: number[]; protocols: string } {
  let selector: Record<string, string> | undefined;
  let containers: { ports?: { containerPort: number; protocol?: string }[] }[] = [];
  let svcPorts: { port: number; protocol?: string }[] = [];
  switch (obj.kind) {
    case 'Pod': selector = obj.metadata.labels; containers = obj.spec?.containers ?? []; break;
    case 'Service': selector = obj.spec?.selector; svcPorts = obj.spec?.ports ?? []; break;
    case 'ReplicationController': selector = obj.spec?.selector; containers = obj.spec?.template?.spec?.containers ?? []; break;
    case 'Deployment': case 'ReplicaSet': {
      const sel = obj.spec?.selector ?? {};
      if (sel.matchExpressions?.length) throw new CliError(`couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}" to map-based selector format`);
      selector = sel.matchLabels;
      containers = obj.spec?.template?.spec?.containers ?? [];
      break;
    }
    default: throw new CliError(ERR_CANNOT_EXPOSE(obj.kind, obj.apiVersion.includes('/') ? obj.apiVersion.slice(0, obj.apiVersion.indexOf('/')) : ''));
  }
  const ports: number[] = [];
  const protocols: string[] = [];
  for (const c of containers) for (const p of c.ports ?? []) { ports.push(p.containerPort); protocols.push(`${p.containerPort}/${p.protocol ?? 'TCP'}`); }
  for (const p of svcPorts) { ports.push(p.port); protocols.push(`${p.port}/${p.protocol ?? 'TCP'}`); }
  return { selector: labelString(selector), ports, protocols: protocols.join(',') };
}

/** exposeCommand is `kubectl expose`. */
export const exposeCommand = defineCommand({
  name: 'expose',
  short: 'Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service',
  usage: SPEC.usage,
  flags: flagDefsOf(SPEC),
  run(ctx): number {
    const s = (v: string) => v || undefined;
    const resolved = resolveTargets(ctx, { args: ctx.args, selector: '' });
    if (resolved.errors.length) throw new CliError(resolved.errors[0]!.replace(/^error: /, ''));
    const cluster = ctx.cluster();
    const objs: KubeObject[] = [];
    // As kubectl's visitor, an object it cannot read or expose is reported after the others are done.
    const errors: string[] = [];
    // kubectl fills its options from the first object that has them and keeps them for the rest:
    // the selector, the labels and a single port; several ports and the protocols are taken again
    // from each object that has some (and several ports win over a single one).
    let selector = s(ctx.flags.selector);
    let labels = s(ctx.flags.labels);
    let port = s(ctx.flags.port);
    let ports: string | undefined;
    let protocols: string | undefined;
    const clusterIP = s(ctx.flags['cluster-ip']);
    for (const t of resolved.targets) {
      const obj = readTarget(cluster, t, errors);
      if (!obj) continue;
      try {
        const found = introspect(obj);
        selector ??= found.selector || undefined;
        if (!selector) throw new CliError(`couldn't retrieve selectors via --selector flag or introspection: the ${obj.kind} has no selector`);
        if (!port && found.ports.length === 1) port = String(found.ports[0]);
        else if (!port && found.ports.length > 1) ports = found.ports.join(',');
        else if (!port && clusterIP !== 'None') throw new CliError(ERR_NO_PORT);
        if (!s(ctx.flags.protocol) && found.protocols) protocols = found.protocols;
        labels ??= labelString(obj.metadata.labels) || undefined;
        const params: ServiceParams = {
          name: s(ctx.flags.name), defaultName: obj.metadata.name,
          selector, labels, port, ports,
          protocol: s(ctx.flags.protocol), protocols,
          targetPort: s(ctx.flags['target-port']), externalIP: s(ctx.flags['external-ip']), type: s(ctx.flags.type), loadBalancerIP: s(ctx.flags['load-balancer-ip']),
          sessionAffinity: s(ctx.flags['session-affinity']), clusterIP, namespace: enforcedNamespace(ctx),
        };
        const svc = withGeneratorErrors('expose', () => generateService(params));
        objs.push(applyOverrides(svc, s(ctx.flags.overrides) ?? '', ctx.flags['override-type'] ?? 'merge'));
      } catch (e) {
        if (!(e instanceof CliError)) throw e;
        errors.push(`error: ${e.message}`);
      }
    }
    writeGenerated(ctx, objs, { operation: 'exposed', fieldManager: 'kubectl-expose', typed: true });
    return finishWithErrors(ctx.io, errors, true);
  },
});
