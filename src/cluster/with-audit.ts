/**
 * with-audit: a cluster with auditing on — the CLI's API, and the API each component
 * reconciles with, wrapped by the auditing wrapper (apiserver/audit), each as its own user.
 * A cluster without an audit policy costs one stat; the audit code loads only for one that has.
 */
import * as fs from 'node:fs';
import { auditConfigPath } from './home';
import type { Cluster } from './cluster';
import type { KubeObject } from '../api/meta';
import type { ApiServer } from '../apiserver/apiserver';
import { isControlPlaneNode } from '../api/well-known-labels';

/** withAudit returns the cluster as the CLI sees it: audited for user if the cluster has an audit policy. */
export function withAudit(cluster: Cluster, stateFile: string, user: { name: string; groups: readonly string[] }): Cluster {
  const file = auditConfigPath(stateFile);
  if (!fs.existsSync(file)) return cluster;
  const { loadAudit } = require('./audit-config') as typeof import('./audit-config');
  const { auditingApi, auditIds, componentAuditingApi } = require('../apiserver/audit/auditing-api') as typeof import('../apiserver/audit/auditing-api');
  const { componentIdentity } = require('../apiserver/audit/component-identities') as typeof import('../apiserver/audit/component-identities');
  const cfg = loadAudit(file);
  let seed = 0;
  try { seed = fs.statSync(cfg.logPath).size; } catch { /* a new log */ }
  const ctx = {
    policy: cfg.policy, ids: auditIds(seed),
    nowMs: () => cluster.clock.nowMs(),
    write: (line: string) => fs.appendFileSync(cfg.logPath, line, { mode: 0o600 }),
  };
  const raw = cluster.api;
  const nodes = nodeAddresses(raw);
  cluster.sim.wrapComponentApi((component, api) => {
    const id = componentIdentity(component);
    return id ? componentAuditingApi(api as ApiServer, ctx, id, nodes) : api;
  });
  return { ...cluster, api: auditingApi(raw, { ...ctx, user }) };
}

/** nodeAddresses reads the nodes' InternalIPs when first needed (the components' source IPs). */
function nodeAddresses(api: ApiServer): { controlPlane(): string; of(node: string): string } {
  const ipOf = (n: KubeObject | undefined) => ((n as { status?: { addresses?: { type: string; address: string }[] } } | undefined)?.status?.addresses ?? []).find((a) => a.type === 'InternalIP')?.address ?? '';
  let controlPlane: string | undefined;
  const cache = new Map<string, string>();
  return {
    controlPlane: () => (controlPlane ??= ipOf(api.list({ kind: 'Node' }).find(isControlPlaneNode))),
    of: (node) => {
      let ip = cache.get(node);
      if (ip === undefined) cache.set(node, (ip = ipOf(api.tryGet({ kind: 'Node', name: node }))));
      return ip;
    },
  };
}
