/**
 * restricted-checks: the restricted level's own checks (pod-security-admission v1.32,
 * policy/check_*.go), in upstream's registration order; at the restricted level they run
 * after every baseline check but the two they replace (capabilities, seccomp).
 */
import { since, type PodCheck } from './check-result';
import { allContainers, containersPhrase, joinQuote, sortedSet } from './check-result';
import { validSeccompType } from './baseline-checks';

/** linuxOnly: since policy v1.25 these checks skip Windows pods (the fields mean nothing there). */
const linuxOnly = (check: PodCheck): PodCheck => (meta, spec, minor) => (minor >= 25 && spec.os?.name === 'windows' ? undefined : check(meta, spec, minor));

const allowPrivilegeEscalation: PodCheck = linuxOnly((_meta, spec) => {
  const names = allContainers(spec).filter((c) => c.securityContext?.allowPrivilegeEscalation !== false).map((c) => c.name);
  return names.length
    ? { reason: 'allowPrivilegeEscalation != false', detail: `${containersPhrase(names)} must set securityContext.allowPrivilegeEscalation=false` }
    : undefined;
});

const capabilitiesRestricted: PodCheck = linuxOnly((_meta, spec) => {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const forbidden = new Set<string>();
  for (const c of allContainers(spec)) {
    const caps = c.securityContext?.capabilities;
    if (!caps) { missingDropAll.push(c.name); continue; }
    if (!(caps.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const bad = (caps.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (bad.length) { adding.push(c.name); bad.forEach((cap) => forbidden.add(cap)); }
  }
  const details: string[] = [];
  if (missingDropAll.length) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (adding.length) details.push(`${containersPhrase(adding)} must not include ${joinQuote(sortedSet(forbidden))} in securityContext.capabilities.add`);
  return details.length ? { reason: 'unrestricted capabilities', detail: details.join('; ') } : undefined;
});

const ALLOWED_VOLUME_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];

const restrictedVolumes: PodCheck = (_meta, spec) => {
  const names = sortedSet((spec.volumes ?? [])
    .filter((v) => !ALLOWED_VOLUME_SOURCES.some((k) => (v as unknown as Record<string, unknown>)[k] != null))
    .map((v) => v.name));
  // Go's %q of a []string: ["a" "b"].
  return names.length ? { reason: 'restricted volume types', detail: `volumes [${names.map((n) => JSON.stringify(n)).join(' ')}] have restricted types` } : undefined;
};

/** podOrContainers is the shared shape of runAsNonRoot and seccompProfile: pod-level value, container overrides. */
function explicitlyBad(spec: Parameters<PodCheck>[1], bad: (sc: Record<string, unknown> | undefined) => boolean | undefined): { pod: boolean; containers: string[] } {
  return {
    pod: bad(spec.securityContext as Record<string, unknown> | undefined) === true,
    containers: allContainers(spec).filter((c) => bad(c.securityContext as Record<string, unknown> | undefined) === true).map((c) => c.name),
  };
}

const runAsNonRoot: PodCheck = (_meta, spec) => {
  const podNonRoot = spec.securityContext?.runAsNonRoot === true;
  const explicit = explicitlyBad(spec, (sc) => sc?.runAsNonRoot === false);
  const setters = [...(explicit.pod ? ['pod'] : []), ...(explicit.containers.length ? [containersPhrase(explicit.containers)] : [])];
  if (setters.length) return { reason: 'runAsNonRoot != true', detail: `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false` };
  const implicit = allContainers(spec).filter((c) => c.securityContext?.runAsNonRoot == null && !podNonRoot).map((c) => c.name);
  return implicit.length
    ? { reason: 'runAsNonRoot != true', detail: `pod or ${containersPhrase(implicit)} must set securityContext.runAsNonRoot=true` }
    : undefined;
};

const runAsUser: PodCheck = (_meta, spec) => {
  const explicit = explicitlyBad(spec, (sc) => sc?.runAsUser === 0);
  const setters = [...(explicit.pod ? ['pod'] : []), ...(explicit.containers.length ? [containersPhrase(explicit.containers)] : [])];
  return setters.length ? { reason: 'runAsUser=0', detail: `${setters.join(' and ')} must not set runAsUser=0` } : undefined;
};

const seccompProfileRestricted: PodCheck = linuxOnly((_meta, spec) => {
  const setters: string[] = [];
  const values = new Set<string>();
  let podSet = false;
  const pod = spec.securityContext?.seccompProfile;
  if (pod) {
    if (!validSeccompType(pod.type)) { setters.push('pod'); values.add(pod.type ?? ''); } else podSet = true;
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  for (const c of allContainers(spec)) {
    const p = c.securityContext?.seccompProfile;
    if (p) {
      if (!validSeccompType(p.type)) { explicit.push(c.name); values.add(p.type ?? ''); }
    } else if (!podSet) implicit.push(c.name);
  }
  if (explicit.length) setters.push(containersPhrase(explicit));
  if (setters.length) {
    return { reason: 'seccompProfile', detail: `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}` };
  }
  return implicit.length
    ? { reason: 'seccompProfile', detail: `pod or ${containersPhrase(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"` }
    : undefined;
});

/** RESTRICTED_CHECKS, each from the policy version upstream added it in (allowPrivilegeEscalation v1.8, capabilities v1.22, runAsUser v1.23, seccomp fields v1.19). */
export const RESTRICTED_CHECKS: readonly PodCheck[] = [
  since(8, allowPrivilegeEscalation), since(22, capabilitiesRestricted), restrictedVolumes, runAsNonRoot, since(23, runAsUser), since(19, seccompProfileRestricted),
];
