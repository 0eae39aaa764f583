/**
 * debug: kubectl debug (POD | TYPE/NAME) [-- COMMAND [args...]] — a debugging container, three
 * ways: an ephemeral container added to a running pod (pods/ephemeralcontainers), a copy of the
 * pod with a debug container added or a container changed (--copy-to), or a pod in a node's
 * host namespaces with its root at /host (node/NAME). With -i/--attach it waits for the
 * container and attaches as `kubectl attach` would (attach-stream.ts), falling back to its log
 * when the container has already ended.
 * Mirrors kubernetes/kubectl pkg/cmd/debug/debug.go (v1.32: the legacy profile by default).
 * `kubemu debug check` (the old name of `kubemu doctor`) still runs the doctor, with its warning.
 */
import type { KubeObject } from '../../api/meta';
import { authorizeRequest } from '../../apiserver/authorization';
import { ApiError, notFound } from '../../apiserver/errors';
import { defineCommand, type CommandContext } from '../command';
import { printServerWarnings } from '../server-warnings';
import { CliError } from '../errors';
import { targetObject } from './attachable-pod';
import { LEGACY_DEPRECATED, applyProfile, checkProfile, type DebugStyle, type KeepFlags, type Profile } from './debug-profiles';

/** targeting is what kubectl prints on stdout for --target (unless --quiet). */
export const targeting = (c: string): string => `Targeting container "${c}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.`;
/** defaultingName is computeDebugContainerName's notice. */
export const defaultingName = (name: string): string => `Defaulting debug container name to ${name}.`;
/** creatingNodePod is generateNodeDebugPod's notice. */
export const creatingNodePod = (pod: string, container: string, node: string): string => `Creating debugging pod ${pod} with container ${container} on node ${node}.`;

/** LONG is kubectl v1.32's description and examples for `debug --help`. */
const LONG = `Debug cluster resources using interactive debugging containers.

 'debug' provides automation for common debugging tasks for cluster objects identified by resource and name. Pods will be used by default if no resource is specified.

 The action taken by 'debug' varies depending on what resource is specified. Supported actions include:

  *  Workload: Create a copy of an existing pod with certain attributes changed, for example changing the image tag to a new version.
  *  Workload: Add an ephemeral container to an already running pod, for example to add debugging utilities without restarting the pod.
  *  Node: Create a new pod that runs in the node's host namespaces and can access the node's filesystem.

Examples:
  # Create an interactive debugging session in pod mypod and immediately attach to it.
  kubectl debug mypod -it --image=busybox
  
  # Create an interactive debugging session for the pod in the file pod.yaml and immediately attach to it.
  # (requires the EphemeralContainers feature to be enabled in the cluster)
  kubectl debug -f pod.yaml -it --image=busybox
  
  # Create a debug container named debugger using a custom automated debugging image.
  kubectl debug --image=myproj/debug-tools -c debugger mypod
  
  # Create a copy of mypod adding a debug container and attach to it
  kubectl debug mypod -it --image=busybox --copy-to=my-debugger
  
  # Create a copy of mypod changing the command of mycontainer
  kubectl debug mypod -it --copy-to=my-debugger --container=mycontainer -- sh
  
  # Create a copy of mypod changing all container images to busybox
  kubectl debug mypod --copy-to=my-debugger --set-image=*=busybox
  
  # Create a copy of mypod adding a debug container and changing container images
  kubectl debug mypod -it --copy-to=my-debugger --image=debian --set-image=app=app:debug,sidecar=sidecar:debug
  
  # Create an interactive debugging session on a node and immediately attach to it.
  # The container will run in the host namespaces and the host's filesystem will be mounted at /host
  kubectl debug node/mynode -it --image=busybox`;

// The image reference grammar kubectl checks --image and --set-image against (distribution/reference).
const IMAGE_REF = /^((?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[a-fA-F0-9:]+\])(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$/;
const INVALID_REFERENCE = 'invalid reference format';


/** DebugOptions are the flags as debug.go's Complete leaves them. */
interface DebugOptions {
  targets: string[];
  filenames: string[];
  args: string[];
  argsOnly: boolean;
  attach: boolean;
  attachChanged: boolean;
  container: string;
  copyTo: string;
  replace: boolean;
  env: { name: string; value: string }[];
  image: string;
  pullPolicy: string;
  interactive: boolean;
  tty: boolean;
  quiet: boolean;
  sameNode: boolean;
  setImages: Map<string, string>;
  shareProcesses: boolean;
  shareProcessesChanged: boolean;
  target: string;
  profile: Profile;
  keep: KeepFlags;
  /** custom is --custom's partial container spec, merged over the debug container after the profile. */
  custom?: Record<string, unknown>;
}

/** pairs parses a StringToString flag (name=value, comma-separated, repeatable) as pflag does. */
function pairs(values: readonly string[], flag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of values) {
    const at = v.indexOf('=');
    if (at < 0) throw new CliError(`invalid argument "${values.join(',')}" for "--${flag}" flag: ${v} must be formatted as key=value`);
    out.set(v.slice(0, at), v.slice(at + 1));
  }
  return out;
}

/** debugCommand is `kubectl debug`. */
export const debugCommand = defineCommand({
  name: 'debug',
  short: 'Create debugging sessions for troubleshooting workloads and nodes',
  long: LONG,
  usage: 'kubectl debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ] [options]',
  flags: [
    { name: 'arguments-only', type: 'bool', default: false, help: 'If specified, everything after -- will be passed to the new container as Args instead of Command.' },
    { name: 'attach', type: 'bool', default: false, help: "If true, wait for the container to start running, and then attach as if 'kubectl attach ...' were called.  Default false, unless '-i/--stdin' is set, in which case the default is true." },
    { name: 'container', short: 'c', type: 'string', default: '', help: 'Container name to use for debug container.' },
    { name: 'copy-to', type: 'string', default: '', help: 'Create a copy of the target Pod with this name.' },
    { name: 'custom', type: 'string', default: '', help: 'Path to a JSON or YAML file containing a partial container spec to customize built-in debug profiles.' },
    { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'identifying the resource to debug' },
    { name: 'env', type: 'stringSlice', default: [], help: 'Environment variables to set in the container.' },
    { name: 'image', type: 'string', default: '', help: 'Container image to use for debug container.' },
    { name: 'image-pull-policy', type: 'string', default: '', help: 'The image pull policy for the container. If left empty, this value will not be specified by the client and defaulted by the server.' },
    { name: 'keep-annotations', type: 'bool', default: false, help: "If true, keep the original pod annotations.(This flag only works when used with '--copy-to')" },
    { name: 'keep-init-containers', type: 'bool', default: true, help: "Run the init containers for the pod. Defaults to true.(This flag only works when used with '--copy-to')" },
    { name: 'keep-labels', type: 'bool', default: false, help: "If true, keep the original pod labels.(This flag only works when used with '--copy-to')" },
    { name: 'keep-liveness', type: 'bool', default: false, help: "If true, keep the original pod liveness probes.(This flag only works when used with '--copy-to')" },
    { name: 'keep-readiness', type: 'bool', default: false, help: "If true, keep the original pod readiness probes.(This flag only works when used with '--copy-to')" },
    { name: 'keep-startup', type: 'bool', default: false, help: "If true, keep the original startup probes.(This flag only works when used with '--copy-to')" },
    { name: 'profile', type: 'string', default: 'legacy', help: 'Options are "legacy", "general", "baseline", "netadmin", "restricted" or "sysadmin".' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, help: 'If true, suppress informational messages.' },
    { name: 'replace', type: 'bool', default: false, help: "When used with '--copy-to', delete the original Pod." },
    { name: 'same-node', type: 'bool', default: false, help: "When used with '--copy-to', schedule the copy of target Pod on the same node." },
    { name: 'set-image', type: 'stringSlice', default: [], help: "When used with '--copy-to', a list of name=image pairs for changing container images, similar to how 'kubectl set image' works." },
    { name: 'share-processes', type: 'bool', default: true, help: "When used with '--copy-to', enable process namespace sharing in the copy." },
    { name: 'stdin', short: 'i', type: 'bool', default: false, help: 'Keep stdin open on the container(s) in the pod, even if nothing is attached.' },
    { name: 'target', type: 'string', default: '', help: 'When using an ephemeral container, target processes in this container name.' },
    { name: 'tty', short: 't', type: 'bool', default: false, help: 'Allocate a TTY for the debugging container.' },
  ],
  run(ctx): number {
    const f = ctx.flags;
    // The old spelling of `kubemu doctor`: `debug check` with nothing kubectl's debug would need.
    if (ctx.args.length === 1 && ctx.args[0] === 'check' && !f.image && !f['copy-to']) {
      const doctor = require('./doctor') as typeof import('./doctor');
      ctx.io.err(doctor.DEBUG_CHECK_DEPRECATED);
      return doctor.checkState({ ...ctx, args: [] }, 'kubemu debug check');
    }
    const dash = ctx.argsLenAtDash;
    const o: DebugOptions = {
      targets: dash >= 0 ? ctx.args.slice(0, dash) : ctx.args,
      filenames: f.filename,
      args: dash >= 0 ? ctx.args.slice(dash) : [],
      argsOnly: f['arguments-only'],
      attach: ctx.set.has('attach') ? f.attach : f.stdin,
      attachChanged: ctx.set.has('attach'),
      container: f.container,
      copyTo: f['copy-to'],
      replace: f.replace,
      env: [...pairs(f.env, 'env')].map(([name, value]) => ({ name, value })),
      image: f.image,
      pullPolicy: f['image-pull-policy'],
      interactive: f.stdin,
      tty: f.tty,
      quiet: f.quiet,
      sameNode: f['same-node'],
      setImages: pairs(f['set-image'], 'set-image'),
      shareProcesses: f['share-processes'],
      shareProcessesChanged: ctx.set.has('share-processes'),
      target: f.target,
      profile: checkProfile(f.profile),
      keep: {
        labels: f['keep-labels'], annotations: f['keep-annotations'], liveness: f['keep-liveness'],
        readiness: f['keep-readiness'], startup: f['keep-startup'], initContainers: f['keep-init-containers'],
      },
    };
    if (f.custom) o.custom = (require('./debug-custom') as typeof import('./debug-custom')).readCustomProfile(f.custom, ctx.cwd);
    validate(ctx, o);
    const cluster = ctx.cluster();
    cluster.catchUp();
    const objects = [...(o.filenames.length ? objectsInFiles(ctx, o.filenames) : []), ...o.targets.map((name) => () => targetObject(ctx, [name]))];
    for (const fetch of objects) {
      const obj = fetch();
      let made: { pod: KubeObject; container: string };
      if (obj.kind === 'Node') made = debugNode(ctx, o, obj);
      else if (obj.kind === 'Pod') made = o.copyTo ? debugByCopy(ctx, o, obj) : debugByEphemeralContainer(ctx, o, obj);
      else {
        const [group, version] = obj.apiVersion.includes('/') ? obj.apiVersion.split('/') : ['', obj.apiVersion];
        throw new CliError(`"${group ? `${group}/` : ''}${version}, Kind=${obj.kind}" not supported by debug`);
      }
      if (o.attach && made.container) {
        const { attachDebugContainer } = require('./debug-attach') as typeof import('./debug-attach');
        attachDebugContainer(ctx, made.pod, made.container, { stdin: o.interactive, tty: o.tty, quiet: o.quiet });
      }
    }
    return 0;
  },
});

/** validate is debug.go's Validate, in its order (the --target notice and the legacy warning included). */
function validate(ctx: CommandContext, o: DebugOptions): void {
  if (o.attach && o.attachChanged && !o.image && !o.container) throw new CliError('you must specify --container or create a new container using --image in order to attach.');
  if (o.copyTo) {
    if (!o.image && !o.setImages.size && !o.args.length) throw new CliError('you must specify --image, --set-image or command arguments.');
    if (o.args.length && !o.container && !o.image) throw new CliError('you must specify an existing container or a new image when specifying args.');
  } else if (o.replace) throw new CliError('--replace may only be used with --copy-to.');
  else if (o.sameNode) throw new CliError('--same-node may only be used with --copy-to.');
  else if (o.setImages.size) throw new CliError('--set-image may only be used with --copy-to.');
  else if (!o.image) throw new CliError('you must specify --image when not using --copy-to.');
  if (o.image && !IMAGE_REF.test(o.image)) throw new CliError(`invalid image name "${o.image}": ${INVALID_REFERENCE}`);
  if (!o.targets.length && !o.filenames.length) throw new CliError('NAME or filename is required for debug');
  if (!['Always', 'IfNotPresent', 'Never', ''].includes(o.pullPolicy)) throw new CliError(`invalid image pull policy: ${o.pullPolicy}`);
  for (const [name, image] of o.setImages) {
    if (!IMAGE_REF.test(image)) throw new CliError(`invalid image name "${image}" for container "${name}": ${INVALID_REFERENCE}`);
  }
  if (o.target) {
    if (o.copyTo) throw new CliError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!o.quiet) ctx.io.out(`${targeting(o.target)}\n`);
  }
  if (o.tty && !o.interactive) throw new CliError('-i/--stdin is required for containers with -t/--tty=true');
  if (o.custom) (require('./debug-custom') as typeof import('./debug-custom')).checkCustomProfile(o.custom);
  if (o.profile === 'legacy') ctx.io.err(`${LEGACY_DEPRECATED}\n`);
}

/** objectsInFiles names the live objects -f's manifests identify (by kind, namespace and name; the files' other fields are not used). */
function objectsInFiles(ctx: CommandContext, files: string[]): (() => KubeObject)[] {
  const { readFilenameArgs } = require('../manifests') as typeof import('../manifests');
  const { docs, errors } = readFilenameArgs(ctx, files, false, true);
  if (errors.length) throw new CliError(errors[0]!.message);
  const cluster = ctx.cluster();
  return docs.map((doc) => () => {
    const obj = doc.object as unknown as KubeObject;
    const info = cluster.api.registry().forKind(obj.apiVersion, obj.kind);
    const namespace = info.namespaced ? obj.metadata?.namespace || ctx.namespace : undefined;
    const live = cluster.read(() => cluster.api.tryGet({ kind: info.storageKind, namespace, name: obj.metadata?.name ?? '' }));
    if (!live) throw notFound(info.group, info.resource, obj.metadata?.name ?? '');
    return live;
  });
}

/** allNames lists every container name the pod uses (a debug container's name must be new). */
function allNames(pod: KubeObject): Set<string> {
  const spec = pod.spec ?? {};
  return new Set([...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])].map((c: { name: string }) => c.name));
}

/** debugContainerName is -c, or debugger-xxxxx (a seeded suffix, as kubectl's random one) with kubectl's notice. */
function debugContainerName(ctx: CommandContext, o: DebugOptions, pod: KubeObject): string {
  if (o.container) return o.container;
  const cluster = ctx.cluster();
  const taken = allNames(pod);
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${cluster.rand.suffix(5)}`;
  if (!o.quiet) ctx.io.out(`${defaultingName(name)}\n`);
  return name;
}

/** commandFields is where the words after -- go: the command, or with --arguments-only the args. */
function commandFields(o: DebugOptions): Record<string, string[]> {
  if (!o.args.length) return {};
  return o.argsOnly ? { args: o.args } : { command: o.args };
}

/** newContainer is the debug container as kubectl builds it (fields left empty are omitted, as Go's JSON does). */
function newContainer(o: DebugOptions, name: string): Record<string, unknown> {
  return {
    name,
    ...(o.image ? { image: o.image } : {}),
    ...commandFields(o),
    ...(o.env.length ? { env: o.env } : {}),
    terminationMessagePolicy: 'File',
    ...(o.pullPolicy ? { imagePullPolicy: o.pullPolicy } : {}),
    ...(o.interactive ? { stdin: true } : {}),
    ...(o.tty ? { tty: true } : {}),
  };
}

/** customize applies --custom (debug-custom.ts, loaded only when the flag is given). */
function customize(pod: KubeObject, list: 'containers' | 'ephemeralContainers', name: string, custom: Record<string, unknown>): void {
  (require('./debug-custom') as typeof import('./debug-custom')).applyCustomProfile(pod, list, name, custom);
}

/** write runs an API call in a write, printing the server's warnings. */
function write<T>(ctx: CommandContext, fn: (warn: (m: string) => void) => T): T {
  const cluster = ctx.cluster();
  return cluster.write(() => fn(printServerWarnings(ctx.io)));
}

/** debugByEphemeralContainer adds the debug container to the pod through pods/ephemeralcontainers. */
function debugByEphemeralContainer(ctx: CommandContext, o: DebugOptions, pod: KubeObject): { pod: KubeObject; container: string } {
  const name = debugContainerName(ctx, o, pod);
  const ec = { ...newContainer(o, name), ...(o.target ? { targetContainerName: o.target } : {}) };
  const copied = structuredClone(pod);
  copied.spec.ephemeralContainers = [...(copied.spec.ephemeralContainers ?? []), ec];
  applyProfile(o.profile, copied, name, 'ephemeral', o.keep);
  if (o.custom) customize(copied, 'ephemeralContainers', name, o.custom);
  const cluster = ctx.cluster();
  const updated = write(ctx, (warn) => cluster.api.updateEphemeralContainers(copied, { fieldManager: 'kubectl-debug', warn }));
  return { pod: updated, container: name };
}

/** debugByCopy creates a copy of the pod with the debug container added (or a container changed); --replace deletes the original. */
function debugByCopy(ctx: CommandContext, o: DebugOptions, pod: KubeObject): { pod: KubeObject; container: string } {
  const spec = structuredClone(pod.spec);
  delete spec.ephemeralContainers;
  if (o.shareProcessesChanged) spec.shareProcessNamespace = o.shareProcesses;
  if (!o.sameNode) delete spec.nodeName;
  const copied: KubeObject = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: o.copyTo, namespace: pod.metadata.namespace,
      ...(pod.metadata.annotations ? { annotations: structuredClone(pod.metadata.annotations) } : {}),
      ...(pod.metadata.labels ? { labels: structuredClone(pod.metadata.labels) } : {}),
    },
    spec,
  };
  for (const c of spec.containers ?? []) {
    const image = o.setImages.get(c.name) ?? o.setImages.get('*');
    if (image) c.image = image;
  }
  let name = o.container;
  let c = (spec.containers ?? []).find((x: { name: string }) => x.name === name);
  if (!c) {
    if (!o.image) {
      if (o.setImages.size) return { pod: createCopy(ctx, o, pod, copied), container: '' };
      throw new CliError('you must specify image when creating new container');
    }
    if (!name) name = debugContainerName(ctx, o, copied);
    c = { name, terminationMessagePolicy: 'File' };
    spec.containers = [...(spec.containers ?? []), c];
  }
  if (o.args.length) {
    if (o.argsOnly) c.args = o.args;
    else { c.command = o.args; delete c.args; }
  }
  if (o.env.length) c.env = o.env;
  if (o.image) c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
  if (o.interactive) c.stdin = true; else delete c.stdin;
  if (o.tty) c.tty = true; else delete c.tty;
  applyProfile(o.profile, copied, c.name, 'podCopy', o.keep);
  if (o.custom) customize(copied, 'containers', name, o.custom);
  return { pod: createCopy(ctx, o, pod, copied), container: name };
}

/** createCopy creates the copy, then with --replace deletes the original at once (grace period 0). */
function createCopy(ctx: CommandContext, o: DebugOptions, original: KubeObject, copied: KubeObject): KubeObject {
  const cluster = ctx.cluster();
  const created = write(ctx, (warn) => cluster.api.create(copied, { fieldManager: 'kubectl-debug', warn }));
  if (o.replace) {
    write(ctx, () => cluster.api.delete({ kind: 'Pod', namespace: original.metadata.namespace, name: original.metadata.name! }, { fieldManager: 'kubectl', gracePeriodSeconds: 0 }));
  }
  return created;
}

/** debugNode creates node-debugger-NODE-xxxxx on the node, in its host namespaces under the legacy profile, tolerating every taint. */
function debugNode(ctx: CommandContext, o: DebugOptions, node: KubeObject): { pod: KubeObject; container: string } {
  const cluster = ctx.cluster();
  const container = o.container || 'debugger';
  const nodeName = node.metadata.name!;
  const name = `node-debugger-${nodeName}-${cluster.rand.suffix(5)}`;
  if (!o.quiet) ctx.io.out(`${creatingNodePod(name, container, nodeName)}\n`);
  const pod: KubeObject = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: ctx.namespace, labels: { 'app.kubernetes.io/managed-by': 'kubectl-debug' } },
    spec: {
      containers: [{ ...newContainer(o, container), ...(o.image ? {} : { image: '' }) }],
      nodeName,
      restartPolicy: 'Never',
      tolerations: [{ operator: 'Exists' }],
    },
  };
  applyProfile(o.profile, pod, container, 'node' satisfies DebugStyle, o.keep);
  if (o.custom) customize(pod, 'containers', container, o.custom);
  const created = write(ctx, (warn) => cluster.api.create(pod, { fieldManager: 'kubectl-debug', warn }));
  return { pod: created, container };
}

/** mayAttach says whether the user may attach to the pod (pods/attach), with the server's refusal when not. */
export function attachRefusal(ctx: CommandContext, pod: KubeObject): ApiError | undefined {
  const cluster = ctx.cluster();
  try {
    cluster.read(() => authorizeRequest(cluster.api, 'create', 'Pod', pod.metadata.namespace!, pod.metadata.name!, 'attach'));
    return undefined;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}
