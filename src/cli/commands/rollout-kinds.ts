/**
 * rollout-kinds: which kinds kubectl's rollout helpers know, and the errors for the others.
 * kubectl picks a history viewer or rollbacker by visiting the object's group/kind
 * (kubectl pkg/apps kind_visitor.go): a kind the visitor knows without a helper gets "no …
 * has been implemented", a kind it does not know at all gets "error retrieving …".
 * Mirrors kubectl pkg/polymorphichelpers (history.go HistoryViewerFor, rollback.go RollbackerFor).
 */
import type { ResourceInfo } from '../../api/registry';

type GroupKind = Pick<ResourceInfo, 'group' | 'kind'>;

// The group/kind pairs kind_visitor.go's Accept dispatches on.
const VISITED: Record<string, readonly string[]> = {
  DaemonSet: ['apps', 'extensions'], Deployment: ['apps', 'extensions'], ReplicaSet: ['apps', 'extensions'],
  StatefulSet: ['apps'], Job: ['batch'], CronJob: ['batch'], Pod: ['', 'core'], ReplicationController: ['', 'core'],
};

/** groupKindString is schema.GroupKind's String(): "Pod", "ReplicaSet.apps". */
export function groupKindString(gk: GroupKind): string {
  return gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
}

function visited(gk: GroupKind): boolean {
  return !!VISITED[gk.kind]?.includes(gk.group);
}

// Go prints the visitor's GroupKindElement (a struct without a String method) as "{group kind}".
const noVisitor = (gk: GroupKind): string => `no visitor method exists for {${gk.group} ${gk.kind}}`;

/** ERR_NO_HISTORY_VIEWER etc. are the texts for kinds rollout history/undo do not support. */
export const ERR_NO_HISTORY_VIEWER = (gk: GroupKind): string => `no history viewer has been implemented for "${groupKindString(gk)}"`;
export const ERR_RETRIEVING_HISTORY = (gk: GroupKind): string => `error retrieving history for "${groupKindString(gk)}", ${noVisitor(gk)}`;
export const ERR_NO_ROLLBACKER = (gk: GroupKind): string => `no rollbacker has been implemented for "${groupKindString(gk)}"`;
export const ERR_RETRIEVING_ROLLBACKER = (gk: GroupKind): string => `error retrieving rollbacker for "${groupKindString(gk)}", ${noVisitor(gk)}`;

/** HISTORY_KINDS are the apps kinds with a history viewer and a rollbacker. */
const HISTORY_KINDS = ['Deployment', 'DaemonSet', 'StatefulSet'];

/** historyKindError is why kubectl has no history viewer (or, with rollback, no rollbacker) for gk; undefined if it has one. */
export function historyKindError(gk: GroupKind, rollback: boolean): string | undefined {
  if (!visited(gk)) return rollback ? ERR_RETRIEVING_ROLLBACKER(gk) : ERR_RETRIEVING_HISTORY(gk);
  if (HISTORY_KINDS.includes(gk.kind)) return undefined;
  return rollback ? ERR_NO_ROLLBACKER(gk) : ERR_NO_HISTORY_VIEWER(gk);
}
