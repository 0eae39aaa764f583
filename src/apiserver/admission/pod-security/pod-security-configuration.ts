/**
 * pod-security-configuration: the PodSecurity plugin's configuration
 * (pod-security.admission.config.k8s.io/v1 PodSecurityConfiguration), as kube-apiserver reads
 * it from its --admission-control-config-file (an apiserver.config.k8s.io/v1
 * AdmissionConfiguration): the defaults for namespaces without labels, and the exemptions —
 * usernames, runtimeClasses and namespaces that are never checked.
 */
import { LABEL_PREFIX, MODES, type PodSecurityLevel } from './policy-labels';

/** PodSecurityDefaults are the level and version of each mode where a namespace has no label. */
export type PodSecurityDefaults = Readonly<Record<string, string>>;

/** PodSecurityConfiguration is the checked configuration. */
export interface PodSecurityConfiguration {
  /** defaults in label form (`enforce`, `enforce-version`, …), read as a namespace's labels are. */
  readonly defaults: PodSecurityDefaults;
  readonly exemptions: { readonly usernames: readonly string[]; readonly runtimeClasses: readonly string[]; readonly namespaces: readonly string[] };
}

const LEVELS: readonly PodSecurityLevel[] = ['privileged', 'baseline', 'restricted'];
const VERSION = /^(latest|v1\.(0|[1-9][0-9]*))$/;

/** parsePodSecurityConfiguration checks a decoded PodSecurityConfiguration; throws with the field's path. */
export function parsePodSecurityConfiguration(doc: Record<string, unknown>): PodSecurityConfiguration {
  if (doc.kind !== 'PodSecurityConfiguration' || !/^pod-security\.admission\.config\.k8s\.io\/v1(beta1|alpha1)?$/.test(String(doc.apiVersion))) {
    throw new Error(`no kind "${String(doc.kind)}" is registered for version "${String(doc.apiVersion)}": want pod-security.admission.config.k8s.io/v1, Kind=PodSecurityConfiguration`);
  }
  const rawDefaults = (doc.defaults ?? {}) as Record<string, unknown>;
  const defaults: Record<string, string> = {};
  for (const mode of MODES) {
    const level = rawDefaults[mode];
    if (level !== undefined) {
      if (!LEVELS.includes(level as PodSecurityLevel)) throw new Error(`defaults.${mode}: Unsupported value: "${String(level)}": supported values: "${LEVELS.join('", "')}"`);
      defaults[LABEL_PREFIX + mode] = level as string;
    }
    const version = rawDefaults[`${mode}-version`];
    if (version !== undefined) {
      if (!VERSION.test(String(version))) throw new Error(`defaults.${mode}-version: Invalid value: "${String(version)}": must be "latest" or "v1.x"`);
      defaults[`${LABEL_PREFIX}${mode}-version`] = String(version);
    }
  }
  const ex = (doc.exemptions ?? {}) as Record<string, unknown>;
  const list = (key: string): string[] => {
    const v = ex[key] ?? [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !x)) throw new Error(`exemptions.${key}: Invalid value: must be a list of non-empty names`);
    return v as string[];
  };
  return { defaults, exemptions: { usernames: list('usernames'), runtimeClasses: list('runtimeClasses'), namespaces: list('namespaces') } };
}
