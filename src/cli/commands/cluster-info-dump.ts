/**
 * cluster-info-dump: `kubectl cluster-info dump` — nodes, then per namespace (kube-system and
 * the current one by default, --namespaces, or -A) its Events, ReplicationControllers,
 * Services, DaemonSets, Deployments, ReplicaSets and Pods as typed lists (items without kind
 * and apiVersion, fields in the API types' order, as client-go's typed clients return them),
 * then each pod's container logs between kubectl's START/END lines; to stdout, or as
 * kubectl's file tree under --output-directory.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeObject } from '../../api/meta';
import { toJson } from '../../yaml/write-json';
import { defineCommand, type CommandContext } from '../command';
import { CliError } from '../errors';
import { printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { defineFlags } from '../flag-table';
import { makeDirs } from '../../cluster/make-dirs';
import { toTypedObject } from './typed-object';

/** DUMPED are the namespaced lists, in kubectl's order, with the file each goes to. */
const DUMPED: readonly { kind: string; list: string; file: string }[] = [
  { kind: 'Event', list: 'EventList', file: 'events' },
  { kind: 'ReplicationController', list: 'ReplicationControllerList', file: 'replication-controllers' },
  { kind: 'Service', list: 'ServiceList', file: 'services' },
  { kind: 'DaemonSet', list: 'DaemonSetList', file: 'daemonsets' },
  { kind: 'Deployment', list: 'DeploymentList', file: 'deployments' },
  { kind: 'ReplicaSet', list: 'ReplicaSetList', file: 'replicasets' },
  { kind: 'Pod', list: 'PodList', file: 'pods' },
];

// Loaded when a dump runs: `cluster-info` and `version` share this module's parent and never need them.
const logs = () => require('../../kubelet/logs') as typeof import('../../kubelet/logs');
const yaml = () => require('../../yaml/write-yaml') as typeof import('../../yaml/write-yaml');

const FLAGS = defineFlags([
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If true, dump all namespaces.  If true, --namespaces is ignored.' },
  { name: 'namespaces', type: 'stringSlice', default: [], help: 'A comma separated list of namespaces to dump.' },
  { ...PRINT_FLAGS[0], default: 'json' },
  ...PRINT_FLAGS.slice(1),
  { name: 'output-directory', type: 'string', default: '', help: "Where to output the files.  If empty or '-' uses stdout, otherwise creates a directory hierarchy in that directory" },
  { name: 'pod-running-timeout', type: 'duration', default: '20s', help: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' },
]);

/** typedList is the list a typed client returns: its items carry no kind or apiVersion. */
function typedList(kind: string, apiVersion: string, revision: number, items: KubeObject[]): Record<string, unknown> {
  return {
    kind, apiVersion, metadata: { resourceVersion: String(revision) },
    // kubectl decodes the lists into their Go types: fields in struct order, as it prints them.
    items: items.map((item) => {
      const { kind: _k, apiVersion: _v, ...rest } = toTypedObject(item);
      const { managedFields: _m, ...meta } = rest.metadata;
      return { ...rest, metadata: meta };
    }),
  };
}

/** dumpCommand is `kubectl cluster-info dump`. */
export const dumpCommand = defineCommand({
  name: 'dump',
  short: 'Dump relevant information for debugging and diagnosis',
  long: "Dump cluster information out suitable for debugging and diagnosing cluster problems.  By default, dumps everything to stdout. You can optionally specify a directory with --output-directory.  If you specify a directory, Kubernetes will build a set of files in that directory.  By default, only dumps things in the current namespace and 'kube-system' namespace, but you can switch to a different namespace with the --namespaces flag, or specify --all-namespaces to dump all namespaces.\n\n The command also dumps the logs of all of the pods in the cluster; these logs are dumped into different directories based on namespace and pod name.",
  usage: 'kubectl cluster-info dump [flags] [options]',
  flags: FLAGS,
  run(ctx): number {
    const out = outputOf(ctx.flags, ctx.set)!;
    const dir = ctx.flags['output-directory'] === '-' ? '' : ctx.flags['output-directory'];
    // kubectl names the files after json and yaml; any other format writes .txt files.
    const ext = out.kind === 'json' || out.kind === 'yaml' ? `.${out.kind}` : '.txt';
    const cluster = ctx.cluster();
    let printed = 0;
    const print = (obj: Record<string, unknown>, file: string) => {
      // One printer for the whole run: YAML documents after the first are separated, as kubectl's YAML printer does.
      const text = out.kind === 'json' ? toJson(obj, { sortKeys: false })
        : out.kind === 'yaml' ? `${printed++ ? '---\n' : ''}${yaml().toYaml(obj)}`
        // kubectl's name printer refuses the typed lists it is given (Go's type name in its error).
        : out.kind === 'name' ? nameRefused(obj)
        : printObjects([obj as unknown as KubeObject], out, true, cluster.api.registry());
      write(ctx, dir, file + ext, text);
    };
    cluster.catchUp();
    const now = cluster.clock.nowMs();
    cluster.read(() => {
      const revision = cluster.api.revision();
      print(typedList('NodeList', 'v1', revision, cluster.api.list({ kind: 'Node' })), 'nodes');
      const namespaces = ctx.flags['all-namespaces'] ? cluster.api.list({ kind: 'Namespace' }).map((n) => n.metadata.name!)
        : ctx.flags.namespaces.length ? ctx.flags.namespaces : ['kube-system', ctx.namespace];
      for (const ns of namespaces) {
        let pods: KubeObject[] = [];
        for (const d of DUMPED) {
          const items = cluster.api.list({ kind: d.kind, namespace: ns });
          if (d.kind === 'Pod') pods = items;
          print(typedList(d.list, d.kind === 'Event' || d.kind === 'ReplicationController' || d.kind === 'Service' || d.kind === 'Pod' ? 'v1' : 'apps/v1', revision, items), path.join(ns, d.file));
        }
        for (const pod of pods) {
          let text = '';
          for (const c of [...pod.spec?.initContainers ?? [], ...pod.spec?.containers ?? []] as { name: string }[]) {
            text += `==== START logs for container ${c.name} of pod ${ns}/${pod.metadata.name} ====\n`;
            try {
              text += logs().logText(logs().containerLogs(pod, c.name, false, cluster.api, now));
            } catch (e) {
              if (!(e instanceof logs().LogError)) throw e;
              text += `Request log error: ${e.message}\n`;
            }
            text += `==== END logs for container ${c.name} of pod ${ns}/${pod.metadata.name} ====\n`;
          }
          write(ctx, dir, path.join(ns, pod.metadata.name!, 'logs.txt'), text);
        }
      }
    });
    if (dir) ctx.io.out(`Cluster info dumped to ${dir}\n`);
    return 0;
  },
});

/** nameRefused is kubectl's name printer's refusal of a typed list (every list here is a v1 Go type). */
function nameRefused(list: Record<string, unknown>): never {
  throw new CliError(`list types are not supported by name printing: *v1.${String(list.kind)}`);
}

/** write sends text to stdout, or to dir/file (creating its folders) under --output-directory. */
function write(ctx: CommandContext, dir: string, file: string, text: string): void {
  if (!dir) { ctx.io.out(text); return; }
  const full = path.resolve(ctx.cwd, dir, file);
  makeDirs(path.dirname(full));
  fs.writeFileSync(full, text);
}
