/**
 * rollout: kubectl rollout status | history | undo | restart | pause | resume for
 * Deployments, DaemonSets and StatefulSets (pause/resume: Deployments only). `status` moves
 * the simulated clock until the rollout finishes or --timeout passes; `undo` works
 * client-side like kubectl: for a Deployment it copies the target revision's ReplicaSet
 * template (minus pod-template-hash) and annotations back; for a DaemonSet or StatefulSet it
 * puts back the template its ControllerRevision recorded.
 * Mirrors kubectl pkg/cmd/rollout and pkg/polymorphichelpers (rollout_status.go,
 * history.go, rollback.go, objectrestarter.go, objectpauser.go, objectresumer.go).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix, qualifiedResource } from '../../api/registry';
import { ApiError } from '../../apiserver/errors';
import { PrefixWriter } from '../../printers/describe/prefix-writer';
import { describePodTemplate } from '../../printers/describe/pod-template';
import { formatTabbed } from '../../api/go-tabwriter';
import { defineCommand, type CommandContext, type FlagsContext } from '../command';
import { CliError, formatApiError, finishWithErrors } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlag, defineFlags } from '../flag-table';
import { printObjects, YAML_SEPARATOR } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { fieldManagerFlag } from './field-manager-flag';
import { dryRunSuffix, parseDryRun } from './apply';
import { durationFlag, MAX_WAIT_MS, WAIT_TIMEOUT, waitUntil } from './sim-wait';
import { controllerHistory, findRevision, revisionTemplate } from './controller-history';
import { sameTemplate } from '../../api/pod-template-equal';
import { historyKindError } from './rollout-kinds';
import { resolveTargets, SELECT_FLAGS, KUSTOMIZE_FLAG, type SelectContext, type Target } from './targets';
import { LAST_APPLIED } from '../../api/last-applied';
import { runParent } from './parent-command';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';
export const POD_TEMPLATE_HASH = 'pod-template-hash';
export const ERR_PAUSED_ROLLBACK = "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again";
export const ERR_RESTART_PAUSED = "can't restart paused deployment (run rollout resume first)";
export const ERR_ROLLING_ONLY = 'rollout status is only available for RollingUpdate strategy type';
export const MSG_SKIPPED_ROLLBACK = (rev: number): string => `skipped rollback (current template already matches revision ${rev})`;
export const ERR_REVISION_NOT_FOUND = (rev: number): string => `unable to find specified revision ${rev} in history`;
export const ERR_NO_HISTORY = (name: string): string => `no rollout history found for deployment "${name}"`;
export const ERR_NO_LAST_REVISION = 'no last revision to roll back to';
export const ERR_REVISION_NOT_IN_HISTORY = 'unable to find the specified revision';
export const MSG_NO_ROLLOUT_HISTORY = 'No rollout history found.';
export const MSG_ROLLED_BACK = 'rolled back';
/** MSG_WILL_ROLL_BACK prefixes the pod template a client dry-run undo of a DaemonSet or StatefulSet shows. */
export const MSG_WILL_ROLL_BACK = 'will roll back to ';
export const ERR_RESTART_UNSUPPORTED = (resource: string, name: string): string => `${resource} "${name}" restarting is not supported`;

/** RolloutStatus is one status line and whether the rollout is done. */
export interface RolloutStatus { message: string; done: boolean; error?: string }

function cond(obj: KubeObject, type: string): { status?: string; reason?: string } | undefined {
  return (obj.status?.conditions ?? []).find((c: { type: string }) => c.type === type);
}

/** rolloutStatus is polymorphichelpers' StatusViewer for one object; throws CliError for unsupported kinds. */
export function rolloutStatus(obj: KubeObject): RolloutStatus {
  const name = obj.metadata.name!;
  const st = obj.status ?? {};
  const generation = obj.metadata.generation ?? 0;
  switch (obj.kind) {
    case 'Deployment': {
      if (generation > (st.observedGeneration ?? 0)) return { message: 'Waiting for deployment spec update to be observed...\n', done: false };
      if (cond(obj, 'Progressing')?.reason === 'ProgressDeadlineExceeded') return { message: '', done: false, error: `deployment "${name}" exceeded its progress deadline` };
      const replicas = obj.spec?.replicas ?? 1;
      const updated = st.updatedReplicas ?? 0;
      const total = st.replicas ?? 0;
      const available = st.availableReplicas ?? 0;
      if (updated < replicas) return { message: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...\n`, done: false };
      if (total > updated) return { message: `Waiting for deployment "${name}" rollout to finish: ${total - updated} old replicas are pending termination...\n`, done: false };
      if (available < updated) return { message: `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...\n`, done: false };
      return { message: `deployment "${name}" successfully rolled out\n`, done: true };
    }
    case 'DaemonSet': {
      if ((obj.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') throw new CliError(ERR_ROLLING_ONLY);
      if (generation > (st.observedGeneration ?? 0)) return { message: 'Waiting for daemon set spec update to be observed...\n', done: false };
      const desired = st.desiredNumberScheduled ?? 0;
      if ((st.updatedNumberScheduled ?? 0) < desired) return { message: `Waiting for daemon set "${name}" rollout to finish: ${st.updatedNumberScheduled ?? 0} out of ${desired} new pods have been updated...\n`, done: false };
      if ((st.numberAvailable ?? 0) < desired) return { message: `Waiting for daemon set "${name}" rollout to finish: ${st.numberAvailable ?? 0} of ${desired} updated pods are available...\n`, done: false };
      return { message: `daemon set "${name}" successfully rolled out\n`, done: true };
    }
    case 'StatefulSet': {
      if ((obj.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') throw new CliError(ERR_ROLLING_ONLY);
      if (!st.observedGeneration || generation > st.observedGeneration) return { message: 'Waiting for statefulset spec update to be observed...\n', done: false };
      const replicas = obj.spec?.replicas ?? 1;
      if ((st.readyReplicas ?? 0) < replicas) return { message: `Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...\n`, done: false };
      // Like kubectl, any rollingUpdate block (the API server always defaults one, partition 0)
      // is reported as a partitioned roll out.
      const ru = obj.spec?.updateStrategy?.rollingUpdate;
      if (ru) {
        if (ru.partition !== undefined && (st.updatedReplicas ?? 0) < replicas - ru.partition) return { message: `Waiting for partitioned roll out to finish: ${st.updatedReplicas ?? 0} out of ${replicas - ru.partition} new pods have been updated...\n`, done: false };
        return { message: `partitioned roll out complete: ${st.updatedReplicas ?? 0} new pods have been updated...\n`, done: true };
      }
      if (st.updateRevision !== st.currentRevision) return { message: `waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision}...\n`, done: false };
      return { message: `statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...\n`, done: true };
    }
    default: {
      const group = String(obj.apiVersion).includes('/') ? String(obj.apiVersion).split('/')[0] : '';
      throw new CliError(`no status viewer has been implemented for ${obj.kind}${group ? `.${group}` : ''}`);
    }
  }
}

const COMMON = defineFlags([
  ...SELECT_FLAGS.filter((f) => f.name !== 'all' && f.name !== 'all-namespaces'),
  KUSTOMIZE_FLAG,
]);

/** ERR_NO_RESOURCE is the rollout subcommands' refusal without a resource. */
const ERR_NO_RESOURCE = 'required resource not specified';

function oneTarget(ctx: SelectContext): Target[] {
  // Each rollout subcommand's Validate, before its builder reads anything.
  if (!ctx.args.length && !ctx.flags.filename?.length && !ctx.flags.kustomize) throw new CliError(ERR_NO_RESOURCE);
  const { targets, errors } = resolveTargets(ctx, { args: ctx.args });
  for (const e of errors) ctx.io.err(`${e}\n`);
  if (!targets.length) throw new CliError(ERR_NO_RESOURCE);
  return targets;
}

function revisionOf(rs: KubeObject): number | undefined {
  const v = rs.metadata.annotations?.[REVISION_ANNOTATION];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** historyOf maps revision → ReplicaSet for a Deployment (the ReplicaSets it controls). */
function historyOf(ctx: CommandContext, d: KubeObject): Map<number, KubeObject> {
  const cluster = ctx.cluster();
  const out = new Map<number, KubeObject>();
  for (const rs of cluster.api.listControlledBy('ReplicaSet', d.metadata.uid!)) {
    const rev = revisionOf(rs);
    if (rev !== undefined) out.set(rev, rs);
  }
  return out;
}

function templateWithoutHash(template: any): any {
  const t = structuredClone(template ?? {});
  if (t.metadata?.labels) {
    delete t.metadata.labels[POD_TEMPLATE_HASH];
    if (!Object.keys(t.metadata.labels).length) delete t.metadata.labels;
  }
  return t;
}


const statusCommand = defineCommand({
  name: 'status',
  short: 'Show the status of the rollout',
  usage: 'kubectl rollout status (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [...COMMON,
    { name: 'watch', short: 'w', type: 'bool', default: true, help: 'Watch the status of the rollout until it\'s done.' },
    { name: 'revision', type: 'int', default: 0, help: 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).' },
    { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before ending watch, zero means never.' }],
  run(ctx) {
    const timeout = durationFlag(ctx.flags.timeout, 'timeout');
    const watch = !!ctx.flags.watch;
    const cluster = ctx.cluster();
    for (const t of oneTarget(ctx)) {
      const read = () => cluster.api.get(t.ref);
      cluster.catchUp();
      let status = rolloutStatus(cluster.read(read));
      if (status.error) throw new CliError(status.error);
      ctx.io.out(status.message);
      if (status.done || !watch) continue;
      const limit = timeout > 0 ? timeout : MAX_WAIT_MS;
      const start = cluster.clock.nowMs();
      for (;;) {
        const last = status.message;
        const remaining = start + limit - cluster.clock.nowMs();
        let gone = false;
        const changed = remaining > 0 && waitUntil(ctx, () => {
          const cur = cluster.api.tryGet(t.ref);
          if (!cur) { gone = true; return true; }
          const s = rolloutStatus(cur);
          return !!s.error || s.done || s.message !== last;
        }, remaining);
        if (gone) throw new ApiError('NotFound', 404, `${qualifiedResource(t.info)} "${t.ref.name}" not found`);
        if (!changed) throw new CliError(WAIT_TIMEOUT);
        status = rolloutStatus(cluster.read(read));
        if (status.error) throw new CliError(status.error);
        ctx.io.out(status.message);
        if (status.done) break;
      }
    }
    return 0;
  },
});

/** podTemplateText is describe's "Pod Template:" block, as kubectl's printTemplate writes it. */
function podTemplateText(template: any): string {
  const w = new PrefixWriter();
  describePodTemplate(template, w);
  return w.raw();
}

/** historyObjects is GetHistory: revision → the object kubectl prints for it with -o. */
function historyObjects(ctx: CommandContext, obj: KubeObject): Map<number, KubeObject> {
  if (obj.kind === 'Deployment') return historyOf(ctx, obj);
  return new Map([...controllerHistory(ctx.cluster().api, obj)].map(([rev, cr]) => {
    const applied = structuredClone(obj);
    applied.spec.template = revisionTemplate(cr);
    return [rev, applied] as const;
  }));
}

const historyCommand = defineCommand({
  name: 'history',
  short: 'View rollout history',
  usage: 'kubectl rollout history (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [...COMMON, { name: 'revision', type: 'int', default: 0, help: 'See the details, including podTemplate of the revision specified' },
    ...PRINT_FLAGS],
  run(ctx) {
    const cluster = ctx.cluster();
    const revision = ctx.flags.revision;
    // The revisions are printed as objects only when -o is given. kubectl prints the history
    // table through its printer too, so --template alone runs the template on the workload.
    const printer = outputOf(ctx.flags, ctx.set);
    const output = ctx.set.has('output') ? printer : undefined;
    let printed = 0;
    for (const t of oneTarget(ctx)) {
      const obj = cluster.read(() => cluster.api.get(t.ref));
      const unsupported = historyKindError(t.info, false);
      if (unsupported) throw new CliError(unsupported);
      if (printer && !output) {
        ctx.io.out(printObjects([obj], printer, true, cluster.api.registry(), false, ctx.flags['show-managed-fields']));
        continue;
      }
      if (output) {
        // -o prints each revision as an object: a Deployment's ReplicaSets, or the DaemonSet/StatefulSet with that revision's template.
        const objects = cluster.read(() => historyObjects(ctx, obj));
        const revs = revision > 0 ? [revision] : [...objects.keys()].sort((a, b) => a - b);
        if (revision > 0 && !objects.has(revision)) throw new CliError(ERR_REVISION_NOT_IN_HISTORY);
        for (const rev of revs) {
          ctx.io.out((output.kind === 'yaml' && printed++ > 0 ? YAML_SEPARATOR : '') + printObjects([objects.get(rev)!], output, true, cluster.api.registry(), false, !!ctx.flags['show-managed-fields']));
        }
        continue;
      }
      // revision → [its pod template, its change cause]
      const history = cluster.read(() => obj.kind === 'Deployment'
        ? new Map([...historyOf(ctx, obj)].map(([rev, rs]) => [rev, [rs.spec?.template, rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION]] as const]))
        : new Map([...controllerHistory(cluster.api, obj)].map(([rev, cr]) => [rev, [revisionTemplate(cr), cr.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION]] as const])));
      const prefix = `${kindPrefix(t.info)}/${obj.metadata.name}`;
      if (!history.size) { ctx.io.out(`${prefix} ${revision > 0 ? `with revision #${revision}` : ''}\n${MSG_NO_ROLLOUT_HISTORY}\n`); continue; }
      if (revision > 0) {
        const entry = history.get(revision);
        if (!entry) throw new CliError(ERR_REVISION_NOT_IN_HISTORY);
        const template = structuredClone(entry[0] ?? {});
        // Only a Deployment's viewer shows the change cause among the template's annotations.
        const cause = entry[1];
        if (obj.kind === 'Deployment' && cause) template.metadata = { ...(template.metadata ?? {}), annotations: { ...(template.metadata?.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: cause } };
        ctx.io.out(`${prefix} with revision #${revision}\n${podTemplateText(template)}\n`);
        continue;
      }
      const rows = [...history.keys()].sort((a, b) => a - b).map((rev) => `${rev}\t${history.get(rev)![1] || '<none>'}\n`);
      ctx.io.out(`${prefix} \n${formatTabbed(`REVISION\tCHANGE-CAUSE\n${rows.join('')}`)}\n`);
    }
    return 0;
  },
});

// The annotations kubectl leaves alone when copying a ReplicaSet's annotations back (rollback.go annotationsToSkip).
const ANNOTATIONS_TO_SKIP = new Set([LAST_APPLIED, REVISION_ANNOTATION,
  'deployment.kubernetes.io/revision-history', 'deployment.kubernetes.io/desired-replicas', 'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to']);

/** EDIT_FLAGS are the flags of the rollout subcommands that write: their printer's. */
const EDIT_FLAGS = defineFlags([...COMMON, ...PRINT_FLAGS]);

/** FIELD_MANAGER is restart's, pause's and resume's --field-manager (undo writes as kubectl-rollout too, without the flag). */
const FIELD_MANAGER = fieldManagerFlag('kubectl-rollout');

/**
 * editEach runs one write per target and prints `<kind>/<name> <word>`, or with -o the object:
 * the one written, or for undo (printRead) the one read, as kubectl's undo prints its
 * builder's object. Errors are collected, each with its "error: " (kubectl words them with
 * it, so its aggregate keeps it). dryRunFlag is undo's --dry-run (kubectl 1.32's restart,
 * pause and resume have none).
 */
function editEach(ctx: FlagsContext<typeof EDIT_FLAGS> & CommandContext<{ 'field-manager'?: string }>, edit: (obj: KubeObject, t: Target) => string, o: { dryRun?: string; printRead?: boolean } = {}): number {
  const out = outputOf(ctx.flags, ctx.set);
  const cluster = ctx.cluster();
  const dryRun = parseDryRun(o.dryRun ?? 'none');
  const errors: string[] = [];
  for (const t of oneTarget(ctx)) {
    try {
      const { word, shown } = cluster.write(() => {
        const read = cluster.api.get(t.ref);
        const obj = structuredClone(read);
        const w = edit(obj, t);
        const written = dryRun !== 'client' && !w.startsWith('skipped')
          ? cluster.api.update(obj, { fieldManager: ctx.flags['field-manager'] || 'kubectl-rollout', dryRun: dryRun === 'server' })
          : obj;
        return { word: w, shown: o.printRead ? read : written };
      });
      if (out) ctx.io.out(printObjects([shown], out, true, cluster.api.registry(), false, ctx.flags['show-managed-fields']));
      else ctx.io.out(`${kindPrefix(t.info)}/${t.ref.name} ${word}${dryRunSuffix(dryRun)}\n`);
    } catch (e) {
      if (e instanceof ApiError) errors.push(formatApiError(e));
      else if (e instanceof CliError) errors.push(`error: ${e.message}`);
      else throw e;
    }
  }
  return finishWithErrors(ctx.io, errors);
}

const DRY_RUN = defineFlag({ name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' });

/**
 * undoDeployment is DeploymentRollbacker: the revision's ReplicaSet template comes back, and
 * the Deployment's annotations are replaced by the ReplicaSet's (its change cause among them),
 * keeping only the Deployment's own bookkeeping annotations.
 */
function undoDeployment(ctx: CommandContext, d: KubeObject, to: number, clientDryRun: boolean): string {
  const history = historyOf(ctx, d);
  let rs: KubeObject | undefined;
  if (to > 0) {
    rs = history.get(to);
    if (!rs) throw new CliError(ERR_REVISION_NOT_FOUND(to));
  } else {
    const revs = [...history.keys()].sort((a, b) => b - a);
    if (revs.length < 2) throw new CliError(ERR_NO_HISTORY(d.metadata.name!));
    rs = history.get(revs[1]!)!;
  }
  if (clientDryRun) return podTemplateText(rs.spec?.template ?? {});
  if (d.spec?.paused) throw new CliError(ERR_PAUSED_ROLLBACK);
  if (sameTemplate(rs.spec?.template, d.spec?.template, POD_TEMPLATE_HASH)) return MSG_SKIPPED_ROLLBACK(to);
  d.spec.template = templateWithoutHash(rs.spec?.template);
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v as string;
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v as string;
  if (Object.keys(annotations).length) d.metadata.annotations = annotations;
  else delete d.metadata.annotations;
  return MSG_ROLLED_BACK;
}

/**
 * undoFromControllerRevision is DaemonSetRollbacker / StatefulSetRollbacker: the revision's
 * recorded template replaces spec.template; annotations stay as they are.
 */
function undoFromControllerRevision(ctx: CommandContext, obj: KubeObject, to: number, clientDryRun: boolean): string {
  const history = controllerHistory(ctx.cluster().api, obj);
  if (to === 0 && history.size <= 1) throw new CliError(ERR_NO_LAST_REVISION);
  const revision = findRevision(history, to);
  if (!revision) throw new CliError(ERR_REVISION_NOT_FOUND(to));
  const template = revisionTemplate(revision);
  if (clientDryRun) return `${MSG_WILL_ROLL_BACK}${podTemplateText(template)}`;
  if (sameTemplate(template, obj.spec?.template)) return MSG_SKIPPED_ROLLBACK(to);
  obj.spec.template = template;
  return MSG_ROLLED_BACK;
}

const undoCommand = defineCommand({
  name: 'undo',
  short: 'Undo a previous rollout',
  usage: 'kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [...EDIT_FLAGS, DRY_RUN, { name: 'to-revision', type: 'int', default: 0, help: 'The revision to rollback to. Default to 0 (last revision).' }],
  run(ctx) {
    const to = ctx.flags['to-revision'];
    const clientDryRun = parseDryRun(ctx.flags['dry-run']) === 'client';
    return editEach(ctx, (obj, t) => {
      const unsupported = historyKindError(t.info, true);
      if (unsupported) throw new CliError(unsupported);
      if (to < 0) throw new CliError(ERR_REVISION_NOT_FOUND(to));
      return obj.kind === 'Deployment' ? undoDeployment(ctx, obj, to, clientDryRun) : undoFromControllerRevision(ctx, obj, to, clientDryRun);
    }, { dryRun: ctx.flags['dry-run'], printRead: true });
  },
});

/** ERR_RESTART_SAME_SECOND is kubectl's refusal of a restart whose patch is empty. */
const ERR_RESTART_SAME_SECOND = (name: string) => `failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`;

const restartCommand = defineCommand({
  name: 'restart',
  short: 'Restart a resource',
  usage: 'kubectl rollout restart RESOURCE [options]',
  flags: [...EDIT_FLAGS, FIELD_MANAGER],
  run(ctx) {
    const now = ctx.cluster().clock.nowISO();
    return editEach(ctx, (obj, t) => {
      if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(obj.kind)) throw new CliError(ERR_RESTART_UNSUPPORTED(qualifiedResource(t.info), obj.metadata.name!));
      if (obj.spec?.paused) throw new CliError(`${qualifiedResource(t.info)} "${obj.metadata.name}" ${ERR_RESTART_PAUSED}`);
      const tmpl = (obj.spec.template ??= {});
      // kubectl's restart stamps the second: a second restart within it is an empty patch.
      if (tmpl.metadata?.annotations?.[RESTARTED_AT_ANNOTATION] === now) throw new CliError(ERR_RESTART_SAME_SECOND(obj.metadata.name!));
      tmpl.metadata = { ...(tmpl.metadata ?? {}), annotations: { ...(tmpl.metadata?.annotations ?? {}), [RESTARTED_AT_ANNOTATION]: now } };
      return 'restarted';
    });
  },
});

function pauser(pause: boolean) {
  return defineCommand({
    name: pause ? 'pause' : 'resume',
    short: pause ? 'Mark the provided resource as paused' : 'Resume a paused resource',
    usage: `kubectl rollout ${pause ? 'pause' : 'resume'} RESOURCE [options]`,
    flags: [...EDIT_FLAGS, FIELD_MANAGER],
    run(ctx) {
      return editEach(ctx, (obj, t) => {
        // kubectl words a patch's error with the resource and name before it.
        if (obj.kind !== 'Deployment') throw new CliError(`${qualifiedResource(t.info)} "${obj.metadata.name}" ${pause ? 'pausing' : 'resuming'} is not supported`);
        if (!!obj.spec?.paused === pause) throw new CliError(`${qualifiedResource(t.info)} "${obj.metadata.name}" ${pause ? 'is already paused' : 'is not paused'}`);
        if (pause) obj.spec.paused = true; else delete obj.spec.paused;
        return pause ? 'paused' : 'resumed';
      });
    },
  });
}

/** rolloutCommand is `kubectl rollout`. */
export const rolloutCommand = defineCommand({
  name: 'rollout',
  short: 'Manage the rollout of a resource',
  usage: 'kubectl rollout SUBCOMMAND [options]',
  flags: [],
  subcommands: { status: statusCommand, history: historyCommand, undo: undoCommand, restart: restartCommand, pause: pauser(true), resume: pauser(false) },
  run(ctx): number { return runParent(ctx, rolloutCommand, 'rollout', 'stdout'); },
});
