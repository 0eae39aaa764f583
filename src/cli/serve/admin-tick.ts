/**
 * admin-tick: serve's admin endpoint that moves a cluster's clock, `POST /kubemu/v1/tick`
 * with the duration as `?duration=30s` or a body `{"duration":"30s"}`. On a manual-clock
 * cluster the clock moves only by a tick, so a client that waits for the cluster (kubectl
 * attach, drain, rollout status, wait) needs one, and this endpoint gives it through the API
 * without a shell on the machine: `kubectl create --raw '/kubemu/v1/tick?duration=30s' -f
 * /dev/null`. It runs what `kubemu tick` runs and answers, as text, the line it prints.
 * A non-resource URL, authorized by RBAC's nonResourceURLs with verb "post" (cluster-admin
 * may; others need a rule for the path).
 */
import { ApiError, badRequest } from '../../apiserver/errors';
import type { UserInfo } from '../../apiserver/authorization/user-info';
import type { Cluster } from '../../cluster/cluster';
import { CliError } from '../errors';
import { eventsSince, tickDuration, tickSummary } from '../commands/tick';
import { requireNonResourceAccess } from '../../apiserver/authorization/non-resource-access';

/** ADMIN_TICK_PATH is the endpoint's path. */
export const ADMIN_TICK_PATH = '/kubemu/v1/tick';

/** TickReply is the endpoint's answer: tick's summary line as text. */
export interface TickReply { code: number; body: string; contentType: string; warnings: string[] }

/** durationOf reads the duration from the query, else from a JSON body. */
function durationOf(query: URLSearchParams, body: string): string {
  const q = query.get('duration');
  if (q) return q;
  if (!body.trim()) throw badRequest('a duration is required: ?duration=30s or {"duration":"30s"}');
  let parsed: unknown;
  try { parsed = JSON.parse(body); } catch (e) { throw badRequest(`error decoding request body: ${(e as Error).message}`); }
  const d = (parsed as { duration?: unknown } | null)?.duration;
  if (typeof d !== 'string' || !d) throw badRequest('a duration is required: ?duration=30s or {"duration":"30s"}');
  return d;
}

/** adminTick authorizes and runs one tick, answering its summary. */
export function adminTick(cluster: Cluster, user: UserInfo, method: string, query: URLSearchParams, body: string): TickReply {
  cluster.read(() => requireNonResourceAccess(cluster.api, user, method.toLowerCase(), ADMIN_TICK_PATH));
  if (method !== 'POST') throw new ApiError('MethodNotAllowed', 405, 'the server does not allow this method on the requested resource');
  let ms: number;
  try {
    ms = tickDuration(durationOf(query, body));
  } catch (e) {
    if (e instanceof CliError) throw badRequest(e.message);
    throw e;
  }
  cluster.catchUp();
  const { before, from } = cluster.read(() => ({ before: cluster.api.revision(), from: cluster.clock.nowMs() }));
  cluster.sim.holdHistory(before, () => cluster.advance(ms));
  const summary = cluster.read(() => tickSummary(from, cluster.clock.nowMs(), eventsSince(cluster, before)));
  return { code: 200, body: summary, contentType: 'text/plain; charset=utf-8', warnings: [] };
}
