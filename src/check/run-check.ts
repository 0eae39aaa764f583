/**
 * run-check: one check from bundle to report — build the throwaway cluster, admit the
 * bundle in dependency order, simulate to the phase asked for, then judge every object
 * phase by phase (a phase after a failed one is skipped: its failure says nothing new).
 */
import { kindPrefix, parseApiVersion } from '../api/registry';
import { admitAll, type Admission, type Admitted } from './admit';
import type { BundleDoc, BundleError, CheckReport, Finding, ObjectVerdict, Phase, PhaseResult } from './model';
import type { Profile } from './profiles';
import { RULES } from './rules';
import { simulate, type AwaitedKey } from './simulate';
import { newThrowawayCluster } from './throwaway-cluster';
import { awaited, judge, phasesFor } from './verdict';

/** CheckOptions are the command's choices. */
export interface CheckOptions { profile: Profile; seed: number; until: Phase; simTimeoutMs: number }

/** Bundle is what was read: the objects, the files named (in order) and the read failures. */
export interface Bundle { files: string[]; docs: BundleDoc[]; errors: BundleError[] }

/** runCheck checks a bundle and returns the report; it writes nothing outside memory. */
export function runCheck(bundle: Bundle, admission: Admission, opts: CheckOptions): CheckReport {
  const cluster = newThrowawayCluster(opts.profile, opts.seed);
  try {
    const admitted = admitAll(cluster, bundle.docs, admission, opts.until !== 'admitted');
    const keys = admitted.filter((a) => a.stored && awaited(a.object.kind, opts.until)).map(keyOf);
    const simulatedMs = opts.until === 'admitted' ? 0 : simulate(cluster, keys, opts.until, opts.simTimeoutMs);
    const objects = cluster.store.transaction(() => admitted.map((a): ObjectVerdict => {
      const findings: Finding[] = [...a.findings];
      const phases: PhaseResult[] = [];
      let failedAt: Phase | undefined;
      const live = a.stored ? cluster.api.tryGet(keyOf(a)) : undefined;
      for (const phase of phasesFor(a.object.kind, opts.until)) {
        if (failedAt) { phases.push({ phase, result: 'skipped' }); continue; }
        const found = phase === 'admitted' ? [] : live ? judge(cluster, live, phase) : [];
        findings.push(...found);
        const failed = (phase === 'admitted' && !a.stored) || found.some((f) => f.level === 'error');
        if (failed) failedAt = phase;
        phases.push({ phase, result: failed ? 'fail' : 'pass' });
      }
      return describeObject(a, phases, findings);
    }));
    const fileErrors = bundle.errors.map((e) => ({ ...e, rule: RULES.unreadable.id, level: RULES.unreadable.level }));
    return { profile: opts.profile.name, seed: opts.seed, until: opts.until, simulatedMs, files: bundle.files, objects, fileErrors };
  } finally {
    cluster.close();
  }
}

function keyOf(a: Admitted): AwaitedKey {
  return { kind: a.info!.storageKind, namespace: a.info!.namespaced ? a.object.metadata.namespace : undefined, name: a.object.metadata.name! };
}

/** describeObject names the object as kubectl would (`deployment.apps/web -n shop`), even when it could not be mapped. */
function describeObject(a: Admitted, phases: PhaseResult[], findings: Finding[]): ObjectVerdict {
  const raw = a.doc.object as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
  const apiVersion = typeof raw.apiVersion === 'string' ? raw.apiVersion : '';
  const kind = typeof raw.kind === 'string' ? raw.kind : '';
  const name = typeof raw.metadata?.name === 'string' ? raw.metadata.name : '';
  const namespace = a.info ? (a.info.namespaced ? a.object.metadata.namespace : undefined)
    : typeof raw.metadata?.namespace === 'string' ? raw.metadata.namespace : undefined;
  const prefix = a.info ? kindPrefix(a.info) : kindPrefix({ kind: kind || 'unknown', group: safeGroup(apiVersion) });
  const display = `${prefix}/${name}${namespace ? ` -n ${namespace}` : ''}`;
  return { file: a.doc.file, line: a.doc.line, apiVersion, kind, ...(namespace ? { namespace } : {}), name, display, phases, findings };
}

function safeGroup(apiVersion: string): string {
  try { return parseApiVersion(apiVersion).group; } catch { return ''; }
}
