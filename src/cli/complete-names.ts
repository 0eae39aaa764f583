/**
 * complete-names: the completions that need the cluster — resource types, object names,
 * namespaces and clusters (kubemu's contexts) — answered as kubectl's completion functions do
 * (kubectl pkg/util/completion/completion.go): `get TYPE <TAB>` lists that type's names,
 * `logs <TAB>` pods and the TYPE/ prefixes of what has pods, `scale <TAB>` the types it
 * accepts, `-n <TAB>` namespaces. Candidates are filtered by prefix; no descriptions. The
 * cluster is only read: completing never settles or writes it.
 */
import type { FlagDef } from './flags';
import { GLOBAL_FLAGS } from './flags';
import { clusterExists, contextNamespace, currentCluster, kubemuHome, listClusters, statePath } from '../cluster/home';
import { openCluster, type Cluster } from '../cluster/cluster';
import { discoveryOrder, qualifiedResource, type Registry } from '../api/registry';

/** Directive bits, cobra's ShellCompDirective: no space after the word; no file names when nothing matches. */
export const NO_SPACE = 2;
export const NO_FILE_COMP = 4;

/** NameCompletion is what a shell gets: candidate words and the directive. */
export interface NameCompletion { words: string[]; directive: number }

type ArgsFn = (q: Query, args: string[], partial: string) => NameCompletion;

/** Query reads the cluster the completed command line names, opened on first use. */
export interface Query { types(): string[]; names(type: string, partial: string): string[] }

const RESOURCES_WITH_PODS = ['daemonsets', 'deployments', 'pods', 'jobs', 'replicasets', 'replicationcontrollers', 'services', 'statefulsets'];

const prefixed = (words: readonly string[], partial: string) => words.filter((w) => w.startsWith(partial));

/** typeAndName is kubectl's resourceTypeAndNameCompletionFunc. */
function typeAndName(allowed: readonly string[], allowRepeat: boolean): ArgsFn {
  return (q, args, partial) => {
    let directive = NO_FILE_COMP;
    let words: string[] = [];
    if (args.length && !args[0]!.includes('/')) {
      if (allowRepeat || args.length === 1) words = q.names(args[0]!, partial).filter((w) => !args.slice(1).includes(w));
    } else if (!partial.includes('/')) {
      const types = allowed.length ? prefixed(allowed, partial) : typeList(q, partial);
      if (!args.length) words = types;
      else if (allowRepeat) { directive |= NO_SPACE; words = types.map((t) => `${t}/`); }
    } else if (allowRepeat || !args.length) {
      const slash = partial.indexOf('/');
      const type = partial.slice(0, slash);
      words = q.names(type, partial.slice(slash + 1)).map((n) => `${type}/${n}`).filter((w) => !args.includes(w));
    }
    return { words, directive };
  };
}

/** typeList is api-resources -o name --verbs=get, with a comma-separated list's last item completed. */
function typeList(q: Query, partial: string): string[] {
  const comma = partial.lastIndexOf(',');
  const [head, tail] = comma < 0 ? ['', partial] : [partial.slice(0, comma + 1), partial.slice(comma + 1)];
  return prefixed(q.types(), tail).map((t) => `${head}${t}`);
}

/** podResource is kubectl's doPodResourceCompletion: pod names, and TYPE/ for what has pods. */
function podResource(q: Query, partial: string): NameCompletion {
  const slash = partial.indexOf('/');
  if (slash >= 0) {
    const type = partial.slice(0, slash);
    return { words: q.names(type, partial.slice(slash + 1)).map((n) => `${type}/${n}`), directive: NO_FILE_COMP };
  }
  const pods = q.names('pod', partial);
  return { words: [...pods, ...prefixed(RESOURCES_WITH_PODS, partial).map((r) => `${r}/`)], directive: NO_FILE_COMP | (pods.length ? 0 : NO_SPACE) };
}

const onlyFirst = (fn: (q: Query, partial: string) => NameCompletion): ArgsFn => (q, args, partial) => (args.length ? { words: [], directive: NO_FILE_COMP } : fn(q, partial));
const namesOf = (type: string): ArgsFn => onlyFirst((q, partial) => ({ words: q.names(type, partial), directive: NO_FILE_COMP }));
const SCALABLE = ['deployment', 'replicaset', 'replicationcontroller', 'statefulset'];
const ROLLABLE = ['deployment', 'daemonset', 'statefulset'];

/** ARGS maps a command path to how its positional arguments complete (kubectl's ValidArgsFunction). */
const ARGS: Record<string, ArgsFn> = {
  ...Object.fromEntries(['get', 'describe', 'delete', 'edit', 'label', 'annotate', 'patch', 'wait'].map((v) => [v, typeAndName([], true)])),
  scale: typeAndName(SCALABLE, true),
  autoscale: typeAndName(SCALABLE, true),
  expose: typeAndName(['pod', 'service', 'replicationcontroller', 'deployment', 'replicaset'], true),
  taint: typeAndName(['node'], true),
  ...Object.fromEntries(['history', 'pause', 'restart', 'resume', 'undo'].map((s) => [`rollout ${s}`, typeAndName(ROLLABLE, true)])),
  'rollout status': typeAndName(ROLLABLE, false),
  exec: onlyFirst(podResource), attach: onlyFirst(podResource), 'port-forward': onlyFirst(podResource),
  logs: onlyFirst(podResource),
  cordon: namesOf('node'), uncordon: namesOf('node'), drain: namesOf('node'),
  'top node': namesOf('node'), 'top pod': namesOf('pod'),
  'config use-context': onlyFirst((q, partial) => ({ words: prefixed(q.names('@cluster', ''), partial), directive: NO_FILE_COMP })),
};

/** FLAG_VALUES complete a flag's value (kubectl registers these on the root command). */
const FLAG_VALUES: Record<string, string> = { namespace: 'namespace', context: '@cluster', cluster: '@cluster' };

/** clusterQuery opens the named (or current) cluster read-only, once, when a completion needs it. */
export function clusterQuery(env: NodeJS.ProcessEnv, flags: ReadonlyMap<string, string>): Query & { close(): void } {
  const home = kubemuHome(env);
  const name = flags.get('cluster') || flags.get('context') || env.KUBEMU_CLUSTER || currentCluster(home);
  let cluster: Cluster | undefined;
  const open = (): Cluster | undefined => {
    if (!cluster && clusterExists(home, name)) cluster = openCluster(statePath(home, name), { readonly: true });
    return cluster;
  };
  const registry = (): Registry | undefined => open()?.api.registry();
  const namespace = flags.get('namespace') || contextNamespace(home, name) || 'default';
  return {
    types: () => (registry()?.resources ?? []).filter((r) => r.verbs.includes('get')).sort(discoveryOrder).map(qualifiedResource),
    names(type, partial) {
      if (type === '@cluster') return prefixed(listClusters(home), partial);
      const c = open();
      if (!c) return [];
      let info;
      try { info = c.api.registry().resolve(type); } catch { return []; }
      const objs = c.api.list({ kind: info.storageKind, namespace: info.namespaced ? namespace : undefined });
      return prefixed(objs.map((o) => o.metadata.name!), partial);
    },
    close: () => cluster?.close(),
  };
}

/**
 * completeNames answers for a kubectl verb: path is the command path ("get", "rollout status"),
 * rest the words after it, partial the word being completed; undefined when it is a flag's
 * value this module does not complete, or a flag.
 */
export function completeNames(path: string, flagDefs: readonly FlagDef[], rest: readonly string[], partial: string, env: NodeJS.ProcessEnv): NameCompletion | undefined {
  const defs = [...flagDefs, ...GLOBAL_FLAGS];
  const takesValue = (word: string): FlagDef | undefined => {
    const m = /^--([^=]+)$/.exec(word) ?? /^-([a-zA-Z])$/.exec(word);
    const def = m && defs.find((d) => d.name === m[1] || d.short === m[1]);
    return def && def.type !== 'bool' ? def : undefined;
  };
  const flags = new Map<string, string>();
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    const eq = /^--([^=]+)=(.*)$/.exec(w);
    if (eq) { flags.set(eq[1]!, eq[2]!); continue; }
    const def = takesValue(w);
    if (def) { flags.set(def.name, rest[++i] ?? ''); continue; }
    if (!w.startsWith('-')) args.push(w);
  }
  const valueOf = rest.length ? takesValue(rest[rest.length - 1]!) : undefined;
  if (partial.startsWith('-') && !valueOf) return undefined;
  const query = clusterQuery(env, flags);
  try {
    if (valueOf) {
      const type = FLAG_VALUES[valueOf.name];
      return { words: type ? query.names(type, partial) : [], directive: NO_FILE_COMP };
    }
    const fn = ARGS[path];
    return fn ? fn(query, args, partial) : undefined;
  } finally {
    query.close();
  }
}
