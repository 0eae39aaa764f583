/**
 * admit: applying a bundle to the throwaway cluster in dependency order, through the same
 * client-side checks and API writes `kubectl apply -f` makes, so an object is refused with
 * the very text apply prints. A namespace an object names but the bundle does not create is
 * created first (the real cluster must have it already), and noted.
 */
import type { KubeObject } from '../api/meta';
import type { ResourceInfo } from '../api/registry';
import type { Cluster } from '../cluster/cluster';
import type { GateResult } from './api-version-gate';
import { inApplyOrder } from './apply-order';
import type { BundleDoc, Finding } from './model';
import { RULES, isPodSecurity } from './rules';

/** Admission is how one document is written as `kubectl apply` writes it; the CLI provides it. */
export interface Admission {
  /**
   * prepare runs kubectl's client-side steps for one document (objects without a namespace
   * go to `default`), write the API's; both throw, and errorText words a failure as apply
   * prints it.
   */
  prepare(cluster: Cluster, doc: BundleDoc): { info: ResourceInfo; object: KubeObject };
  /** write stores the object; warn receives the API server's warnings (Warning headers). */
  write(cluster: Cluster, info: ResourceInfo, object: KubeObject, doc: BundleDoc, warn: (text: string) => void): KubeObject;
  /** fieldWarnings are unknown-field findings the write will not refuse (--lenient); none when strict. */
  fieldWarnings?(info: ResourceInfo, object: KubeObject): string[];
  errorText(e: unknown, doc: BundleDoc): string;
}

/** Admitted is one document after admission: its resource and key when the API stored it. */
export interface Admitted {
  doc: BundleDoc;
  info?: ResourceInfo;
  /** object is what was applied (namespace settled), or the document as read when refused. */
  object: KubeObject;
  stored: boolean;
  findings: Finding[];
}

/** namespaceCreatedMessage is KM003's note for a namespace the check had to create. */
export const namespaceCreatedMessage = (ns: string): string =>
  `namespace "${ns}" is not in the bundle; created it for the check (the cluster must already have it)`;

/**
 * admitAll applies every document in apply order in one write; results are in input order.
 * settle false leaves the controllers unrun (`--until admitted` judges the API's answers only).
 */
export function admitAll(cluster: Cluster, docs: readonly BundleDoc[], admission: Admission, settle = true, gate?: (doc: BundleDoc) => GateResult): Admitted[] {
  const results = new Map<BundleDoc, Admitted>();
  const bundleNamespaces = new Set(docs.filter((d) => d.object.kind === 'Namespace' && d.object.apiVersion === 'v1')
    .map((d) => (d.object.metadata as { name?: unknown } | undefined)?.name).filter((n): n is string => typeof n === 'string'));
  const write = <T>(fn: () => T): T => (settle ? cluster.write(fn) : cluster.store.transaction(fn));
  write(() => {
    results.clear();
    for (const doc of inApplyOrder(docs, (d) => d.object.kind)) {
      const findings: Finding[] = [];
      // The target version's view of the apiVersion comes first: kubectl's discovery answers before any request.
      const gated = gate?.(doc) ?? { object: doc.object };
      if ('refused' in gated) {
        findings.push({ rule: RULES.removedApi.id, level: RULES.removedApi.level, phase: 'admitted', message: `error: ${gated.refused}` });
        results.set(doc, { doc, object: doc.object as unknown as KubeObject, stored: false, findings });
        continue;
      }
      if (gated.warning) findings.push({ rule: RULES.deprecatedApi.id, level: RULES.deprecatedApi.level, phase: 'admitted', message: `Warning: ${gated.warning}` });
      let prepared: { info: ResourceInfo; object: KubeObject };
      try {
        prepared = admission.prepare(cluster, gated.object === doc.object ? doc : { ...doc, object: gated.object });
      } catch (e) {
        findings.push({ rule: RULES.rejected.id, level: RULES.rejected.level, phase: 'admitted', message: admission.errorText(e, doc) });
        results.set(doc, { doc, object: doc.object as unknown as KubeObject, stored: false, findings });
        continue;
      }
      const { info, object } = prepared;
      const ns = info.namespaced ? object.metadata.namespace : undefined;
      if (ns && !bundleNamespaces.has(ns) && !cluster.api.tryGet({ kind: 'Namespace', name: ns })) {
        cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, { fieldManager: 'kubemu-check' });
        findings.push({ rule: RULES.namespaceCreated.id, level: RULES.namespaceCreated.level, phase: 'admitted', message: namespaceCreatedMessage(ns) });
      }
      for (const w of admission.fieldWarnings?.(info, object) ?? []) {
        findings.push({ rule: RULES.unknownField.id, level: RULES.unknownField.level, phase: 'admitted', message: `Warning: ${w}` });
      }
      const warnings: string[] = [];
      try {
        const stored = admission.write(cluster, info, object, doc, (w) => warnings.push(w));
        for (const w of warnings) if (isPodSecurity(w)) findings.push({ rule: RULES.podSecurity.id, level: 'warning', phase: 'admitted', message: `Warning: ${w}` });
        results.set(doc, { doc, info, object: stored, stored: true, findings });
      } catch (e) {
        const message = admission.errorText(e, doc);
        const rule = isPodSecurity(message) ? RULES.podSecurity : RULES.rejected;
        findings.push({ rule: rule.id, level: rule.level, phase: 'admitted', message });
        results.set(doc, { doc, info, object, stored: false, findings });
      }
    }
  });
  return docs.map((d) => results.get(d)!);
}
