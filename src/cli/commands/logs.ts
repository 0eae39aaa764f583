/**
 * logs: kubectl logs — a container's output as the emulated runtime computed it, for a
 * pod, a workload (deploy/x, job/x … picks one pod as kubectl does) or a selector.
 * kubemu: -f prints what exists and returns; nothing is streamed.
 */
import type { KubeObject } from '../../api/meta';
import { selectorMatches } from '../../api/label-selector';
import { badRequest, notFound } from '../../apiserver/errors';
import { LogError, containerLogs, logTimestamp, type LogLine } from '../../kubelet/logs';
import type { Command, CommandContext } from '../command';
import { CliError, UsageError } from '../errors';

export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';
export const ERR_NEED_POD = 'expected POD, TYPE/NAME, or --selector to be specified';

/** podsForWorkload lists a workload's pods as kubectl's AttachablePodForObject sorts them (ByLogging). */
function podsFor(obj: KubeObject, pods: KubeObject[]): KubeObject[] {
  const sel = obj.spec?.selector;
  const matching = pods.filter((p) => (obj.kind === 'Job' && !sel?.matchLabels && !sel?.matchExpressions
    ? p.metadata.labels?.['job-name'] === obj.metadata.name
    : selectorMatches(sel?.matchLabels || sel?.matchExpressions ? sel : { matchLabels: sel }, p.metadata.labels)));
  const phaseRank = (p: KubeObject) => ({ Running: 0, Unknown: 1, Pending: 2 } as Record<string, number>)[p.status?.phase] ?? 3;
  const ready = (p: KubeObject) => (p.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
  return matching.sort((a, b) => Number(!a.spec?.nodeName) - Number(!b.spec?.nodeName) || phaseRank(a) - phaseRank(b)
    || Number(ready(b)) - Number(ready(a)) || String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp))
    || a.metadata.name!.localeCompare(b.metadata.name!));
}

/** logsCommand is `kubectl logs`. */
export const logsCommand: Command = {
  name: 'logs',
  short: 'Print the logs for a container in a pod',
  usage: 'kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]',
  flags: [
    { name: 'container', short: 'c', type: 'string', help: 'Print the logs of this container' },
    { name: 'previous', short: 'p', type: 'bool', default: false, help: 'If true, print the logs for the previous instance of the container in a pod if it exists.' },
    { name: 'follow', short: 'f', type: 'bool', default: false, help: 'Specify if the logs should be streamed.' },
    { name: 'tail', type: 'int', default: -1, help: 'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines otherwise 10, if a selector is provided.' },
    { name: 'timestamps', type: 'bool', default: false, help: 'Include timestamps on each line in the log output' },
    { name: 'all-containers', type: 'bool', default: false, help: 'Get all containers\' logs in the pod(s).' },
    { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on, supports \'=\', \'==\', and \'!=\'.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints.' },
    { name: 'prefix', type: 'bool', default: false, help: 'Prefix each log line with the log source (pod name and container name)' },
    { name: 'max-log-requests', type: 'int', default: 5, help: 'Specify maximum number of concurrent logs to follow when using by a selector. Defaults to 5.' },
  ],
  run(ctx: CommandContext): number {
    const selector = ctx.flags.selector as string | undefined;
    if (!ctx.args.length && !selector) throw new UsageError(ERR_NEED_POD, 'logs');
    if (selector && ctx.args.length) throw new CliError('only a selector (-l) or a POD name is allowed');
    const cluster = ctx.cluster();
    cluster.catchUp();
    const ns = ctx.namespace;
    const now = cluster.clock.nowMs();
    let container = ctx.flags.container as string | undefined;
    if (ctx.args.length === 2 && !container) container = ctx.args[1];
    let out = '';
    cluster.read(() => {
      let pods: KubeObject[];
      if (selector) {
        pods = cluster.api.list({ kind: 'Pod', namespace: ns, labelSelector: selector });
        if (!pods.length) { ctx.io.err(`No resources found in ${ns} namespace.\n`); return; }
      } else {
        const arg = ctx.args[0]!;
        const slash = arg.indexOf('/');
        if (slash < 0) {
          const pod = cluster.api.tryGet({ kind: 'Pod', namespace: ns, name: arg });
          if (!pod) throw new CliError(`error from server (NotFound): pods "${arg}" not found in namespace "${ns}"`);
          pods = [pod];
        } else {
          const info = cluster.api.registry().resolve(arg.slice(0, slash));
          const name = arg.slice(slash + 1);
          const obj = cluster.api.tryGet({ kind: info.storageKind, namespace: ns, name });
          if (!obj) throw notFound(info.group, info.resource, name);
          if (obj.kind === 'Pod') pods = [obj];
          else {
            const all = podsFor(obj, cluster.api.list({ kind: 'Pod', namespace: ns }));
            if (!all.length) throw new CliError(`timed out waiting for the condition`);
            if (all.length > 1) ctx.io.err(`Found ${all.length} pods, using pod/${all[0]!.metadata.name}\n`);
            pods = [all[0]!];
          }
        }
      }
      const tail = (ctx.flags.tail as number) >= 0 ? (ctx.flags.tail as number) : (selector ? 10 : -1);
      for (const pod of pods.slice(0, selector ? (ctx.flags['max-log-requests'] as number) : pods.length)) {
        const inits: { name: string }[] = pod.spec?.initContainers ?? [];
        const apps: { name: string }[] = pod.spec?.containers ?? [];
        let names: string[];
        if (ctx.flags['all-containers']) names = [...inits, ...apps].map((c) => c.name);
        else if (container) names = [container];
        else {
          const preferred = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
          const chosen = preferred && apps.some((c) => c.name === preferred) ? preferred : apps[0]!.name;
          if (apps.length + inits.length > 1 && !preferred) {
            const list = [...apps.map((c) => c.name), ...inits.map((c) => `${c.name} (init)`)].join(', ');
            ctx.io.err(`Defaulted container "${chosen}" out of: ${list}\n`);
          }
          names = [chosen];
        }
        for (const name of names) {
          let lines: LogLine[];
          try {
            lines = containerLogs(pod, name, !!ctx.flags.previous, cluster.api, now);
          } catch (e) {
            if (e instanceof LogError) throw badRequest(e.message);
            throw e;
          }
          if (tail >= 0) lines = tail === 0 ? [] : lines.slice(-tail);
          for (const l of lines) {
            const prefix = ctx.flags.prefix ? `[pod/${pod.metadata.name}/${name}] ` : '';
            out += `${prefix}${ctx.flags.timestamps ? `${logTimestamp(l.ms)} ` : ''}${l.text}\n`;
          }
        }
      }
    });
    ctx.io.out(out);
    return 0;
  },
};
