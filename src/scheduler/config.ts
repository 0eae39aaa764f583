/**
 * config: the scheduler's configuration file — a KubeSchedulerConfiguration
 * (kubescheduler.config.k8s.io/v1) reduced to what kubemu's default profile can vary:
 * percentageOfNodesToScore, profiles[0].schedulerName, plugins enabled/disabled (and score
 * weights), and NodeResourcesFitArgs (scoringStrategy LeastAllocated | MostAllocated, its
 * resources, ignoredResources). `kubemu scheduler config -f FILE` stores the parsed file as
 * JSON in the ConfigMap kube-system/kubemu-scheduler-config; the component reads it when it
 * builds its profile. Mirrors pkg/scheduler/apis/config/v1 (types, defaults) and the
 * validation messages of pkg/scheduler/apis/config/validation.
 * kubemu: only the first profile is used; other fields are accepted and ignored.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { Profile } from './framework';
import { type ProfileConfig, PLUGINS, defaultProfile } from './plugins/registry';

/** SCHEDULER_CONFIG_NAMESPACE / SCHEDULER_CONFIG_NAME locate the stored configuration. */
export const SCHEDULER_CONFIG_NAMESPACE = 'kube-system';
export const SCHEDULER_CONFIG_NAME = 'kubemu-scheduler-config';
/** SCHEDULER_CONFIG_KEY is the ConfigMap data key holding the configuration (JSON). */
export const SCHEDULER_CONFIG_KEY = 'kube-scheduler-config.json';
/** SCHEDULER_CONFIG_API_VERSION and SCHEDULER_CONFIG_KIND identify the file. */
export const SCHEDULER_CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1';
export const SCHEDULER_CONFIG_KIND = 'KubeSchedulerConfiguration';
/** SUPPORTED_SCORING_STRATEGIES are what NodeResourcesFitArgs.scoringStrategy.type accepts upstream. */
export const SUPPORTED_SCORING_STRATEGIES = Object.freeze(['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio']);

/** unsupportedValue renders field.NotSupported's text. */
export const unsupportedValue = (path: string, value: string, supported: readonly string[]): string =>
  `${path}: Unsupported value: "${value}": supported values: ${supported.map((s) => `"${s}"`).join(', ')}`;
/** invalidValue renders field.Invalid's text. */
export const invalidValue = (path: string, value: unknown, detail: string): string =>
  `${path}: Invalid value: ${typeof value === 'string' ? `"${value}"` : String(value)}: ${detail}`;

/** ConfigError is a configuration the scheduler would refuse to start with. */
export class ConfigError extends Error { override readonly name = 'ConfigError'; }

const EXTENSION_POINTS = ['multiPoint', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'];
/** KNOWN_UPSTREAM_PLUGINS are in-tree plugin names kubemu accepts in a configuration but does not run. */
const KNOWN_UPSTREAM_PLUGINS = new Set(['PrioritySort', 'DefaultPreemption', 'DefaultBinder', 'VolumeRestrictions', 'NodeVolumeLimits',
  'EBSLimits', 'GCEPDLimits', 'AzureDiskLimits', 'SchedulingGates', 'DynamicResources']);

/** PluginRefDoc, ProfileDoc, SchedulerConfigDoc: a decoded KubeSchedulerConfiguration as far as kubemu reads it, values unchecked. */
interface PluginRefDoc { name?: unknown; weight?: unknown }
interface ProfileDoc {
  schedulerName?: unknown;
  percentageOfNodesToScore?: unknown;
  plugins?: Record<string, { enabled?: (PluginRefDoc | null)[]; disabled?: (PluginRefDoc | null)[] } | undefined>;
  pluginConfig?: ({ name?: unknown; args?: FitArgsDoc } | null)[];
}
interface FitArgsDoc { scoringStrategy?: { type?: string; resources?: { name?: unknown; weight?: unknown }[] }; ignoredResources?: unknown[] }
interface SchedulerConfigDoc { apiVersion?: unknown; kind?: unknown; percentageOfNodesToScore?: unknown; profiles?: unknown }

/**
 * parseSchedulerConfiguration validates a decoded KubeSchedulerConfiguration and returns the
 * ProfileConfig it describes. Throws ConfigError with upstream-style field paths.
 */
export function parseSchedulerConfiguration(input: unknown): ProfileConfig {
  const doc = input as SchedulerConfigDoc | null | undefined;
  const errs: string[] = [];
  if (doc?.apiVersion !== SCHEDULER_CONFIG_API_VERSION || doc?.kind !== SCHEDULER_CONFIG_KIND) {
    throw new ConfigError(`no kind "${String(doc?.kind ?? '')}" is registered for version "${String(doc?.apiVersion ?? '')}": expected ${SCHEDULER_CONFIG_KIND} ${SCHEDULER_CONFIG_API_VERSION}`);
  }
  const out: { -readonly [K in keyof ProfileConfig]: ProfileConfig[K] } = {};
  const pct = (v: unknown, path: string) => {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100) { errs.push(invalidValue(path, v, 'not in valid range [0-100]')); return undefined; }
    return v;
  };
  const top = pct(doc.percentageOfNodesToScore, 'percentageOfNodesToScore');
  if (top !== undefined) out.percentageOfNodesToScore = top;
  const profiles: (ProfileDoc | undefined)[] = Array.isArray(doc.profiles) ? doc.profiles : [];
  const p = profiles[0];
  if (p) {
    if (p.schedulerName) out.schedulerName = String(p.schedulerName);
    const ppct = pct(p.percentageOfNodesToScore, 'profiles[0].percentageOfNodesToScore');
    if (ppct !== undefined) out.percentageOfNodesToScore = ppct;
    const disabled: string[] = [], enabled: string[] = [];
    const weights: Record<string, number> = {};
    for (const point of EXTENSION_POINTS) {
      const set = p.plugins?.[point];
      if (!set) continue;
      (set.disabled ?? []).forEach((d, i) => {
        const name = String(d?.name ?? '');
        if (name !== '*' && !PLUGINS.has(name) && !KNOWN_UPSTREAM_PLUGINS.has(name)) errs.push(invalidValue(`profiles[0].plugins.${point}.disabled[${i}].name`, name, 'unknown plugin'));
        disabled.push(name);
      });
      (set.enabled ?? []).forEach((e, i) => {
        const name = String(e?.name ?? '');
        if (!PLUGINS.has(name) && !KNOWN_UPSTREAM_PLUGINS.has(name)) errs.push(invalidValue(`profiles[0].plugins.${point}.enabled[${i}].name`, name, 'unknown plugin'));
        enabled.push(name);
        if (e?.weight !== undefined) {
          if (typeof e.weight !== 'number' || e.weight <= 0 || e.weight > 100) errs.push(invalidValue(`profiles[0].plugins.${point}.enabled[${i}].weight`, e.weight, 'must be in the range [1, 100]'));
          else weights[name] = e.weight;
        }
      });
    }
    if (disabled.length) out.disabled = disabled;
    if (enabled.length) out.enabled = enabled;
    if (Object.keys(weights).length) out.weights = weights;
    (p.pluginConfig ?? []).forEach((pc, i) => {
      if (pc?.name !== 'NodeResourcesFit') return;
      const args = pc.args ?? {};
      const type = args.scoringStrategy?.type ?? 'LeastAllocated';
      const path = `profiles[0].pluginConfig[${i}].args.scoringStrategy.type`;
      if (!SUPPORTED_SCORING_STRATEGIES.includes(type)) { errs.push(unsupportedValue(path, type, SUPPORTED_SCORING_STRATEGIES)); return; }
      if (type !== 'LeastAllocated' && type !== 'MostAllocated') { errs.push(invalidValue(path, type, 'not supported by kubemu')); return; }
      const resources = args.scoringStrategy?.resources;
      out.nodeResourcesFit = {
        scoringStrategy: { type, ...(resources ? { resources: resources.map((r) => ({ name: String(r.name), weight: Number(r.weight ?? 1) })) } : {}) },
        ...(args.ignoredResources ? { ignoredResources: args.ignoredResources.map(String) } : {}),
      };
    });
  }
  if (errs.length) throw new ConfigError(errs.join(', '));
  return out;
}

/** readSchedulerConfig returns the stored configuration, or undefined (defaults). */
export function readSchedulerConfig(api: ApiClient): { config: ProfileConfig; configMap: KubeObject } | undefined {
  const cm = api.tryGet({ kind: 'ConfigMap', namespace: SCHEDULER_CONFIG_NAMESPACE, name: SCHEDULER_CONFIG_NAME });
  const raw = cm?.data?.[SCHEDULER_CONFIG_KEY];
  if (!cm || !raw) return undefined;
  try {
    return { config: parseSchedulerConfiguration(JSON.parse(raw)), configMap: cm };
  } catch {
    return undefined; // kubemu: a config edited into invalidity by hand falls back to the defaults
  }
}

/** ProfileCache rebuilds the profile only when the stored configuration changes. */
export class ProfileCache {
  private version: string | undefined = '<none>';
  private profile: Profile = defaultProfile();

  /** get returns the profile for the configuration stored now. */
  get(api: ApiClient): Profile {
    const stored = readSchedulerConfig(api);
    const v = stored?.configMap.metadata.resourceVersion;
    if (v !== this.version) {
      this.version = v;
      this.profile = defaultProfile(stored?.config ?? {});
    }
    return this.profile;
  }
}
