/**
 * resources: how much a Pod asks for, computed the way the scheduler (and the kubelet's
 * admission) does. Mirrors kubernetes/kubernetes
 * staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests, including native
 * sidecars (init containers with restartPolicy Always) and spec.overhead.
 */

import type { Container } from '../api/types/core-v1';
import type { KubeObject } from '../api/meta';
import { milliValue, parseQuantity, value as wholeValue } from '../api/quantity';

/** RESOURCE_CPU and friends are the resource names with dedicated NodeInfo fields. */
export const RESOURCE_CPU = 'cpu';
export const RESOURCE_MEMORY = 'memory';
export const RESOURCE_EPHEMERAL_STORAGE = 'ephemeral-storage';
export const RESOURCE_PODS = 'pods';

/** DEFAULT_MILLI_CPU_REQUEST is the CPU a container without a cpu request is assumed to use when scoring (100m). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
/** DEFAULT_MEMORY_REQUEST is the memory a container without a memory request is assumed to use when scoring (200Mi). */
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/**
 * Resources is an amount of every resource kind: cpu in milli-cores, everything else in
 * base units (bytes, devices). `scalar` holds extended resources and hugepages by name.
 */
export interface Resources {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  scalar: Record<string, number>;
}

/** emptyResources returns a fresh all-zero Resources. */
export function emptyResources(): Resources {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalar: {} };
}

/** isScalarResourceName reports whether a resource has no dedicated field (extended resources, hugepages). */
export function isScalarResourceName(name: string): boolean {
  return name !== RESOURCE_CPU && name !== RESOURCE_MEMORY && name !== RESOURCE_EPHEMERAL_STORAGE && name !== RESOURCE_PODS;
}

type ResourceList = Map<string, number>;

/**
 * Parsed quantities by their text, for cpu (milli) and everything else (whole units): a
 * cluster's pods repeat a handful of request strings, and every pod the scheduler sees is
 * parsed again. Bounded: cleared when full.
 */
const parsedMilli = new Map<string | number, number>();
const parsedWhole = new Map<string | number, number>();
const MAX_PARSED = 4096;

/** quantityOf converts one quantity to NodeInfo units: milli for cpu, rounded-up integers otherwise. */
function quantityOf(name: string, value: string | number): number {
  const milli = name === RESOURCE_CPU;
  const cache = milli ? parsedMilli : parsedWhole;
  let v = cache.get(value);
  if (v === undefined) {
    const q = parseQuantity(value);
    v = Number(milli ? milliValue(q) : wholeValue(q));
    if (cache.size >= MAX_PARSED) cache.clear();
    cache.set(value, v);
  }
  return v;
}

/** resourceListOf parses a {name: quantity} map, skipping the "pods" pseudo-resource. */
export function resourceListOf(list: Record<string, string | number> | undefined): ResourceList {
  const out: ResourceList = new Map();
  if (!list) return out;
  for (const [name, value] of Object.entries(list)) {
    if (name === RESOURCE_PODS) continue;
    out.set(name, quantityOf(name, value));
  }
  return out;
}

function containerRequests(c: Pick<Container, 'resources'> | undefined, nonMissing: boolean): ResourceList {
  const req = c?.resources?.requests;
  const lim = c?.resources?.limits;
  const out = resourceListOf(req);
  // kubemu: the API server's defaulting copies limits into missing requests; apply it here too
  // so a pod created without that defaulting is still accounted as upstream would see it.
  if (lim) for (const [name, value] of resourceListOf(lim)) if (!out.has(name)) out.set(name, value);
  if (nonMissing) {
    // Mirrors schedutil.GetNonzeroRequests: only an *absent* request gets the default;
    // an explicit "0" stays zero.
    if (!out.has(RESOURCE_CPU)) out.set(RESOURCE_CPU, DEFAULT_MILLI_CPU_REQUEST);
    if (!out.has(RESOURCE_MEMORY)) out.set(RESOURCE_MEMORY, DEFAULT_MEMORY_REQUEST);
  }
  return out;
}

function add(into: ResourceList, from: ResourceList): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}
function maxInto(into: ResourceList, from: ResourceList): void {
  for (const [k, v] of from) if (v > (into.get(k) ?? 0)) into.set(k, v);
}

/** PodRequestsOptions tunes podRequests; nonMissing applies the scoring defaults (100m cpu, 200Mi memory) per container. */
export interface PodRequestsOptions { nonMissing?: boolean; excludeOverhead?: boolean }

/**
 * podResourceList returns the effective requests of a pod as a name → amount map:
 * max(sum(containers) + sum(sidecars), max over init containers of (init + sidecars started
 * before it)) + overhead.
 */
export function podResourceList(pod: KubeObject, opts: PodRequestsOptions = {}): Map<string, number> {
  const spec = pod.spec ?? {};
  const nonMissing = !!opts.nonMissing;
  const reqs: ResourceList = new Map();
  for (const c of spec.containers ?? []) add(reqs, containerRequests(c, nonMissing));

  const restartable: ResourceList = new Map();
  const initMax: ResourceList = new Map();
  for (const c of spec.initContainers ?? []) {
    const cr = containerRequests(c, nonMissing);
    let effective: ResourceList;
    if (c?.restartPolicy === 'Always') {
      // A native sidecar keeps running next to the app containers, so it adds to the sum,
      // and every later init container runs alongside all sidecars started before it.
      add(reqs, cr);
      add(restartable, cr);
      effective = new Map(restartable);
    } else {
      effective = new Map(cr);
      add(effective, restartable);
    }
    maxInto(initMax, effective);
  }
  maxInto(reqs, initMax);
  if (!opts.excludeOverhead && spec.overhead) add(reqs, resourceListOf(spec.overhead));
  return reqs;
}

/** toResources converts a resource list into the Resources shape. */
export function toResources(list: Map<string, number>): Resources {
  const r = emptyResources();
  for (const [name, v] of list) {
    if (name === RESOURCE_CPU) r.milliCPU = v;
    else if (name === RESOURCE_MEMORY) r.memory = v;
    else if (name === RESOURCE_EPHEMERAL_STORAGE) r.ephemeralStorage = v;
    else r.scalar[name] = v;
  }
  return r;
}

/**
 * podRequests returns what a pod requests, as kube-scheduler's NodeResourcesFit accounts it:
 * cpu in milli-cores, memory and ephemeral-storage in bytes, extended resources by name.
 * With `{ nonMissing: true }` it returns the "non-zero" requests used for scoring.
 */
export function podRequests(pod: KubeObject, opts: PodRequestsOptions = {}): Resources {
  return toResources(podResourceList(pod, opts));
}

/** PodRequestFigures is what the scheduler keeps of a pod's requests: the plain ones and the non-zero cpu and memory. */
export interface PodRequestFigures { requests: Resources; nonZeroMilliCPU: number; nonZeroMemory: number }

/**
 * podRequestFigures is podRequests(pod) beside the cpu and memory of
 * podResourceList(pod, { nonMissing: true }). A pod with app containers only (no init
 * containers, no overhead) asking for nothing but cpu, memory and ephemeral-storage is read
 * in one pass over its containers with no maps; any other pod goes through the two.
 */
export function podRequestFigures(pod: KubeObject): PodRequestFigures {
  const spec = pod.spec ?? {};
  if (spec.initContainers?.length || spec.overhead) return podRequestFiguresByLists(pod);
  let milliCPU = 0, memory = 0, ephemeralStorage = 0, nonZeroMilliCPU = 0, nonZeroMemory = 0;
  for (const c of spec.containers ?? []) {
    const req: Record<string, string | number> | undefined = c?.resources?.requests;
    const lim: Record<string, string | number> | undefined = c?.resources?.limits;
    let cpu = 0, mem = 0, eph = 0, hasCPU = false, hasMemory = false, hasEph = false;
    // Every entry is parsed, as resourceListOf does (a bad quantity throws the same way).
    if (req) {
      for (const name in req) {
        if (name === RESOURCE_CPU) { cpu = quantityOf(name, req[name]!); hasCPU = true; }
        else if (name === RESOURCE_MEMORY) { mem = quantityOf(name, req[name]!); hasMemory = true; }
        else if (name === RESOURCE_EPHEMERAL_STORAGE) { eph = quantityOf(name, req[name]!); hasEph = true; }
        else if (name !== RESOURCE_PODS) return podRequestFiguresByLists(pod);
      }
    }
    // Limits stand in for missing requests (the API server's defaulting, see containerRequests).
    if (lim) {
      for (const name in lim) {
        if (name === RESOURCE_CPU) { const v = quantityOf(name, lim[name]!); if (!hasCPU) { cpu = v; hasCPU = true; } }
        else if (name === RESOURCE_MEMORY) { const v = quantityOf(name, lim[name]!); if (!hasMemory) { mem = v; hasMemory = true; } }
        else if (name === RESOURCE_EPHEMERAL_STORAGE) { const v = quantityOf(name, lim[name]!); if (!hasEph) { eph = v; hasEph = true; } }
        else if (name !== RESOURCE_PODS) return podRequestFiguresByLists(pod);
      }
    }
    if (hasCPU) milliCPU += cpu;
    if (hasMemory) memory += mem;
    if (hasEph) ephemeralStorage += eph;
    nonZeroMilliCPU += hasCPU ? cpu : DEFAULT_MILLI_CPU_REQUEST;
    nonZeroMemory += hasMemory ? mem : DEFAULT_MEMORY_REQUEST;
  }
  return { requests: { milliCPU, memory, ephemeralStorage, scalar: {} }, nonZeroMilliCPU, nonZeroMemory };
}

/** podRequestFiguresByLists is podRequestFigures through the resource lists (init containers, overhead, extended resources). */
function podRequestFiguresByLists(pod: KubeObject): PodRequestFigures {
  const nonZero = podResourceList(pod, { nonMissing: true });
  return { requests: podRequests(pod), nonZeroMilliCPU: nonZero.get(RESOURCE_CPU) ?? 0, nonZeroMemory: nonZero.get(RESOURCE_MEMORY) ?? 0 };
}

/** nodeAllocatable returns node.status.allocatable (falling back to capacity) and its pod limit. */
export function nodeAllocatable(node: KubeObject): { resources: Resources; allowedPodNumber: number } {
  const list: Record<string, string | number> = node.status?.allocatable ?? node.status?.capacity ?? {};
  const resources = toResources(resourceListOf(list));
  const pods = list[RESOURCE_PODS];
  return { resources, allowedPodNumber: pods === undefined ? 0 : Number(wholeValue(parseQuantity(pods))) };
}
