/**
 * policy-labels: a namespace's Pod Security policy, read from its
 * `pod-security.kubernetes.io/{enforce,audit,warn}[-version]` labels as
 * pod-security-admission's api.PolicyToEvaluate reads them (v1.32). A missing label is the
 * default (privileged:latest, unless the admission configuration sets other defaults); a level
 * or version it cannot parse falls back to the strictest reading (restricted / latest), as
 * upstream does, and is reported so a namespace write can be refused.
 */

export type PodSecurityLevel = 'privileged' | 'baseline' | 'restricted';
export type PodSecurityMode = 'enforce' | 'audit' | 'warn';

/** LevelVersion is a level at a policy version: "latest" or "v1.N". */
export interface LevelVersion {
  readonly level: PodSecurityLevel;
  readonly version: string;
}

export interface PodSecurityPolicy {
  readonly enforce: LevelVersion;
  readonly audit: LevelVersion;
  readonly warn: LevelVersion;
}

export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
export const MODES: readonly PodSecurityMode[] = ['enforce', 'audit', 'warn'];
const LEVELS: readonly PodSecurityLevel[] = ['privileged', 'baseline', 'restricted'];
const VERSION = /^v1\.(0|[1-9][0-9]*)$/;

/** levelVersionString is how upstream names a policy in its messages: `restricted:latest`. */
export const levelVersionString = (lv: LevelVersion): string => `${lv.level}:${lv.version}`;

/** levelRank orders levels from the most permissive (0) to the strictest (2). */
export const levelRank = (l: PodSecurityLevel): number => LEVELS.indexOf(l);

/** LabelError is a label policyOf could not parse: its value and upstream's detail. */
export interface LabelError { readonly label: string; readonly value: string; readonly detail: string }

/**
 * policyOf reads a namespace's labels as PolicyToEvaluate does; errors lists each label it
 * could not parse. A bad enforce level fails closed (restricted), a bad audit or warn level
 * fails open (privileged), a bad version reads as latest; warn follows a valid, stricter
 * enforce level when it has no label of its own.
 */
export function policyOf(labels: Readonly<Record<string, string>> | undefined, defaults?: Readonly<Record<string, string>>): { policy: PodSecurityPolicy; errors: LabelError[] } {
  const errors: LabelError[] = [];
  const read = (mode: PodSecurityMode): LevelVersion & { levelSet: boolean; versionSet: boolean } => {
    const rawLevel = labels?.[LABEL_PREFIX + mode];
    // The admission configuration's defaults (checked when read) stand in for missing labels.
    const rawVersion = labels?.[`${LABEL_PREFIX}${mode}-version`] ?? defaults?.[`${LABEL_PREFIX}${mode}-version`];
    let level: PodSecurityLevel = (defaults?.[LABEL_PREFIX + mode] as PodSecurityLevel | undefined) ?? 'privileged';
    let levelSet = false;
    if (rawLevel !== undefined) {
      if ((LEVELS as readonly string[]).includes(rawLevel)) { level = rawLevel as PodSecurityLevel; levelSet = true; }
      else { level = mode === 'enforce' ? 'restricted' : 'privileged'; errors.push({ label: LABEL_PREFIX + mode, value: rawLevel, detail: 'must be one of privileged, baseline, restricted' }); }
    }
    let version = 'latest';
    if (rawVersion !== undefined && rawVersion !== 'latest') {
      if (VERSION.test(rawVersion)) version = rawVersion;
      else errors.push({ label: `${LABEL_PREFIX}${mode}-version`, value: rawVersion, detail: 'must be "latest" or "v1.x"' });
    }
    return { level, version, levelSet, versionSet: rawVersion !== undefined };
  };
  const enforce = read('enforce');
  const audit = read('audit');
  let warn: LevelVersion = read('warn');
  const warnHasLabel = labels?.[`${LABEL_PREFIX}warn`] !== undefined;
  if (!warnHasLabel && enforce.levelSet && levelRank(enforce.level) > levelRank(warn.level)) {
    warn = { level: enforce.level, version: labels?.[`${LABEL_PREFIX}warn-version`] !== undefined ? warn.version : enforce.version };
  }
  const lv = (x: LevelVersion): LevelVersion => ({ level: x.level, version: x.version });
  return { policy: { enforce: lv(enforce), audit: lv(audit), warn: lv(warn) }, errors };
}

/** isUnrestricted says a policy checks nothing in any mode (most namespaces): the cheap exit. */
export const isUnrestricted = (p: PodSecurityPolicy): boolean =>
  p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
