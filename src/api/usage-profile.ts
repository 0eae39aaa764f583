/**
 * usage-profile: the `kubemu.io/usage` annotation — a container's declared CPU and memory use
 * over simulated time — parsed, validated and evaluated. The API server validates it on pods
 * and pod templates, the kubelet reads memory from it (OOM), metrics-server reads both.
 *
 * Syntax (docs/autoscaling.md): `RESOURCE=PROFILE` items separated by `;`, RESOURCE `cpu` or
 * `memory`, PROFILE one of
 *   constant(V)                         V at all times (a bare quantity `cpu=200m` is the same)
 *   ramp(from=A,to=B,over=D)            A at container start, linearly to B over D, then B
 *   periodic(min=A,max=B,period=D[,phase=D])  a cosine wave on the cluster clock: A at phase 0, B half a period on
 *   bursty(base=A,peak=B[,chance=F][,every=D])  each D-long slot of the cluster clock (1m) is at B with probability F (0.1), else A
 * A value may carry a container name (`web.cpu=…`) to apply to that container only.
 */
import { milliValue, tryParseQuantity, value } from './quantity';
import { parseDuration } from './duration';

/** USAGE_ANNOTATION is the annotation that declares a profile. */
export const USAGE_ANNOTATION = 'kubemu.io/usage';

/** PROFILE_KINDS are the profiles a resource can follow. */
export const PROFILE_KINDS = ['constant', 'ramp', 'periodic', 'bursty'] as const;

/** UsageProfile is one resource's profile; values are millicores (cpu) or bytes (memory). */
export type UsageProfile =
  | { kind: 'constant'; value: number }
  | { kind: 'ramp'; from: number; to: number; overMs: number }
  | { kind: 'periodic'; min: number; max: number; periodMs: number; phaseMs: number }
  | { kind: 'bursty'; base: number; peak: number; chance: number; everyMs: number };

/** Resource is what a profile describes. */
export type UsageResource = 'cpu' | 'memory';

/** UsageProfiles are the profiles one annotation declares, by resource, for all containers or one. */
export interface UsageProfiles { all: Partial<Record<UsageResource, UsageProfile>>; byContainer: Record<string, Partial<Record<UsageResource, UsageProfile>>> }

/** UsageProfileError is a one-line reason the annotation does not parse. */
export class UsageProfileError extends Error { override readonly name = 'UsageProfileError'; }

const PARAMS: Record<(typeof PROFILE_KINDS)[number], { required: string[]; optional: string[] }> = {
  constant: { required: ['value'], optional: [] },
  ramp: { required: ['from', 'to', 'over'], optional: [] },
  periodic: { required: ['min', 'max', 'period'], optional: ['phase'] },
  bursty: { required: ['base', 'peak'], optional: ['chance', 'every'] },
};

function amount(resource: UsageResource, key: string, text: string): number {
  const q = tryParseQuantity(text);
  if (q === undefined) throw new UsageProfileError(`${resource}: ${key}: "${text}" is not a quantity`);
  const n = resource === 'cpu' ? Number(milliValue(q)) : Number(value(q));
  if (n < 0) throw new UsageProfileError(`${resource}: ${key}: must not be negative`);
  return n;
}

function duration(resource: UsageResource, key: string, text: string, positive: boolean): number {
  let ms: number;
  try { ms = parseDuration(text); } catch { throw new UsageProfileError(`${resource}: ${key}: "${text}" is not a duration (like 90s, 10m, 1h)`); }
  if (ms < 0 || (positive && ms <= 0)) throw new UsageProfileError(`${resource}: ${key}: must be ${positive ? 'greater than 0' : 'at least 0'}`);
  return ms;
}

/** parseProfile parses one resource's profile text (`periodic(min=50m,max=400m,period=1h)` or `200m`). */
export function parseProfile(resource: UsageResource, text: string): UsageProfile {
  const t = text.trim();
  const m = /^([a-z]+)\((.*)\)$/.exec(t);
  if (!m) return { kind: 'constant', value: amount(resource, 'value', t) };
  const kind = m[1] as (typeof PROFILE_KINDS)[number];
  const spec = PARAMS[kind];
  if (!spec) throw new UsageProfileError(`${resource}: unknown profile "${m[1]}" (want ${PROFILE_KINDS.join(', ')})`);
  const args: Record<string, string> = {};
  const parts = m[2]!.trim() === '' ? [] : m[2]!.split(',');
  for (const [i, raw] of parts.entries()) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    // constant(200m): a lone positional value.
    const [key, val] = eq < 0 ? (kind === 'constant' && i === 0 ? ['value', part] : ['', part]) : [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    if (!key) throw new UsageProfileError(`${resource}: ${kind}: "${part}" is not NAME=VALUE`);
    if (!spec.required.includes(key) && !spec.optional.includes(key)) {
      throw new UsageProfileError(`${resource}: ${kind}: unknown parameter "${key}" (want ${[...spec.required, ...spec.optional].join(', ')})`);
    }
    if (key in args) throw new UsageProfileError(`${resource}: ${kind}: parameter "${key}" given twice`);
    args[key] = val;
  }
  const missing = spec.required.filter((k) => !(k in args));
  if (missing.length) throw new UsageProfileError(`${resource}: ${kind}: missing ${missing.join(', ')}`);
  const a = (k: string) => amount(resource, k, args[k]!);
  switch (kind) {
    case 'constant': return { kind, value: a('value') };
    case 'ramp': return { kind, from: a('from'), to: a('to'), overMs: duration(resource, 'over', args.over!, true) };
    case 'periodic': {
      const p: UsageProfile = { kind, min: a('min'), max: a('max'), periodMs: duration(resource, 'period', args.period!, true), phaseMs: args.phase === undefined ? 0 : duration(resource, 'phase', args.phase, false) };
      if (p.max < p.min) throw new UsageProfileError(`${resource}: periodic: max must be at least min`);
      return p;
    }
    case 'bursty': {
      const chance = args.chance === undefined ? 0.1 : Number(args.chance);
      if (!(chance >= 0 && chance <= 1) || args.chance?.trim() === '') throw new UsageProfileError(`${resource}: bursty: chance: "${args.chance}" is not a number from 0 to 1`);
      return { kind, base: a('base'), peak: a('peak'), chance, everyMs: args.every === undefined ? 60_000 : duration(resource, 'every', args.every, true) };
    }
  }
}

/** PARSED keeps recent annotations' parses: use is sampled every 15 s of a long tick, the text rarely changes. */
const PARSED = new Map<string, UsageProfiles | UsageProfileError>();
const PARSED_MAX = 1000;

/** parseUsageProfiles parses the annotation's value; it throws UsageProfileError with a one-line reason. */
export function parseUsageProfiles(text: string): UsageProfiles {
  let parsed = PARSED.get(text);
  if (!parsed) {
    try { parsed = parseUncached(text); } catch (e) {
      if (!(e instanceof UsageProfileError)) throw e;
      parsed = e;
    }
    if (PARSED.size >= PARSED_MAX) PARSED.clear();
    PARSED.set(text, parsed);
  }
  if (parsed instanceof UsageProfileError) throw parsed;
  return parsed;
}

function parseUncached(text: string): UsageProfiles {
  const out: UsageProfiles = { all: {}, byContainer: {} };
  const items = text.split(';').map((s) => s.trim()).filter((s) => s !== '');
  if (!items.length) throw new UsageProfileError('empty: want RESOURCE=PROFILE items separated by ";" (like cpu=periodic(min=50m,max=400m,period=1h))');
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq < 0) throw new UsageProfileError(`"${item}" is not RESOURCE=PROFILE`);
    const target = item.slice(0, eq).trim();
    const dot = target.lastIndexOf('.');
    const container = dot < 0 ? undefined : target.slice(0, dot);
    const resource = (dot < 0 ? target : target.slice(dot + 1)) as UsageResource;
    if (resource !== 'cpu' && resource !== 'memory') throw new UsageProfileError(`unknown resource "${target}" (want cpu or memory, optionally CONTAINER.cpu)`);
    const into = container === undefined ? out.all : (out.byContainer[container] ??= {});
    if (into[resource]) throw new UsageProfileError(`${target} given twice`);
    into[resource] = parseProfile(resource, item.slice(eq + 1));
  }
  return out;
}

/** usageProfileError says why an annotation value is invalid, or undefined when it parses. */
export function usageProfileError(text: string): string | undefined {
  try { parseUsageProfiles(text); return undefined; } catch (e) {
    if (e instanceof UsageProfileError) return e.message;
    throw e;
  }
}

/** profileFor picks a container's profile for a resource: its own, else the pod's. */
export function profileFor(profiles: UsageProfiles, container: string, resource: UsageResource): UsageProfile | undefined {
  return profiles.byContainer[container]?.[resource] ?? profiles.all[resource];
}

/** draw is a stable fraction in [0, 1) for a string (FNV-1a, then a mix so nearby keys spread). */
function draw(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b) >>> 0; h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35) >>> 0; h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * profileValueAt is the profile's value at cluster time atMs for a container started at startMs.
 * key names the container instance's draws (pod uid and container name: uids come from the
 * cluster's seeded source), so a bursty slot is the same however often it is sampled.
 */
export function profileValueAt(p: UsageProfile, atMs: number, startMs: number, key: string): number {
  switch (p.kind) {
    case 'constant': return p.value;
    case 'ramp': {
      const f = Math.min(1, Math.max(0, (atMs - startMs) / p.overMs));
      return Math.round(p.from + (p.to - p.from) * f);
    }
    case 'periodic': {
      const into = (((atMs + p.phaseMs) % p.periodMs) + p.periodMs) % p.periodMs;
      const angle = (2 * Math.PI * into) / p.periodMs;
      return Math.round(p.min + (p.max - p.min) * (1 - Math.cos(angle)) / 2);
    }
    case 'bursty': {
      const slot = Math.floor(atMs / p.everyMs);
      return draw(`${key}/${slot}`) < p.chance ? p.peak : p.base;
    }
  }
}

/** profileConstant says whether the profile's value never changes with time. */
export function profileConstant(p: UsageProfile): boolean {
  switch (p.kind) {
    case 'constant': return true;
    case 'ramp': return p.from === p.to;
    case 'periodic': return p.min === p.max;
    case 'bursty': return p.base === p.peak || p.chance === 0;
  }
}

/**
 * UsageTrend is how a use moves from a moment on: up (1), down (-1) or not at all (0) —
 * monotonically, not strictly — until untilMs; 'mixed' when parts of it move in opposite ways.
 * The HPA reads it to find when its proposal can next change without syncing every 15 s.
 */
export interface UsageTrend { direction: -1 | 0 | 1 | 'mixed'; untilMs: number }

/** FLAT is a use that does not move with time. */
export const FLAT: UsageTrend = { direction: 0, untilMs: Infinity };

/** combineTrends is the trend of a sum (or a max, or any function increasing in each part). */
export function combineTrends(a: UsageTrend, b: UsageTrend): UsageTrend {
  const direction = a.direction === 0 ? b.direction : b.direction === 0 || a.direction === b.direction ? a.direction : 'mixed';
  return { direction, untilMs: Math.min(a.untilMs, b.untilMs) };
}

/** profileTrend is how the profile's value moves from atMs (a container started at startMs). */
export function profileTrend(p: UsageProfile, atMs: number, startMs: number): UsageTrend {
  if (profileConstant(p)) return FLAT;
  switch (p.kind) {
    case 'constant': return FLAT;
    case 'ramp': {
      const end = startMs + p.overMs;
      return atMs < end ? { direction: p.to > p.from ? 1 : -1, untilMs: end } : FLAT;
    }
    case 'periodic': {
      // The cosine rises from phase 0 to half a period, then falls.
      const into = (((atMs + p.phaseMs) % p.periodMs) + p.periodMs) % p.periodMs;
      const half = p.periodMs / 2;
      return into < half ? { direction: 1, untilMs: atMs + half - into } : { direction: -1, untilMs: atMs + p.periodMs - into };
    }
    case 'bursty':
      // One value per slot.
      return { direction: 0, untilMs: (Math.floor(atMs / p.everyMs) + 1) * p.everyMs };
  }
}

/** profileStableAfter is when a ramp stops changing (startMs + over); others change for good unless constant. */
export function profileStableAfter(p: UsageProfile, startMs: number): number {
  if (profileConstant(p)) return startMs;
  return p.kind === 'ramp' ? startMs + p.overMs : Infinity;
}

/**
 * firstTimeAbove is the first moment (ms after startMs, stepping by stepMs up to horizonMs) at
 * which the profile exceeds limit, or undefined: when a memory profile reaches the limit.
 */
export function firstTimeAbove(p: UsageProfile, startMs: number, limit: number, key: string, stepMs: number, horizonMs: number): number | undefined {
  switch (p.kind) {
    case 'constant': return p.value > limit ? 0 : undefined;
    case 'ramp': {
      if (p.from > limit) return 0;
      if (p.to <= limit) return undefined;
      // Linear: the first millisecond whose rounded value is over the limit.
      let t = Math.ceil(((limit - p.from) / (p.to - p.from)) * p.overMs);
      while (t < p.overMs && profileValueAt(p, startMs + t, startMs, key) <= limit) t++;
      return t;
    }
    default: {
      if ((p.kind === 'periodic' ? p.max : p.peak) <= limit) return undefined;
      for (let t = 0; t <= horizonMs; t += stepMs) if (profileValueAt(p, startMs + t, startMs, key) > limit) return t;
      return undefined;
    }
  }
}
