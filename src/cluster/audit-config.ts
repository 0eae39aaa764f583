/**
 * audit-config: kube-apiserver's --audit-policy-file and --audit-log-path for an emulated
 * cluster. The policy is checked and kept, with the log's path, in the cluster's folder
 * (audit.json, owner-only); withAudit puts the auditing wrapper around the CLI's API when a
 * cluster has one — one stat per command otherwise.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { readManifests } from '../yaml';
import { parsePolicy, type Policy } from '../apiserver/audit/audit-policy';
import { PRIVATE_FILE, auditConfigPath } from './home';

/** AUDIT_LOG_FILE is the log's default name, in the cluster's folder. */
export const AUDIT_LOG_FILE = 'audit.log';

/** AuditConfig is what audit.json holds. */
export interface AuditConfig { policy: Policy; logPath: string }

/** readAuditPolicy checks a Policy file's text. */
export function readAuditPolicy(text: string, file: string): Policy {
  try {
    const doc = readManifests(text, file)[0]?.object;
    if (!doc) throw new Error('the file is empty');
    return parsePolicy(doc);
  } catch (e) {
    throw new Error(`invalid audit policy "${file}": ${(e as Error).message}`);
  }
}

/** installAudit keeps a checked policy and the log's path (default: audit.log beside the state) for the cluster at stateFile. */
export function installAudit(stateFile: string, policy: Policy, logPath?: string): AuditConfig {
  const cfg: AuditConfig = { policy, logPath: logPath ?? nodePath.join(nodePath.dirname(stateFile), AUDIT_LOG_FILE) };
  const dest = auditConfigPath(stateFile);
  const tmp = `${dest}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(cfg, null, 2)}\n`, { mode: PRIVATE_FILE });
  fs.renameSync(tmp, dest);
  return cfg;
}

/** loadAudit reads a cluster's audit.json. */
export function loadAudit(file: string): AuditConfig {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AuditConfig;
}
