/**
 * with-audit: the CLI's view of a cluster with auditing on — its API wrapped by the auditing
 * wrapper (apiserver/audit). A cluster without an audit policy costs one stat; the audit code
 * loads only for one that has.
 */
import * as fs from 'node:fs';
import { auditConfigPath } from './home';
import type { Cluster } from './cluster';

/** withAudit returns the cluster as the CLI sees it: audited for user if the cluster has an audit policy. */
export function withAudit(cluster: Cluster, stateFile: string, user: { name: string; groups: readonly string[] }): Cluster {
  const file = auditConfigPath(stateFile);
  if (!fs.existsSync(file)) return cluster;
  const { loadAudit } = require('./audit-config') as typeof import('./audit-config');
  const { auditingApi } = require('../apiserver/audit/auditing-api') as typeof import('../apiserver/audit/auditing-api');
  const cfg = loadAudit(file);
  let seed = 0;
  try { seed = fs.statSync(cfg.logPath).size; } catch { /* a new log */ }
  const api = auditingApi(cluster.api, {
    policy: cfg.policy, user, seed,
    nowMs: () => cluster.clock.nowMs(),
    write: (line) => fs.appendFileSync(cfg.logPath, line, { mode: 0o600 }),
  });
  return { ...cluster, api };
}
