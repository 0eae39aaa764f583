/**
 * connection-flags: kubectl's global flags that override how it reaches the API server —
 * --request-timeout, --server, --certificate-authority, --insecure-skip-tls-verify and
 * --tls-server-name — checked as client-go checks them when a command builds its client (a
 * timeout it cannot parse, a CA file it cannot read or beside --insecure-skip-tls-verify) and
 * when it connects: nothing listens at another --server than the cluster's, a CA that did not
 * sign the serving certificate, or a server name the certificate is not for, fail the TLS
 * handshake as Go's crypto/x509 words it. (--client-certificate and --client-key are the
 * kubeconfig user's overrides: kubeconfig/request-context.ts.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isIP } from 'node:net';
import { DurationError, parseDurationNanos } from '../api/duration';
import { CliError } from './errors';
import { connectionRefused } from '../node-host/apiserver-down';
import { apiServerEndpoint } from '../cluster/node-factory';
import { KUBERNETES_SERVICE_IP } from '../kubelet/container-config';

/** ConnectionFlags are the flags' values as parsed. */
export interface ConnectionFlags {
  'request-timeout'?: string;
  server?: string;
  'certificate-authority'?: string;
  'insecure-skip-tls-verify'?: boolean;
  'tls-server-name'?: string;
}

/** ServerIdentity is what a connection meets: the cluster's kubeconfig name and address, its CA, and its serving certificate's names. */
export interface ServerIdentity {
  clusterName: string;
  server: string;
  caPem: string;
  /** altNames are the serving certificate's DNS names and IP addresses, as kubeadm issues them. */
  altNames: () => { dns: readonly string[]; ips: readonly string[] };
}

/** INVALID_TIMEOUT is clientcmd's refusal of a --request-timeout it cannot parse. */
export const INVALID_TIMEOUT = 'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)';

/** checkRequestTimeout is clientcmd's ParseTimeout: whole seconds, or a Go duration. */
export function checkRequestTimeout(value: string | undefined): void {
  if (!value || /^\d+$/.test(value)) return;
  try {
    parseDurationNanos(value);
  } catch (e) {
    if (e instanceof DurationError) throw new CliError(INVALID_TIMEOUT);
    throw e;
  }
}

/** hostPort is a server URL's host:port, as Go's dialer names it (https without a port is 443). */
function hostPort(server: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`;
  try {
    const u = new URL(withScheme);
    return `${u.hostname}:${u.port || (u.protocol === 'http:' ? '80' : '443')}`;
  } catch {
    return server;
  }
}

/** pemBlocks are a PEM text's blocks, whitespace aside. */
const pemBlocks = (text: string): string[] => (text.match(/-----BEGIN [^-]+-----[\s\S]*?-----END [^-]+-----/g) ?? []).map((b) => b.replace(/\s+/g, ''));

/**
 * connectionFailure is kubectl's failure for the flags before any request is answered, or
 * undefined when the connection would work. An "error: " one is thrown (clientcmd's); one the
 * connection itself meets is returned, printed as it is.
 */
export function connectionFailure(f: ConnectionFlags, target: ServerIdentity, cwd: string): string | undefined {
  checkRequestTimeout(f['request-timeout']);
  const insecure = !!f['insecure-skip-tls-verify'];
  const caFile = f['certificate-authority'];
  let caPem: string | undefined;
  if (caFile) {
    try {
      caPem = fs.readFileSync(path.resolve(cwd, caFile), 'utf8');
    } catch {
      throw new CliError(`unable to read certificate-authority ${caFile} for ${target.clusterName} due to open ${caFile}: no such file or directory`);
    }
    if (insecure) throw new CliError('specifying a root certificates file with the insecure flag is not allowed');
  }
  if (f.server && hostPort(f.server) !== hostPort(target.server)) return connectionRefused(hostPort(f.server));
  if (insecure) return undefined;
  const tls = 'Unable to connect to the server: tls: failed to verify certificate: x509:';
  if (caPem !== undefined) {
    const ca = pemBlocks(target.caPem)[0];
    if (!ca || !pemBlocks(caPem).includes(ca)) return `${tls} certificate signed by unknown authority`;
  }
  const name = f['tls-server-name'];
  if (!name) return undefined;
  // crypto/x509's HostnameError: an IP address is checked against the IP SANs, a name against the DNS ones.
  const { dns, ips } = target.altNames();
  const valid = isIP(name) ? ips : dns;
  return valid.includes(name.toLowerCase()) ? undefined : `${tls} certificate is valid for ${valid.join(', ')}, not ${name}`;
}

/**
 * kubeadmServerIdentity is a kubemu cluster as kubectl meets it: at the control plane's address,
 * its serving certificate issued by kubeadm for the node's name, kubernetes.default… and the
 * Service and node addresses.
 */
export function kubeadmServerIdentity(clusterName: string, caPem: string, controlPlane: () => string | undefined): ServerIdentity {
  const [ip] = apiServerEndpoint().split(':');
  return {
    clusterName, server: `https://${apiServerEndpoint()}`, caPem,
    altNames: () => ({
      dns: [controlPlane() ?? 'control-plane', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local'],
      ips: [KUBERNETES_SERVICE_IP, ip!],
    }),
  };
}
