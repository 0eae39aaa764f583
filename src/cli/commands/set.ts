/**
 * set: kubectl set image | resources | env — edit the pod template (or a Pod's spec) of
 * workloads by name, selector or file (--local prints the edited typed object). Objects
 * that end up unchanged print nothing, as kubectl skips empty patches.
 * Mirrors kubernetes/kubectl pkg/cmd/set (set_image.go, set_resources.go, set_env.go).
 */
import type { KubeObject } from '../../api/meta';
import type { ClusterRoleBinding, ConfigMap, RoleBinding } from '../../api/types/kinds';
import { kindPrefix } from '../../api/registry';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { mutateObjects, PatchFailure, readAllTargets, splitPairs, type EditContext } from './mutate-objects';
import { goQuote } from '../../api/go-quote';
import { formatQuantity, parseQuantity, QuantityError } from '../../api/quantity';
import { objectName, refuseAllWithSelectors, resolveTargets, SELECT_FLAGS, KUSTOMIZE_FLAG } from './targets';
import { envRefValue, type EnvVarSource } from './env-refs';
import { RECORD_DEPRECATED, RECORD_FLAG, recordChangeCause } from './record-flag';
import { runParent } from './parent-command';
import { PRINT_FLAGS } from '../print-flags';

/** EnvSource is the ConfigMap or Secret `set env --from` reads keys of. */
type EnvSource = KubeObject & Partial<Pick<ConfigMap, 'data'>>;

export const MSG_IMAGE_UPDATED = 'image updated';
export const MSG_RESOURCES_UPDATED = 'resource requirements updated';
export const MSG_ENV_UPDATED = 'env updated';
export const MSG_SERVICEACCOUNT_UPDATED = 'serviceaccount updated';
export const ERR_NO_SERVICEACCOUNT = 'serviceaccount is required';
export const MSG_SELECTOR_UPDATED = 'selector updated';
export const MSG_SUBJECTS_UPDATED = 'subjects updated';
export const ERR_NO_SUBJECT = 'you must specify at least one value of user, group or serviceaccount';
export const ERR_SA_FORMAT = 'serviceaccount must be <namespace>:<name>';
/** ERR_SUBJECTS_BINDINGS_ONLY is set subject's refusal of other kinds, after the object's name (see objectName). */
export const ERR_SUBJECTS_BINDINGS_ONLY = (target: string): string => `error: ${target} setting subjects is only supported for RoleBinding/ClusterRoleBinding`;
export const ERR_NO_SELECTOR = 'one selector is required';
export const ERR_SELECTOR_SERVICES_ONLY = 'setting a selector is only supported for Services';
/** LOCAL_RESOURCE_ERROR is the builder's resource.LocalResourceError: --local beside TYPE NAME arguments. */
export const LOCAL_RESOURCE_ERROR = "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'";
/** ERR_SELECTOR_EXPRESSIONS: a Service selector is a plain map; set-based requirements are refused (printed as Go prints the requirements). */
export const ERR_SELECTOR_EXPRESSIONS = (reqs: string): string => `match expression ${reqs} not supported on this object`;
export const ERR_NO_IMAGE_UPDATE = 'at least one image update is required';
export const ERR_NO_RESOURCES = 'you must specify an update to requests or limits (in the form of --requests/--limits)';
/** ERR_NO_CONTAINER is the per-container lookup failure (the text carries its own `error: `). */
export const ERR_NO_CONTAINER = (name: string): string => `error: unable to find container named "${name}"`;

type PodSpec = { containers?: Container[]; initContainers?: Container[]; ephemeralContainers?: Container[] };
type Container = { name: string; image?: string; env?: EnvVar[]; resources?: { limits?: Record<string, string>; requests?: Record<string, string> } };
type EnvVar = { name: string; value?: string; valueFrom?: Record<string, Record<string, string>> };

/** podSpecOf finds the pod spec of a workload (Pod, template-based kinds, CronJob); undefined otherwise. */
export function podSpecOf(obj: KubeObject): PodSpec | undefined {
  if (obj.kind === 'Pod') return (obj.spec ??= {}) as PodSpec;
  if (obj.kind === 'CronJob') return obj.spec?.jobTemplate?.spec?.template?.spec as PodSpec | undefined;
  return obj.spec?.template?.spec as PodSpec | undefined;
}

/** notAPodTemplate is the patch failure of an object without a pod spec. */
function notAPodTemplate(obj: KubeObject, ec: EditContext): PatchFailure {
  return new PatchFailure(`error: ${objectName(ec.target, obj, ec.local)} the object is not a pod or does not have a pod template: *v1.${obj.kind}`);
}

function requireSpec(obj: KubeObject, ec: EditContext): PodSpec {
  const spec = podSpecOf(obj);
  if (!spec) throw notAPodTemplate(obj, ec);
  return spec;
}

// kubectl's set commands have no --all-namespaces.
const COMMON = defineFlags([
  ...SELECT_FLAGS.filter((f) => f.name !== 'all-namespaces'),
  KUSTOMIZE_FLAG,
  { name: 'local', type: 'bool', default: false, help: 'If true, set will NOT contact api-server but run locally.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
  ...PRINT_FLAGS,
  { name: 'field-manager', type: 'string', default: 'kubectl-set', help: 'Name of the manager used to track field ownership.' },
]);

function globMatch(pattern: string, name: string): boolean {
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(name);
}

/** setImageCommand is `kubectl set image`. */
export const setImageCommand = defineCommand({
  name: 'image',
  short: 'Update the image of a pod template',
  usage: 'kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N [options]',
  flags: [...COMMON, RECORD_FLAG],
  run(ctx): number {
    if (ctx.set.has('record')) ctx.io.err(`${RECORD_DEPRECATED}\n`);
    refuseAllWithSelectors(ctx.flags);
    const { resources, pairs } = splitPairs(ctx.args, 'image');
    const images = new Map<string, string>();
    const invalid = pairs.filter((p) => !(p.includes('=') && p[0] !== '='));
    if (invalid.length) throw new CliError(`invalid image format: ${invalid.join(', ')}`);
    for (const p of pairs) images.set(p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1));
    const local = !!ctx.flags.local;
    if (local && resources.length) throw new CliError(LOCAL_RESOURCE_ERROR);
    // kubectl's Complete runs the resource builder before Validate counts the image updates.
    const resolved = resolveTargets(ctx, { args: resources, local });
    readAllTargets(ctx, resolved, local);
    if (!images.size) throw new CliError(ERR_NO_IMAGE_UPDATE);
    return mutateObjects(ctx, resolved, {
      failedWrite: 'failed to patch image update to pod template: ',
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        const spec = requireSpec(obj, ec);
        for (const [name, image] of [...images].sort(([a], [b]) => (a < b ? -1 : 1))) {
          let found = false;
          for (const list of [spec.initContainers, spec.containers, spec.ephemeralContainers]) {
            for (const c of list ?? []) if (c.name === name || name === '*') { c.image = image; found = true; }
          }
          if (!found) ec.early(ERR_NO_CONTAINER(name));
        }
        recordChangeCause(ctx, obj, setImageCommand.flags);
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_IMAGE_UPDATED;
      },
    });
  },
});

function parseResourceList(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of spec.split(',')) {
    if (!part) continue;
    const i = part.indexOf('=');
    if (i < 0) throw new CliError(`Invalid argument syntax ${part}, expected <resource>=<value>`);
    try { out[part.slice(0, i)] = formatQuantity(parseQuantity(part.slice(i + 1))); } catch (e) {
      if (e instanceof QuantityError) throw new CliError(e.message);
      throw e;
    }
  }
  return out;
}

/** setResourcesCommand is `kubectl set resources`. */
export const setResourcesCommand = defineCommand({
  name: 'resources',
  short: 'Update resource requests/limits on objects with pod templates',
  usage: 'kubectl set resources (-f FILENAME | TYPE NAME) ([--limits=LIMITS & --requests=REQUESTS] [options]',
  flags: [...COMMON,
    { name: 'containers', short: 'c', type: 'string', default: '*', help: 'The names of containers in the selected pod templates to change, all containers are selected by default - may use wildcards' },
    { name: 'limits', type: 'string', help: 'The resource requirement limits for this container.  For example, \'cpu=200m,memory=512Mi\'.' },
    { name: 'requests', type: 'string', help: 'The resource requirement requests for this container.  For example, \'cpu=100m,memory=256Mi\'.' }],
  run(ctx): number {
    refuseAllWithSelectors(ctx.flags);
    const limits = ctx.flags.limits ? parseResourceList(ctx.flags.limits) : {};
    const requests = ctx.flags.requests ? parseResourceList(ctx.flags.requests) : {};
    const selector = ctx.flags.containers;
    const local = !!ctx.flags.local;
    if (local && ctx.args.length) throw new CliError(LOCAL_RESOURCE_ERROR);
    // kubectl's Complete runs the resource builder before Validate looks for limits or requests.
    const resolved = resolveTargets(ctx, { args: ctx.args, local });
    readAllTargets(ctx, resolved, local);
    if (!Object.keys(limits).length && !Object.keys(requests).length) throw new CliError(ERR_NO_RESOURCES);
    return mutateObjects(ctx, resolved, {
      failedWrite: 'failed to patch resources update to pod template ',
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        const spec = requireSpec(obj, ec);
        // kubectl selects among the containers and then the init containers.
        const selected = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c) => globMatch(selector, c.name));
        if (!selected.length) ec.early(`error: unable to find container named ${selector}`);
        for (const c of selected) {
          const r = (c.resources ??= {});
          if (Object.keys(limits).length) r.limits = { ...(r.limits ?? {}), ...limits };
          if (Object.keys(requests).length) r.requests = { ...(r.requests ?? {}), ...requests };
          for (const k of ['limits', 'requests'] as const) if (r[k]) r[k] = Object.fromEntries(Object.entries(r[k]!).sort(([a], [b]) => (a < b ? -1 : 1)));
        }
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_RESOURCES_UPDATED;
      },
    });
  },
});

function keyToEnvName(key: string): string {
  return key.replace(/[^A-Za-z0-9_]/g, '_').toUpperCase();
}

function envListLine(e: EnvVar): string {
  if (e.valueFrom) {
    const [kind, ref] = Object.entries(e.valueFrom)[0] ?? [];
    switch (kind) {
      case 'configMapKeyRef': return `# ${e.name} from configmap ${ref!.name}, key ${ref!.key}`;
      case 'secretKeyRef': return `# ${e.name} from secret ${ref!.name}, key ${ref!.key}`;
      case 'fieldRef': return `# ${e.name} from field path ${ref!.fieldPath}`;
      case 'resourceFieldRef': return `# ${e.name} from resource field ${ref!.containerName ? `${ref!.containerName}/` : ''}${ref!.resource}`;
      default: return `# ${e.name} from unknown`;
    }
  }
  return `${e.name}=${e.value ?? ''}`;
}

/**
 * listEnv is one container's variables as `set env --list` prints them. With a resolver, each
 * valueFrom is shown resolved; those that cannot be stay references, and kubectl's lines name
 * them by error (sorted), after the container's list. kubectl exits 0 even so.
 */
function listEnv(c: { env?: EnvVar[] }, resolve?: (e: EnvVar, c: object) => string): { lines: string; errors: string[] } {
  const failed = new Map<string, string[]>();
  const lines = (c.env ?? []).map((e) => {
    if (!e.valueFrom || !resolve) return `${envListLine(e)}\n`;
    try {
      return `${e.name}=${resolve(e, c)}\n`;
    } catch (err) {
      const text = (err as Error).message;
      failed.set(text, [...(failed.get(text) ?? []), e.name]);
      return `${envListLine(e)}\n`;
    }
  }).join('');
  const errors = [...failed].map(([text, names]) => `error retrieving reference for ${names.sort().join(', ')}: ${text}`).sort();
  return { lines, errors };
}

/** setEnvCommand is `kubectl set env`. */
export const setEnvCommand = defineCommand({
  name: 'env',
  short: 'Update environment variables on a pod template',
  usage: 'kubectl set env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N [options]',
  flags: [...COMMON,
    { name: 'containers', short: 'c', type: 'string', default: '*', help: 'The names of containers in the selected pod templates to change - may use wildcards' },
    { name: 'env', short: 'e', type: 'stringArray', default: [], help: 'Specify a key-value pair for an environment variable to set into each container.' },
    { name: 'list', type: 'bool', default: false, help: 'If true, display the environment and any changes in the standard format.' },
    { name: 'overwrite', type: 'bool', default: true, help: 'If true, allow environment to be overwritten, otherwise reject updates that overwrite existing environment.' },
    { name: 'from', type: 'string', help: 'The name of a resource from which to inject environment variables' },
    { name: 'prefix', type: 'string', default: '', help: 'Prefix to append to variable names' },
    { name: 'keys', type: 'stringSlice', default: [], help: 'Comma-separated list of keys to import from specified resource' },
    { name: 'resolve', type: 'bool', default: false, help: 'If true, show secret or configmap references when listing variables' }],
  run(ctx): number {
    refuseAllWithSelectors(ctx.flags);
    const { resources, pairs } = splitPairs(ctx.args, 'env');
    const all = [...pairs, ...(ctx.flags.env)];
    const list = !!ctx.flags.list;
    const from = ctx.flags.from;
    // set env's Validate wants objects before its run looks for variables.
    if (!ctx.flags.filename.length && !ctx.flags.kustomize && !resources.length) throw new CliError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    // Without variables there is nothing to patch: kubectl skips each empty patch without a word.
    const add: EnvVar[] = [];
    const remove: string[] = [];
    for (const p of all) {
      if (p.includes('=') && p[0] !== '=') add.push({ name: p.slice(0, p.indexOf('=')), value: p.slice(p.indexOf('=') + 1) });
      else if (p.endsWith('-')) remove.push(p.slice(0, -1));
      else throw new CliError(`environment variables must be of the form key=value and can only contain letters, numbers, and underscores`);
    }
    const local = !!ctx.flags.local;
    if (from) {
      const [type, name] = from.split('/');
      const cluster = ctx.cluster();
      const info = cluster.api.registry().resolve(type!);
      const src = cluster.read(() => cluster.api.get<EnvSource>({ kind: info.storageKind, namespace: ctx.namespace, name: name ?? '' }));
      const keys = ctx.flags.keys;
      const refKind = src.kind === 'Secret' ? 'secretKeyRef' : 'configMapKeyRef';
      // kubectl reads data alone (a ConfigMap's binaryData is not offered), and warns of each key it renames.
      for (const key of Object.keys(src.data ?? {}).sort()) {
        if (keys.length && !keys.includes(key)) continue;
        const envName = keyToEnvName(key);
        if (envName !== key) ctx.io.err(`Warning: key ${key} transferred to ${envName}\n`);
        add.push({ name: `${ctx.flags.prefix}${envName}`, valueFrom: { [refKind]: { key, name: src.metadata.name! } } });
      }
    }
    const selector = ctx.flags.containers;
    const overwrite = !!ctx.flags.overwrite;
    // With --local, set env reads the files alone: its builder is given no TYPE NAME arguments.
    const resolved = resolveTargets(ctx, { args: local ? [] : resources, local });
    readAllTargets(ctx, resolved, local);
    return mutateObjects(ctx, resolved, {
      failedWrite: 'failed to patch env update to pod template: ',
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        const spec = podSpecOf(obj);
        // --list returns before kubectl looks at the patches' failures.
        if (!spec) {
          if (list) return undefined;
          throw notAPodTemplate(obj, ec);
        }
        // kubectl selects among the containers and then the init containers.
        const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c) => globMatch(selector, c.name));
        if (!containers.length) {
          ctx.io.err(`Warning: ${obj.kind}/${obj.metadata.name} does not have any containers matching ${goQuote(selector)}\n`);
          return undefined;
        }
        if (list) {
          // --resolve reads each valueFrom (not with --local: there is no cluster to read).
          const resolver = ctx.flags.resolve && !local ? (e: EnvVar, c: object) => envRefValue(ctx.cluster().api, ctx.namespace, e.valueFrom as EnvVarSource, obj, c) : undefined;
          // kubectl names an init container "container" too.
          for (const c of containers) {
            const { lines, errors } = listEnv(c, resolver);
            ec.note(`# ${obj.kind} ${obj.metadata.name}, container ${c.name}\n${lines}`);
            for (const e of errors) ctx.io.err(`${e}\n`);
          }
          return undefined;
        }
        for (const c of containers) {
          const env = [...(c.env ?? [])];
          for (const v of add) {
            const i = env.findIndex((e) => e.name === v.name);
            if (i >= 0) {
              if (!overwrite) throw new CliError(`'${v.name}' already has a value (${env[i]!.value ?? ''}), and --overwrite is false`);
              env[i] = v;
            } else env.push(v);
          }
          const kept = env.filter((e) => !remove.includes(e.name));
          if (kept.length || c.env) c.env = kept; // a container without env stays without it
        }
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_ENV_UPDATED;
      },
    });
  },
});

/** setServiceAccountCommand is `kubectl set serviceaccount` (alias sa): the last argument names the account. */
export const setServiceAccountCommand = defineCommand({
  name: 'serviceaccount',
  aliases: ['sa'],
  short: 'Update the service account of a resource',
  usage: 'kubectl set serviceaccount (-f FILENAME | TYPE NAME) SERVICE_ACCOUNT [options]',
  flags: COMMON.filter((f) => f.name !== 'selector'),
  run(ctx): number {
    if (!ctx.args.length) throw new CliError(ERR_NO_SERVICEACCOUNT);
    const account = ctx.args[ctx.args.length - 1]!;
    const local = !!ctx.flags.local;
    // With --local, the builder is given no TYPE NAME arguments: the files alone.
    const resolved = resolveTargets(ctx, { args: local ? [] : ctx.args.slice(0, -1), local });
    readAllTargets(ctx, resolved, local);
    return mutateObjects(ctx, resolved, {
      failedWrite: 'failed to patch ServiceAccountName ',
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        const spec = requireSpec(obj, ec) as PodSpec & { serviceAccountName?: string };
        spec.serviceAccountName = account;
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_SERVICEACCOUNT_UPDATED;
      },
    });
  },
});

/** parseSetSelector splits a selector into its equality labels and its other requirements, sorted by key as labels.Parse sorts them and printed as Go prints them ({key Op [values]}). */
function parseSetSelector(text: string): { labels: Record<string, string>; others: string[] } {
  const labels: Record<string, string> = {};
  const others: [string, string][] = [];
  // Commas inside "in (a,b)" belong to the value list.
  for (const part of text.match(/[^,(]+(\([^)]*\))?/g) ?? []) {
    const p = part.trim();
    let m: RegExpExecArray | null;
    if (/^[^=]*!=/.test(p)) throw new CliError('"!=" is not a valid label selector operator');
    if ((m = /^([^=\s]+)\s*==?\s*(.*)$/.exec(p))) labels[m[1]!] = m[2]!;
    else if ((m = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(p))) {
      const values = m[3]!.split(',').map((v) => v.trim()).sort();
      others.push([m[1]!, `{${m[1]} ${m[2] === 'in' ? 'In' : 'NotIn'} [${values.join(' ')}]}`]);
    } else if ((m = /^!(\S+)$/.exec(p))) others.push([m[1]!, `{${m[1]} DoesNotExist []}`]);
    else if (p) others.push([p, `{${p} Exists []}`]);
  }
  const sorted = others.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, text]) => text);
  return { labels: Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1))), others: sorted };
}

/** setSelectorCommand is `kubectl set selector`: replaces a Service's selector with the last argument's labels. */
export const setSelectorCommand = defineCommand({
  name: 'selector',
  short: 'Set the selector on a resource',
  usage: 'kubectl set selector (-f FILENAME | TYPE NAME) EXPRESSIONS [--resource-version=version] [options]',
  flags: [...COMMON.filter((f) => f.name !== 'selector' && f.name !== 'recursive' && f.name !== 'kustomize'),
    { name: 'recursive', short: 'R', type: 'bool', default: true, help: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.' },
    { name: 'resource-version', type: 'string', default: '', help: 'If non-empty, the selectors update will only succeed if this is the current resource-version for the object. Only valid when specifying a single resource.' }],
  run(ctx): number {
    if (!ctx.args.length) throw new CliError(ERR_NO_SELECTOR);
    const { labels, others } = parseSetSelector(ctx.args[ctx.args.length - 1]!);
    const local = !!ctx.flags.local;
    const resources = ctx.args.slice(0, -1);
    if (local && resources.length) throw new CliError(LOCAL_RESOURCE_ERROR);
    const resolved = resolveTargets(ctx, { args: resources, local });
    return mutateObjects(ctx, resolved, {
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        if (obj.kind !== 'Service') { ec.error(`error: ${ERR_SELECTOR_SERVICES_ONLY}`); return undefined; }
        if (others.length) { ec.error(`error: ${ERR_SELECTOR_EXPRESSIONS(`[${others.join(' ')}]`)}`); return undefined; }
        (obj.spec ??= {}).selector = { ...labels };
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_SELECTOR_UPDATED;
      },
    });
  },
});

type Subject = { kind: string; apiGroup?: string; name: string; namespace?: string };

/** setSubjectCommand is `kubectl set subject`: adds users, groups and service accounts to a (Cluster)RoleBinding. */
export const setSubjectCommand = defineCommand({
  name: 'subject',
  short: 'Update the user, group, or service account in a role binding or cluster role binding',
  usage: 'kubectl set subject (-f FILENAME | TYPE NAME) [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none] [options]',
  flags: [...COMMON,
    { name: 'user', type: 'stringArray', default: [], help: 'Usernames to bind to the role' },
    { name: 'group', type: 'stringArray', default: [], help: 'Groups to bind to the role' },
    { name: 'serviceaccount', type: 'stringArray', default: [], help: 'Service accounts to bind to the role' }],
  run(ctx): number {
    refuseAllWithSelectors(ctx.flags);
    const users = ctx.flags.user;
    const groups = ctx.flags.group;
    const accounts = ctx.flags.serviceaccount;
    if (!users.length && !groups.length && !accounts.length) throw new CliError(ERR_NO_SUBJECT);
    const wanted: Subject[] = [
      ...users.map((name) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name })),
      ...groups.map((name) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name })),
      ...accounts.map((sa) => {
        const parts = sa.split(':');
        if (parts.length !== 2 || !parts[1]) throw new CliError(ERR_SA_FORMAT);
        return { kind: 'ServiceAccount', namespace: parts[0]!, name: parts[1] };
      }),
    ];
    const local = !!ctx.flags.local;
    if (local && ctx.args.length) throw new CliError(LOCAL_RESOURCE_ERROR);
    const resolved = resolveTargets(ctx, { args: ctx.args, local });
    readAllTargets(ctx, resolved, local);
    return mutateObjects(ctx, resolved, {
      failedWrite: 'failed to patch subjects to rolebinding: ',
      local, typed: true, fieldManager: ctx.flags['field-manager'],
      mutate(obj, before, ec) {
        if (obj.kind !== 'RoleBinding' && obj.kind !== 'ClusterRoleBinding') {
          throw new PatchFailure(ERR_SUBJECTS_BINDINGS_ONLY(objectName(ec.target, obj, ec.local)));
        }
        const subjects: Subject[] = ((obj as RoleBinding | ClusterRoleBinding).subjects ??= []);
        const same = (a: Subject, b: Subject) => a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '') && (a.apiGroup ?? '') === (b.apiGroup ?? '');
        for (const s of wanted) if (!subjects.some((x) => same(x, s))) subjects.push({ ...s });
        return JSON.stringify(obj) === JSON.stringify(before) ? undefined : MSG_SUBJECTS_UPDATED;
      },
    });
  },
});

/** setCommand is `kubectl set`. */
export const setCommand = defineCommand({
  name: 'set',
  short: 'Set specific features on objects',
  usage: 'kubectl set SUBCOMMAND [options]',
  flags: [],
  subcommands: { image: setImageCommand, resources: setResourcesCommand, env: setEnvCommand, serviceaccount: setServiceAccountCommand, selector: setSelectorCommand, subject: setSubjectCommand },
  run(ctx): number { return runParent(ctx, setCommand, 'set'); },
});
