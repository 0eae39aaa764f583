/**
 * debug-profiles: `kubectl debug --profile`, the changes each profile makes to the debugging
 * pod for each way of debugging (an ephemeral container, a copy of the pod, a node's pod).
 * Mirrors kubernetes/kubectl pkg/cmd/debug/profiles.go.
 */
import type { KubeObject } from '../../api/meta';
import { CliError } from '../errors';

/** PROFILES are the profile names, in the order the --profile help lists them. */
export const PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'] as const;
export type Profile = typeof PROFILES[number];

/** LEGACY_DEPRECATED is what kubectl v1.32 prints on stderr for the default (legacy) profile. */
export const LEGACY_DEPRECATED = '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".';

/** DebugStyle is how the pod is debugged: its profile acts differently on each. */
export type DebugStyle = 'ephemeral' | 'podCopy' | 'node';

/** KeepFlags are the --keep-* flags: what a copy keeps of the original pod. */
export interface KeepFlags { labels: boolean; annotations: boolean; liveness: boolean; readiness: boolean; startup: boolean; initContainers: boolean }

/** checkProfile refuses an unknown --profile as NewProfileApplier does. */
export function checkProfile(name: string): Profile {
  if (!(PROFILES as readonly string[]).includes(name)) throw new CliError(`unknown profile: ${name}`);
  return name as Profile;
}

type Spec = Record<string, any>;

/** containerOf finds the debug container in any of the pod's lists. */
function containerOf(pod: KubeObject, name: string): Spec | undefined {
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const c = (pod.spec?.[list] ?? []).find((x: Spec) => x.name === name);
    if (c) return c;
  }
  return undefined;
}

const securityOf = (c: Spec): Spec => (c.securityContext ??= {});
const addCapability = (c: Spec, cap: string): void => { ((securityOf(c).capabilities ??= {}).add ??= []).push(cap); };

/** applyProfile changes pod (the debugging pod) for the container named, as the profile does for that style. */
export function applyProfile(profile: Profile, pod: KubeObject, containerName: string, style: DebugStyle, keep: KeepFlags): void {
  const c = containerOf(pod, containerName);
  const removeLabels = () => { if (!keep.labels) delete pod.metadata.labels; };
  const trimCopy = () => {
    removeLabels();
    if (!keep.annotations) delete pod.metadata.annotations;
    for (const x of pod.spec.containers ?? []) {
      if (!keep.liveness) delete x.livenessProbe;
      if (!keep.readiness) delete x.readinessProbe;
      if (!keep.startup) delete x.startupProbe;
    }
    if (!keep.initContainers) delete pod.spec.initContainers;
  };
  const shareProcesses = () => { pod.spec.shareProcessNamespace ??= true; };
  const hostNamespaces = () => { pod.spec.hostNetwork = true; pod.spec.hostPID = true; pod.spec.hostIPC = true; };
  // The node's root at /host, on the debug container only.
  const mountRoot = () => {
    pod.spec.volumes = [...(pod.spec.volumes ?? []), { name: 'host-root', hostPath: { path: '/' } }];
    if (c) c.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: '/host', name: 'host-root' }];
  };
  const clearSecurity = () => { if (c) delete c.securityContext; };
  if (!c) return;
  switch (profile) {
    case 'legacy':
      if (style === 'node') { mountRoot(); hostNamespaces(); }
      // A copy loses the original's labels, so its controllers and Services leave it alone.
      if (style === 'podCopy') delete pod.metadata.labels;
      return;
    case 'general':
      if (style === 'node') { mountRoot(); clearSecurity(); hostNamespaces(); }
      if (style === 'podCopy') { trimCopy(); addCapability(c, 'SYS_PTRACE'); shareProcesses(); }
      if (style === 'ephemeral') addCapability(c, 'SYS_PTRACE');
      return;
    case 'baseline':
    case 'restricted':
      clearSecurity();
      if (profile === 'restricted') {
        const sc = securityOf(c);
        sc.runAsNonRoot = true;
        sc.capabilities = { drop: ['ALL'] };
        sc.allowPrivilegeEscalation = false;
        sc.seccompProfile = { type: 'RuntimeDefault' };
      }
      if (style === 'podCopy') { trimCopy(); shareProcesses(); }
      return;
    case 'netadmin':
      addCapability(c, 'NET_ADMIN');
      addCapability(c, 'NET_RAW');
      if (style === 'node') hostNamespaces();
      if (style === 'podCopy') { trimCopy(); shareProcesses(); }
      return;
    case 'sysadmin':
      securityOf(c).privileged = true;
      if (style === 'node') { hostNamespaces(); mountRoot(); }
      if (style === 'podCopy') { trimCopy(); shareProcesses(); }
      return;
  }
}
