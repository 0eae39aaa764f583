/**
 * context: what a describer may read besides the object itself. Describers are pure,
 * synchronous functions of (object, context); the CLI builds the context from the store.
 */
import type { EventLike, KubeObject, ListQuery } from '../../api/meta';

/**
 * DescribeContext is the read-only view a describer gets. `now` is the cluster clock (ages
 * are computed against it); `events` are the core/v1 Events whose involvedObject is the
 * described object, unsorted (for a Node, include events whose involvedObject.uid is the
 * node's UID *and* those whose uid is the node's name, as kubectl merges both); `list` and
 * `get` read related objects (a Node's pods, a Deployment's ReplicaSets, a Service's
 * Endpoints …). `showEvents: false` mirrors `--show-events=false`.
 */
export interface DescribeContext {
  now: Date;
  /** core/v1 Events whose involvedObject is the described object (uid match), unsorted */
  events: EventLike[];
  /** lists other objects (e.g. a Node's non-terminated pods, a Deployment's ReplicaSets, a Service's Endpoints, a ReplicaSet's pods) */
  list(query: ListQuery): KubeObject[];
  /** gets one object or undefined */
  get(kind: string, name: string, namespace?: string): KubeObject | undefined;
  /** showEvents defaults to true; false omits the Events section like --show-events=false. */
  showEvents?: boolean;
}

/**
 * Describer renders one object kind as kubectl describe text (ending in a newline). Each
 * describer takes its own kind's type and the table dispatches by kind, so the parameter is
 * declared in method form (checked bivariantly) rather than as a plain function type.
 */
export type Describer = { describe(obj: KubeObject, ctx: DescribeContext): string }['describe'];

/** wantEvents reports whether the Events section should be printed. */
export function wantEvents(ctx: DescribeContext): boolean {
  return ctx.showEvents !== false;
}
