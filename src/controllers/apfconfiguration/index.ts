/**
 * apfconfiguration: kube-apiserver's two API Priority and Fairness loops over FlowSchemas and
 * PriorityLevelConfigurations.
 *  - The config producer (pkg/registry/flowcontrol/ensurer) puts the bootstrap objects back once
 *    a minute: a missing one is created; a mandatory one's spec is restored; a suggested one's
 *    only while its apf.kubernetes.io/autoupdate-spec annotation is true (or absent on an object
 *    never edited, generation 1); an object that is not a bootstrap one but carries the annotation
 *    set true is deleted. kubemu: what a poll would do is done at the next poll's simulated time.
 *  - The config consumer (apf_controller.go) keeps each FlowSchema's Dangling condition: True when
 *    the priority level it names does not exist, as `kubectl get flowschemas` shows in MISSINGPL.
 */
import type { KubeObject } from '../../api/meta';
import { jsonEqual } from '../../api/deep-equal';
import { goParseBool } from '../../api/go-parse-bool';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import {
  AUTO_UPDATE_ANNOTATION, MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS,
} from './bootstrap-configuration';

const PRODUCER = 'api-priority-and-fairness-config-producer-v1';
const CONSUMER = 'api-priority-and-fairness-config-consumer-v1';
/**
 * POLL_MS: the producer's period (wait.PollImmediateUntil(time.Minute, …)). Its polls fall
 * POLL_PHASE_MS past each simulated minute, so a command made on the minute (a manual clock's
 * usual step) is not met by a poll at the same instant.
 */
const POLL_MS = 60_000;
const POLL_PHASE_MS = 7_000;

type ApfKind = 'FlowSchema' | 'PriorityLevelConfiguration';
interface Bootstrap { object: KubeObject; mandatory: boolean }

function bootstrapByName(mandatory: readonly KubeObject[], suggested: readonly KubeObject[]): Map<string, Bootstrap> {
  const byName = new Map<string, Bootstrap>();
  for (const object of suggested) byName.set(object.metadata.name!, { object, mandatory: false });
  for (const object of mandatory) byName.set(object.metadata.name!, { object, mandatory: true });
  return byName;
}

const BOOTSTRAP: Record<ApfKind, Map<string, Bootstrap>> = {
  FlowSchema: bootstrapByName(MANDATORY_FLOW_SCHEMAS, SUGGESTED_FLOW_SCHEMAS),
  PriorityLevelConfiguration: bootstrapByName(MANDATORY_PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS),
};

/** autoUpdateSpec is the ensurer's shouldUpdateSpec for a suggested object. */
function autoUpdateSpec(current: KubeObject): boolean {
  const parsed = goParseBool(current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION] ?? '');
  return parsed ?? current.metadata.generation === 1;
}

type Action = { create: KubeObject } | { update: KubeObject } | { delete: true } | undefined;

/** ensureAction is what the producer's next poll does to one name (ensureConfiguration, removeConfiguration). */
function ensureAction(kind: ApfKind, name: string, current: KubeObject | undefined): Action {
  const bootstrap = BOOTSTRAP[kind].get(name);
  if (!bootstrap) {
    const value = current?.metadata.annotations?.[AUTO_UPDATE_ANNOTATION];
    return value !== undefined && goParseBool(value) === true ? { delete: true } : undefined;
  }
  if (!current) return { create: structuredClone(bootstrap.object) };
  const autoUpdate = bootstrap.mandatory || autoUpdateSpec(current);
  const annotationStale = goParseBool(current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION] ?? '') !== autoUpdate;
  const specChanged = autoUpdate && !jsonEqual(current.spec, bootstrap.object.spec);
  if (!annotationStale && !specChanged) return undefined;
  const next: KubeObject = { ...current, metadata: { ...current.metadata } };
  if (annotationStale) next.metadata.annotations = { ...current.metadata.annotations, [AUTO_UPDATE_ANNOTATION]: String(autoUpdate) };
  if (specChanged) next.spec = structuredClone(bootstrap.object.spec);
  return { update: next };
}

/** newConfigProducer ensures one kind's bootstrap objects. */
function newConfigProducer(kind: ApfKind, name: string): Controller {
  return {
    name,
    for: kind,
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const current = ctx.api.tryGet({ kind, name: req.name });
      const action = ensureAction(kind, req.name, current?.metadata.deletionTimestamp ? undefined : current);
      if (!action) return;
      const now = ctx.clock.nowMs();
      const poll = Math.ceil((now - POLL_PHASE_MS) / POLL_MS) * POLL_MS + POLL_PHASE_MS;
      if (now < poll) return { requeueAfterMs: poll - now };
      if ('create' in action) ctx.api.create(action.create, { fieldManager: PRODUCER });
      else if ('update' in action) ctx.api.update(action.update, { fieldManager: PRODUCER });
      else ctx.api.delete({ kind, name: req.name }, { fieldManager: PRODUCER });
    },
  };
}

export const priorityLevelProducer = newConfigProducer('PriorityLevelConfiguration', 'apf-config-producer-prioritylevels');
export const flowSchemaProducer = newConfigProducer('FlowSchema', 'apf-config-producer-flowschemas');

interface DanglingCondition { type: string; status: string; lastTransitionTime: string; reason: string; message: string }

/** dangling is presyncFlowSchemaStatus's condition for a schema whose level exists or not. */
function dangling(levelName: string, found: boolean, now: string): DanglingCondition {
  return found
    ? { type: 'Dangling', status: 'False', lastTransitionTime: now, reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(levelName)} and it exists` }
    : { type: 'Dangling', status: 'True', lastTransitionTime: now, reason: 'NotFound', message: `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(levelName)} but there is no such object` };
}

/** flowSchemaStatusController is the config consumer's status half. */
export const flowSchemaStatusController: Controller = {
  name: 'apf-config-consumer',
  for: 'FlowSchema',
  // A level that comes or goes changes the schemas that name it.
  watches: [{
    kind: 'PriorityLevelConfiguration',
    map: (level, ctx) => ctx.api.list({ kind: 'FlowSchema' })
      .filter((fs) => fs.spec?.priorityLevelConfiguration?.name === level.metadata.name)
      .map((fs) => ({ name: fs.metadata.name! })),
  }],
  reconcile(req: Request, ctx: ReconcileContext): void {
    const fs = ctx.api.tryGet({ kind: 'FlowSchema', name: req.name });
    if (!fs || fs.metadata.deletionTimestamp) return;
    const levelName: string = fs.spec?.priorityLevelConfiguration?.name ?? '';
    const found = ctx.api.tryGet({ kind: 'PriorityLevelConfiguration', name: levelName }) !== undefined;
    const conditions = fs.status?.conditions ?? [];
    const old = conditions.find((c) => c.type === 'Dangling');
    const want = dangling(levelName, found, ctx.clock.nowISO());
    if (old && old.status === want.status && old.reason === want.reason && old.message === want.message) return;
    const next = old ? conditions.map((c) => (c === old ? want : c)) : [...conditions, want];
    ctx.api.updateStatus({ ...fs, status: { ...fs.status, conditions: next } }, { fieldManager: CONSUMER });
  },
};
