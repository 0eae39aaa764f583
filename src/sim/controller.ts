/**
 * controller: the controller-runtime contract, translated. A controller reconciles one
 * key at a time against current state, level-driven; it never acts on an event payload.
 * It lives with the runtime that runs it (as controller-runtime's pkg/reconcile does), not
 * in controllers/: the scheduler and the kubelets implement it too, and sim/runtime must not
 * depend on any component.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { Clock } from './clock';
import type { Rand } from './rand';
import type { WatchEventType } from '../store/store';

/** Request names the object to reconcile; it carries no event or object. */
export interface Request { namespace?: string; name: string }

/**
 * Result of a reconcile:
 *  - return nothing → done until something it watches changes;
 *  - return { requeueAfterMs } → revisited when the simulated clock reaches now + ms
 *    (lazy: true lets a clock advance jump past it, firing once at the next settle);
 *  - throw (non-Terminal) → requeued with back-off in simulated time; the Result is ignored;
 *  - throw TerminalError → logged, not requeued.
 */
export interface Result { requeueAfterMs?: number; lazy?: boolean }

/** TerminalError marks a failure retrying cannot fix. */
export class TerminalError extends Error { override readonly name = 'TerminalError'; }

/** ReconcileContext is everything a reconcile may use: the API, the cluster's clock and RNG. */
export interface ReconcileContext { api: ApiClient; clock: Clock; rand: Rand }

/**
 * Watch maps changes of another kind to requests for this controller; map may read through
 * ctx.api. `type` is the change's (as controller-runtime's event handlers tell a delete from an
 * update); it is undefined when a component relists after its history was compacted.
 */
export interface Watch { kind: string; map: (obj: KubeObject, ctx: ReconcileContext, type?: WatchEventType) => Request[] }

/** Controller is one reconcile loop; `name` is also its fieldManager and Event source component. */
export interface Controller {
  readonly name: string;
  /** for: changes to this kind enqueue the object itself. */
  readonly for: string;
  /** owns: changes to these kinds enqueue their controller owner (if its kind is `for`). */
  readonly owns?: readonly string[];
  readonly watches?: readonly Watch[];
  /**
   * accepts filters the `for` objects this controller handles (e.g. bound pods for the kubelet).
   * type is the change's (undefined on a relist); ctx is the context watch maps read through.
   */
  readonly accepts?: (obj: KubeObject, type?: WatchEventType, ctx?: ReconcileContext) => boolean;
  reconcile(req: Request, ctx: ReconcileContext): Result | void;
  /**
   * beginPass is called before a pass's reconciles with the keys the pass will reconcile (in
   * name order), so a controller may drop per-pass caches, or see the whole batch first (the
   * scheduler queues every pod of the pass before it pops one by priority).
   */
  beginPass?(keys: ReadonlySet<string>): void;
  /**
   * handOver is what the component hands the next command beside its keys when a settle ends
   * (JSON, undefined: nothing; KEEP_MEMO: what it was handed stands, unread or still good):
   * what a long-running process would still hold in memory, and the next command would
   * otherwise read again. settled says the settle finished rather than stopped early.
   * takeOver receives it before the component's first pass, as a function that reads and
   * decodes it on first call (undefined: none), so a command that never needs it (a `get`'s
   * catch-up, an idle tick) does not pay for it; the component must hold only what it can
   * check against the store.
   */
  handOver?(settled: boolean): unknown;
  takeOver?(memo: () => unknown): void;
}

/** KEEP_MEMO is what handOver returns when the memo it was handed stands as it is (nothing to write). */
export const KEEP_MEMO = Symbol('keep memo');

/** keyOf renders a request as "ns/name" (cluster-scoped: "name"). */
export function keyOf(req: Request): string {
  return req.namespace ? `${req.namespace}/${req.name}` : req.name;
}

/** parseKey is keyOf's inverse. */
export function parseKey(key: string): Request {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** requestFor is the request naming an object. */
export function requestFor(obj: KubeObject): Request {
  return obj.metadata.namespace ? { namespace: obj.metadata.namespace, name: obj.metadata.name! } : { name: obj.metadata.name! };
}

/** controllerOf returns an object's controller ownerReference, if any. */
export function controllerOf(obj: KubeObject): { kind: string; name: string; uid: string } | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller);
}
