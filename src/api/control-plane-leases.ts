/**
 * control-plane-leases: the Leases kube-system holds for the control plane.
 *  - kube-scheduler and kube-controller-manager elect a leader through a Lease named after
 *    themselves: client-go's leaderelection with kubeadm's defaults (a 15 s lease, tried and
 *    renewed every 2 s, held by "<hostname>_<uuid>").
 *  - Each kube-apiserver publishes its identity in `apiserver-<hash of its hostname>`: 3600 s,
 *    renewed every 10 s, held by "<lease name>_<uuid>" (k8s.io/apiserver's config.go and
 *    pkg/controlplane's identity lease controller, v1.32).
 * As with node leases (api/node-heartbeats), a running holder's renewals are a pure function
 * of time: the API server computes them when the Lease is read.
 * kubemu: a holder's uuid is drawn from the cluster (kube-system's uid) and the lease's name,
 * so it outlives a restart of the component, where a real process would draw a new one.
 */
import type { KubeObject, ManifestObject } from './meta';
import { base32 } from './go-base32';
import { fnv32a } from './fnv32a';
import { microISO } from './node-heartbeats';
import { HOSTNAME_LABEL } from './well-known-labels';

export const LEADER_ELECTION_NAMESPACE = 'kube-system';
/** LEADER_LEASE_NAMES are the leader-election Leases of kubeadm's control plane, in name order. */
export const LEADER_LEASE_NAMES: readonly string[] = ['kube-controller-manager', 'kube-scheduler'];
/** LEADER_LEASE_DURATION_SECONDS is --leader-elect-lease-duration's default. */
export const LEADER_LEASE_DURATION_SECONDS = 15;
/** LEADER_RETRY_PERIOD_MS is --leader-elect-retry-period's default: a leader renews that often. */
export const LEADER_RETRY_PERIOD_MS = 2_000;
/** IDENTITY_LEASE_DURATION_SECONDS and IDENTITY_LEASE_RENEW_MS are pkg/controlplane's identity lease timings. */
const IDENTITY_LEASE_DURATION_SECONDS = 3600;
export const IDENTITY_LEASE_RENEW_MS = 10_000;
/** IDENTITY_LABEL marks an API server's identity Lease; its value is the server's kind. */
const IDENTITY_LABEL = 'apiserver.kubernetes.io/identity';
export const KUBE_APISERVER = 'kube-apiserver';
const IDENTITY_PREFIX = 'apiserver-';

/**
 * apiServerID is kube-apiserver's identity: "apiserver-" and the lower-cased, unpadded base32
 * of the first 16 bytes of sha256 over its hostname and "kube-apiserver", each prefixed by its
 * length as two big-endian bytes (cryptobyte's AddUint16LengthPrefixed).
 */
export function apiServerID(hostname: string): string {
  const prefixed = (s: string): Buffer => {
    const bytes = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
  };
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const hash = createHash('sha256').update(Buffer.concat([prefixed(hostname), prefixed(KUBE_APISERVER)])).digest();
  return IDENTITY_PREFIX + base32(hash.subarray(0, 16)).toLowerCase();
}

/**
 * holderUUID is the uuid a lease's holder adds to its identity, a version-4 form of four
 * FNV-32a hashes of the cluster's uid and the lease's name.
 */
export function holderUUID(clusterUID: string, leaseName: string): string {
  const hex = [0, 1, 2, 3].map((k) => fnv32a(`${k}/${clusterUID}/${leaseName}`).toString(16).padStart(8, '0')).join('');
  const variant = '89ab'[parseInt(hex[16]!, 16) & 3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** leaderIdentity is a leader-election holder's identity: its host's name and its uuid. */
export const leaderIdentity = (clusterUID: string, leaseName: string, host: string): string => `${host}_${holderUUID(clusterUID, leaseName)}`;

/** apiServerIdentity is an API server's holder identity: its lease's name and its uuid. */
export const apiServerIdentity = (clusterUID: string, leaseName: string): string => `${leaseName}_${holderUUID(clusterUID, leaseName)}`;

/** isIdentityLease reports whether a Lease is a kube-apiserver's identity Lease. */
export function isIdentityLease(lease: KubeObject): boolean {
  return lease.metadata.namespace === LEADER_ELECTION_NAMESPACE && lease.metadata.name!.startsWith(IDENTITY_PREFIX);
}

/** isLeaderLease reports whether a Lease is one of the control plane's leader-election Leases. */
export function isLeaderLease(lease: KubeObject): boolean {
  return lease.metadata.namespace === LEADER_ELECTION_NAMESPACE && LEADER_LEASE_NAMES.includes(lease.metadata.name!);
}

/** hostOfIdentityLease is the host whose API server holds an identity Lease (its hostname label). */
export const hostOfIdentityLease = (lease: KubeObject): string | undefined => lease.metadata.labels?.[HOSTNAME_LABEL];

/** leaderLease is the Lease a component writes when it acquires leadership at nowMs (client-go's LeaseLock.Create). */
export function leaderLease(name: string, holder: string, nowMs: number, transitions = 0): ManifestObject {
  return {
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
    metadata: { name, namespace: LEADER_ELECTION_NAMESPACE },
    spec: {
      holderIdentity: holder, leaseDurationSeconds: LEADER_LEASE_DURATION_SECONDS,
      acquireTime: microISO(nowMs), renewTime: microISO(nowMs), leaseTransitions: transitions,
    },
  };
}

/** identityLease is an API server's identity Lease as its lease controller creates it at nowMs, with labelAPIServerHeartbeatFunc's labels. */
export function identityLease(host: string, holder: string, nowMs: number): ManifestObject {
  return {
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
    metadata: { name: holder.slice(0, holder.indexOf('_')), namespace: LEADER_ELECTION_NAMESPACE, labels: identityLabels(host) },
    spec: { holderIdentity: holder, leaseDurationSeconds: IDENTITY_LEASE_DURATION_SECONDS, renewTime: microISO(nowMs) },
  };
}

/** identityLabels are the labels an API server's lease controller puts back on every renewal. */
export const identityLabels = (host: string): Record<string, string> => ({ [IDENTITY_LABEL]: KUBE_APISERVER, [HOSTNAME_LABEL]: host });

/** expiresAt is when a Lease lapses unless renewed: its renewTime plus its duration (0 when it has neither). */
export function expiresAt(lease: KubeObject): number {
  const renewed = Date.parse(lease.spec?.renewTime ?? lease.spec?.acquireTime ?? '');
  return renewed ? renewed + (lease.spec?.leaseDurationSeconds ?? 0) * 1000 : 0;
}
