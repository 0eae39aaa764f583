/**
 * describe: kubectl describe — one object, objects by name prefix, or all of a type,
 * with related objects and Events found through the API.
 */
import type { EventLike, KubeObject, ListQuery } from '../../api/meta';
import { ApiError, notFound } from '../../apiserver/errors';
import { describeMany, eventSubjectUids, eventsFor, type DescribeContext } from '../../printers/describe';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, SilentExit, formatApiError } from '../errors';
import { parseResourceArgs, shortNameWarnings, type ResourceRequest } from '../resource-args';
import type { Registry } from '../../api/registry';
import { KUSTOMIZE_FLAG, resolveTargets } from './targets';
import type { Cluster } from '../../cluster/cluster';

function contextFor(cluster: Cluster, showEvents: boolean): (obj: KubeObject) => DescribeContext {
  const now = cluster.clock.now();
  const registry = cluster.api.registry();
  // kubectl ignores a failed event search and prints no Events section (a user who may not list events).
  const eventsOf = (obj: KubeObject): EventLike[] | undefined => {
    if (!showEvents) return [];
    try {
      // Asked by involvedObject.uid, as searchEvents asks (an indexed read), in list order.
      const namespace = obj.metadata.namespace ?? 'default';
      const found = eventSubjectUids(obj).flatMap((uid) => cluster.api.list<EventLike>({ kind: 'Event', namespace, fieldSelector: `involvedObject.uid=${uid}` }));
      return eventsFor(obj, found.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0)));
    } catch (e) {
      if (e instanceof ApiError && e.code === 403) return undefined;
      throw e;
    }
  };
  return (obj) => {
    const events = eventsOf(obj);
    return {
      now,
      showEvents: showEvents && events !== undefined,
      events: events ?? [],
      list: (q: ListQuery) => (q.kind === 'Pod' && q.fieldSelector?.startsWith('spec.nodeName=') ? cluster.api.podsOnNode(q.fieldSelector.slice('spec.nodeName='.length)) : cluster.api.list(q)),
      get: (kind: string, name: string, namespace?: string) => {
        const info = registry.forStorageKind(kind);
        return cluster.api.tryGet({ kind, name, namespace: info?.namespaced ? namespace : undefined });
      },
    };
  };
}

/** describeCommand is `kubectl describe`. */
export const describeCommand = defineCommand({
  name: 'describe',
  short: 'Show details of a specific resource or group of resources',
  usage: 'kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME) [options]',
  flags: [
    { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on.' },
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces.' },
    { name: 'show-events', type: 'bool', default: true, help: 'If true, display events related to the described object.' },
    { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'Filename, directory, or URL to files containing the resource to describe' },
    { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.' },
    KUSTOMIZE_FLAG,
    // Read as kubectl reads it; the store answers a list in one piece.
    { name: 'chunk-size', type: 'int', default: 500, help: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.' },
  ],
  run(ctx): number {
    const files = ctx.flags.filename;
    const fromManifests = files.length > 0 || !!ctx.flags.kustomize;
    if (!ctx.args.length && !fromManifests) throw new CliError('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
    const cluster = ctx.cluster();
    cluster.catchUp();
    // -f names the objects its manifests name (each must exist); otherwise TYPE [NAME_PREFIX].
    const fromFiles = fromManifests ? resolveTargets(ctx, { args: ctx.args }) : undefined;
    const { requests } = fromFiles ? { requests: [] } : parseResourceArgs(ctx.args, cluster.api.registry(), (text) => ctx.io.err(text));
    const allNs = !!ctx.flags['all-namespaces'];
    const errors: string[] = [...fromFiles?.errors ?? []];
    const found: KubeObject[] = [];
    let text = '';
    cluster.read(() => {
      for (const t of fromFiles?.targets ?? []) {
        const obj = cluster.api.tryGet(t.ref);
        if (obj) found.push(obj);
        else errors.push(formatApiError(notFound(t.info.group, t.info.resource, t.ref.name)));
      }
      for (const r of requests) {
        const ns = r.info.namespaced ? (allNs ? undefined : ctx.namespace) : undefined;
        if (!r.names.length) {
          found.push(...cluster.api.list({ kind: r.info.storageKind, namespace: ns, labelSelector: ctx.flags.selector, apiVersion: describedVersion(r, cluster.api.registry()) }));
          continue;
        }
        for (const name of r.names) {
          const exact = cluster.api.tryGet({ kind: r.info.storageKind, namespace: r.info.namespaced ? ctx.namespace : undefined, name }, describedVersion(r, cluster.api.registry()));
          if (exact) { found.push(exact); continue; }
          // kubectl describe falls back to a name-prefix match; with TYPE NAME it maps the type again (and warns again).
          if (ctx.args.length === 2) ctx.io.err(shortNameWarnings(cluster.api.registry(), ctx.args[0]!));
          const prefixed = cluster.api.list({ kind: r.info.storageKind, namespace: r.info.namespaced ? ctx.namespace : undefined, apiVersion: describedVersion(r, cluster.api.registry()) }).filter((o) => o.metadata.name!.startsWith(name));
          if (prefixed.length) found.push(...prefixed);
          else errors.push(formatApiError(notFound(r.info.group, r.info.resource, name)));
        }
      }
      if (found.length) text = describeMany(found, contextFor(cluster, !!ctx.flags['show-events']));
    });
    if (text) ctx.io.out(text.endsWith('\n') ? text : `${text}\n`);
    for (const e of errors) ctx.io.err(`${e}\n`);
    if (!found.length && !errors.length) {
      // kubectl describe names the namespace whatever the kind (`describe csr` too), unlike get.
      ctx.io.err(allNs ? 'No resources found\n' : `No resources found in ${ctx.namespace} namespace.\n`);
    }
    if (errors.length) throw new SilentExit(1);
    return 0;
  },
});

/**
 * describedVersion is the version describe reads a request's objects in: kubectl picks the
 * describer by group and kind, and a kind's describer reads the version it knows (the HPA's
 * fetches autoscaling/v2 whatever version was named), so only another group's resource stored
 * alike (events.events.k8s.io, described generically) is read in its own version.
 */
function describedVersion(r: ResourceRequest, registry: Registry): string | undefined {
  return registry.forStorageKind(r.info.storageKind)?.group === r.info.group ? undefined : r.apiVersion;
}
