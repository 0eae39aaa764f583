/**
 * registry: the in-tree plugins by name and the default scheduler profile of kube-scheduler
 * v1.32 (pkg/scheduler/apis/config/v1/default_plugins.go getDefaultPlugins), as data.
 *
 * Run order (MultiPoint): NodeUnschedulable, NodeName, TaintToleration(3), NodeAffinity(2),
 * NodePorts, NodeResourcesFit(1), [VolumeRestrictions, NodeVolumeLimits, VolumeBinding,
 * VolumeZone], PodTopologySpread(2), InterPodAffinity(2), [DefaultPreemption],
 * NodeResourcesBalancedAllocation(1), ImageLocality(1), [DefaultBinder].
 * kubemu: VolumeRestrictions and NodeVolumeLimits are omitted (no attach limits or
 * read-write-once-pod conflicts are simulated); DefaultPreemption runs as PostFilter in
 * scheduler.ts (with its decisions in plugins/defaultpreemption); binding is the caller's job.
 */

import type { FilterPlugin, Plugin, PreFilterPlugin, PreScorePlugin, Profile, ScorePlugin } from '../framework';
import { nodeUnschedulable } from './nodeunschedulable';
import { nodeName } from './nodename';
import { taintToleration } from './tainttoleration';
import { nodeAffinity } from './nodeaffinity';
import { nodePorts } from './nodeports';
import { type NodeResourcesFitArgs, newNodeResourcesFit, balancedAllocation } from './noderesources';
import { podTopologySpread } from './podtopologyspread';
import { interPodAffinity } from './interpodaffinity';
import { imageLocality } from './imagelocality';
import { volumeBinding } from './volumebinding';
import { volumeZone } from './volumezone';

/** DEFAULT_SCHEDULER_NAME is the schedulerName pods get by default. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

/** PluginEntry is one MultiPoint entry: a plugin and, if it scores, its weight. */
export interface PluginEntry { plugin: Plugin; weight?: number }

/** ProfileConfig tunes the default profile. */
export interface ProfileConfig {
  schedulerName?: string;
  /** nodeResourcesFit args, e.g. `{ scoringStrategy: { type: 'MostAllocated' } }` for bin packing. */
  nodeResourcesFit?: NodeResourcesFitArgs;
  percentageOfNodesToScore?: number;
  preemption?: boolean;
  /** disabled names plugins to leave out (as a profile's `disabled` list; "*" disables every default plugin). */
  disabled?: readonly string[];
  /** enabled names plugins to keep even when "*" is disabled. */
  enabled?: readonly string[];
  /** weights overrides score plugin weights by name (a profile's plugins.score.enabled weights). */
  weights?: Readonly<Record<string, number>>;
}

/** defaultPlugins returns the MultiPoint list of the default profile, in run order, with weights. */
export function defaultPlugins(config: ProfileConfig = {}): PluginEntry[] {
  const fit = config.nodeResourcesFit ? newNodeResourcesFit(config.nodeResourcesFit) : newNodeResourcesFit();
  return [
    { plugin: nodeUnschedulable },
    { plugin: nodeName },
    { plugin: taintToleration, weight: 3 },
    { plugin: nodeAffinity, weight: 2 },
    { plugin: nodePorts },
    { plugin: fit, weight: 1 },
    { plugin: volumeBinding },
    { plugin: volumeZone },
    { plugin: podTopologySpread, weight: 2 },
    { plugin: interPodAffinity, weight: 2 },
    { plugin: balancedAllocation, weight: 1 },
    { plugin: imageLocality, weight: 1 },
  ].map((e) => (config.weights?.[e.plugin.name] !== undefined && e.weight !== undefined ? { ...e, weight: config.weights[e.plugin.name] } : e));
}

const has = <K extends string>(p: Plugin, method: K): p is Plugin & Record<K, (...a: never[]) => unknown> =>
  typeof (p as unknown as Record<string, unknown>)[method] === 'function';

/** newProfile assigns each plugin to the extension points it implements, keeping list order. */
export function newProfile(entries: readonly PluginEntry[], config: ProfileConfig = {}): Profile {
  const disabled = new Set(config.disabled ?? []);
  const keep = new Set(config.enabled ?? []);
  const enabled = entries.filter((e) => keep.has(e.plugin.name) || !(disabled.has('*') || disabled.has(e.plugin.name)));
  const profile: Profile = {
    schedulerName: config.schedulerName ?? DEFAULT_SCHEDULER_NAME,
    preFilters: enabled.filter((e) => has(e.plugin, 'preFilter')).map((e) => e.plugin as PreFilterPlugin),
    filters: enabled.filter((e) => has(e.plugin, 'filter')).map((e) => e.plugin as FilterPlugin),
    preScores: enabled.filter((e) => has(e.plugin, 'preScore') && has(e.plugin, 'score')).map((e) => e.plugin as PreScorePlugin),
    scores: enabled.filter((e) => has(e.plugin, 'score') && (e.weight ?? 0) > 0)
      .map((e) => ({ plugin: e.plugin as ScorePlugin, weight: e.weight! })),
    preemption: config.preemption ?? true,
  };
  return config.percentageOfNodesToScore === undefined ? profile : { ...profile, percentageOfNodesToScore: config.percentageOfNodesToScore };
}

/** defaultProfile is kube-scheduler v1.32's default profile (optionally tuned). */
export function defaultProfile(config: ProfileConfig = {}): Profile {
  return newProfile(defaultPlugins(config), config);
}

/** PLUGINS maps every in-tree plugin kubemu implements by name. */
export const PLUGINS: ReadonlyMap<string, Plugin> = new Map(
  defaultPlugins().map((e) => [e.plugin.name, e.plugin] as [string, Plugin]),
);
