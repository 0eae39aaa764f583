/**
 * reconciled-state: what a controller remembers of the state its last reconcile of each key
 * acted on, so that a later change that leaves that state as it was is not reconciled again
 * (a pod's status moving on does not concern a loop that reads only its owner or its node).
 * Upstream's informer event handlers filter updates the same way, comparing old and new
 * objects (the garbage collector's referencesDiffs). The memory is this process's and holds
 * for one history epoch: a rolled-back write may have undone what the reconcile did.
 */
import type { ApiClient } from '../apiserver/client';

/** ReconciledState maps a key to the state (a string the controller derives) last reconciled. */
export class ReconciledState {
  private readonly byKey = new Map<string, string>();
  private epoch: number | undefined;

  private current(api: ApiClient): Map<string, string> {
    const epoch = api.historyEpoch();
    if (epoch !== this.epoch) { this.byKey.clear(); this.epoch = epoch; }
    return this.byKey;
  }

  /** unchanged says key was last reconciled in this state (so a change carrying it needs no reconcile). */
  unchanged(api: ApiClient, key: string, state: string): boolean {
    return this.current(api).get(key) === state;
  }

  /** reconciled records the state a reconcile of key acted on. */
  reconciled(api: ApiClient, key: string, state: string): void {
    this.current(api).set(key, state);
  }

  /** forget drops key (a reconcile that did not finish, or one with nothing to remember). */
  forget(api: ApiClient, key: string): void {
    this.current(api).delete(key);
  }
}
