/**
 * serving-cert: the kube-apiserver's serving certificate on the control plane kubectl talks
 * to, as kubeadm issued it — for a year from `kubeadm init` (the node's registration) or the
 * last `kubeadm certs renew`. The API server reloads it from disk when it changes, so a
 * renewal takes effect at once. Once it has expired, kubectl's TLS handshake fails before any
 * request, as Go's crypto/x509 words it.
 * kubemu: the client certificate in the kubeconfig is taken to be renewed with admin.conf.
 */
import type { ApiClient } from '../apiserver/client';
import type { ServicesState } from './services';
import { SERVICES_KEY } from './services-key';
import { CONTROL_PLANE_LABEL } from '../api/well-known-labels';

/** LEAF_VALIDITY_MS is how long kubeadm issues the leaf certificates for (the CAs: ten times that). */
export const LEAF_VALIDITY_MS = 365 * 86_400_000;

/** servingCertNotAfter is when the first control plane's serving certificate expires; undefined without one. */
export function servingCertNotAfter(api: Pick<ApiClient, 'list' | 'nodeLocalState'>): number | undefined {
  const node = api.list({ kind: 'Node', labelSelector: CONTROL_PLANE_LABEL }).sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))[0];
  if (!node) return undefined;
  const services = api.nodeLocalState<ServicesState>(node.metadata.name!, SERVICES_KEY);
  const renewed = services?.uid === node.metadata.uid ? services?.certsRenewedMs : undefined;
  return (renewed ?? Date.parse(node.metadata.creationTimestamp ?? '')) + LEAF_VALIDITY_MS;
}

/**
 * mayHaveExpired says a serving certificate issued no earlier than the cluster's creation can
 * have expired by nowMs; while it cannot, no node need be read (every kubectl verb asks).
 * A state file without the creation instant (an older kubemu) is always checked.
 */
export function mayHaveExpired(nowMs: number, createdMs: number | undefined): boolean {
  return createdMs === undefined || !Number.isFinite(createdMs) || nowMs > createdMs + LEAF_VALIDITY_MS;
}

/** rfc3339 is Go's time.RFC3339 of a UTC instant. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** certificateExpired is kubectl's error when the server's certificate expired before nowMs; undefined while it is valid. */
export function certificateExpired(nowMs: number, notAfterMs: number | undefined): string | undefined {
  if (notAfterMs === undefined || !(nowMs > notAfterMs)) return undefined;
  return `Unable to connect to the server: tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time ${rfc3339(nowMs)} is after ${rfc3339(notAfterMs)}`;
}
