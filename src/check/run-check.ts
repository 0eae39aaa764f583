/**
 * run-check: one check from bundle to report — build the throwaway cluster, admit the
 * bundle in dependency order (through the target version's API view), simulate to the phase
 * asked for, then judge every object phase by phase (a phase after a failed one is skipped:
 * its failure says nothing new). --ignore drops a rule's findings; --strict makes warnings
 * errors; both act before phases are decided, so the verdict and exit code follow them.
 */
import { kindPrefix, parseApiVersion } from '../api/registry';
import type { Cluster } from '../cluster/cluster';
import { admitAll, type Admission, type Admitted } from './admit';
import { gate } from './api-version-gate';
import { bundleImages } from './bundle-images';
import { DEFAULT_K8S_MINOR } from './deprecations';
import type { BundleDoc, BundleError, CheckReport, Finding, ObjectVerdict, Phase, PhaseResult } from './model';
import { markImagesPresent } from './profile-setup';
import type { Profile } from './profiles';
import { RULES } from './rules';
import { simulate, type AwaitedKey } from './simulate';
import { newThrowawayCluster } from './throwaway-cluster';
import { awaited, judge, phasesFor } from './verdict';

/** CheckOptions are the command's choices; the optional ones default to a plain check against v1.32. */
export interface CheckOptions {
  profile: Profile;
  seed: number;
  until: Phase;
  simTimeoutMs: number;
  /** k8sMinor is the target version's minor (32 = v1.32). */
  k8sMinor?: number;
  /** strict makes every warning an error. */
  strict?: boolean;
  /** ignore holds rule ids (or their KMnnn prefixes) whose findings are dropped. */
  ignore?: ReadonlySet<string>;
  /** images exist in the registry; imagesAllowAny: every image the bundle names does. */
  images?: readonly string[];
  imagesAllowAny?: boolean;
  /** onStep is called after each simulated step (a progress line). */
  onStep?: (cluster: Cluster) => void;
}

/** Bundle is what was read: the objects, the files named (in order) and the read failures. */
export interface Bundle { files: string[]; docs: BundleDoc[]; errors: BundleError[] }

/** ruleIgnored: `--ignore KM020` and `--ignore KM020-image-pull` both name KM020-image-pull. */
export function ruleIgnored(ignore: ReadonlySet<string> | undefined, rule: string): boolean {
  return !!ignore && (ignore.has(rule) || ignore.has(rule.split('-')[0]!));
}

/** runCheck checks a bundle and returns the report; it writes nothing outside memory. */
export function runCheck(bundle: Bundle, admission: Admission, opts: CheckOptions): CheckReport {
  const cluster = newThrowawayCluster(opts.profile, opts.seed);
  const adjust = (fs: Finding[]): Finding[] => fs.filter((f) => !ruleIgnored(opts.ignore, f.rule))
    .map((f) => (opts.strict && f.level === 'warning' ? { ...f, level: 'error' } : f));
  try {
    const images = [...(opts.images ?? []), ...(opts.imagesAllowAny ? bundleImages(bundle.docs) : [])];
    if (images.length) cluster.store.transaction(() => markImagesPresent(cluster, images));
    const minor = opts.k8sMinor ?? DEFAULT_K8S_MINOR;
    const admitted = admitAll(cluster, bundle.docs, admission, opts.until !== 'admitted', (d) => gate(d.object, d.file, minor));
    const keys = admitted.filter((a) => a.stored && awaited(a.object.kind, opts.until)).map(keyOf);
    const step = opts.onStep ? () => opts.onStep!(cluster) : undefined;
    const simulatedMs = opts.until === 'admitted' ? 0 : simulate(cluster, keys, opts.until, opts.simTimeoutMs, step);
    const objects = cluster.store.transaction(() => admitted.map((a): ObjectVerdict => {
      const findings: Finding[] = adjust(a.findings);
      const phases: PhaseResult[] = [];
      let failedAt: Phase | undefined;
      const live = a.stored ? cluster.api.tryGet(keyOf(a)) : undefined;
      for (const phase of phasesFor(a.object.kind, opts.until)) {
        if (failedAt) { phases.push({ phase, result: 'skipped' }); continue; }
        const found = phase === 'admitted' ? findings : live ? adjust(judge(cluster, live, phase)) : [];
        if (phase !== 'admitted') findings.push(...found);
        // A refused object fails admission even when its finding is ignored: nothing was stored to go further.
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
