/**
 * daemonset: the apps/v1 DaemonSet strategy — SetDefaults_DaemonSet and ValidateDaemonSet.
 */
import { jsonEqual } from '../../api/deep-equal';
import { DEPRECATED_TEMPLATE_GENERATION, parseTemplateGeneration, templateGenerationOf } from '../../api/daemonset-template-generation';
import type { KubeObject } from '../../api/meta';
import { goQuote } from '../../api/go-quote';
import { badRequest, type StatusCause } from '../errors';
import { invalidValue, notSupported } from '../field-errors';
import { nonNegative } from './field-rules';
import { goStringMap, invalidRendered } from './go-format';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { defaultPodTemplate } from './pod-defaults';
import { isObject, resetStatusOnCreate, setDefault, withOrder, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { immutableSelector, intOrPercent, positiveIntOrPercent, SELECTOR_MISMATCH, selectorCauses, templateForController } from './workload-rules';
import { MAX_UNAVAILABLE_ZERO } from './deployment';

/** DAEMONSET_UPDATE_STRATEGY_TYPES are the supported spec.updateStrategy.type values, sorted. */
export const DAEMONSET_UPDATE_STRATEGY_TYPES = ['OnDelete', 'RollingUpdate'] as const;

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultDaemonSet is SetDefaults_DaemonSet: RollingUpdate 1/0, revisionHistoryLimit 10, template defaults. */
export function defaultDaemonSet(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'updateStrategy', {});
  setDefault(spec.updateStrategy, 'type', 'RollingUpdate');
  if (spec.updateStrategy.type === 'RollingUpdate') {
    setDefault(spec.updateStrategy, 'rollingUpdate', {});
    setDefault(spec.updateStrategy.rollingUpdate, 'maxUnavailable', 1);
    setDefault(spec.updateStrategy.rollingUpdate, 'maxSurge', 0);
    withOrder(spec.updateStrategy.rollingUpdate, ['maxUnavailable', 'maxSurge']);
  }
  withOrder(spec.updateStrategy, ['type', 'rollingUpdate']);
  setDefault(spec, 'revisionHistoryLimit', 10);
  defaultPodTemplate(spec.template);
  withOrder(spec, ['selector', 'template', 'updateStrategy', 'minReadySeconds', 'revisionHistoryLimit']);
}

/** validateDaemonSetSpec is ValidateDaemonSetSpec under "spec". */
export function validateDaemonSetSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [];
  const out: StatusCause[] = [];
  out.push(...selectorCauses('spec.selector', spec.selector, 'daemonset', false));
  // A missing selector selects nothing, so the template's labels are reported as unmatched too.
  if (!isObject(spec.selector) && isObject(spec.template)) {
    out.push(invalidRendered('spec.template.metadata.labels', goStringMap(spec.template.metadata?.labels), SELECTOR_MISMATCH));
  }
  out.push(...templateForController('spec.template', spec.template, spec.selector, 'DaemonSet'));
  out.push(...nonNegative('spec.minReadySeconds', spec.minReadySeconds));
  out.push(...nonNegative('spec.revisionHistoryLimit', spec.revisionHistoryLimit));
  const us = spec.updateStrategy;
  if (isObject(us)) {
    if (us.type && !(DAEMONSET_UPDATE_STRATEGY_TYPES as readonly string[]).includes(us.type)) {
      out.push(notSupported('spec.updateStrategy.type', us.type, DAEMONSET_UPDATE_STRATEGY_TYPES));
    }
    if (us.type === 'RollingUpdate' && isObject(us.rollingUpdate)) {
      const p = 'spec.updateStrategy.rollingUpdate';
      out.push(...positiveIntOrPercent(`${p}.maxUnavailable`, us.rollingUpdate.maxUnavailable, true));
      out.push(...positiveIntOrPercent(`${p}.maxSurge`, us.rollingUpdate.maxSurge, true));
      if (intOrPercent(us.rollingUpdate.maxUnavailable)?.value === 0 && intOrPercent(us.rollingUpdate.maxSurge)?.value === 0) {
        out.push(invalidValue(`${p}.maxUnavailable`, us.rollingUpdate.maxUnavailable, MAX_UNAVAILABLE_ZERO));
      }
    }
  }
  return out;
}

/**
 * readTemplateGeneration is Convert_v1_DaemonSet_To_apps_DaemonSet's annotation step and its
 * way back: the value a client sent (a value that is no int64 fails the request as the decoding
 * does), written back as the field manager sees it (0 when absent).
 */
function readTemplateGeneration(obj: KubeObject): void {
  const meta = obj.metadata;
  const value = meta.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  let generation = 0n;
  // A value that is no string is left to the annotations' own validation.
  if (typeof value === 'string') {
    const parsed = parseTemplateGeneration(value);
    if ('error' in parsed) throw badRequest(`DaemonSet in version "v1" cannot be handled as a DaemonSet: strconv.ParseInt: parsing ${goQuote(value)}: ${parsed.error}`);
    generation = parsed.generation;
  } else if (value !== undefined) return;
  setTemplateGeneration(obj, generation);
}

function setTemplateGeneration(obj: KubeObject, generation: bigint): void {
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [DEPRECATED_TEMPLATE_GENERATION]: String(generation) };
}

/** DAEMONSET_STRATEGY is the DaemonSet strategy. */
export const DAEMONSET_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  convertIn: readTemplateGeneration,
  // PrepareForCreate: a new DaemonSet's template generation is at least 1.
  prepareForCreate(obj) {
    resetStatusOnCreate(obj);
    const generation = templateGenerationOf(obj);
    if (generation === undefined || generation < 1n) setTemplateGeneration(obj, 1n);
  },
  // PrepareForUpdate: a client cannot set the template generation; a changed pod template adds one.
  finishUpdate(obj, old) {
    const generation = templateGenerationOf(old) ?? 0n;
    setTemplateGeneration(obj, jsonEqual(obj.spec?.template, old.spec?.template) ? generation : generation + 1n);
  },
  defaults: defaultDaemonSet,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateDaemonSetSpec(obj.spec)],
  validateUpdate: (obj, old) => [
    ...validateObjectMetaUpdate(obj, old, META),
    ...validateDaemonSetSpec(obj.spec),
    ...immutableSelector('spec.selector', obj.spec?.selector, old.spec?.selector),
  ],
};
