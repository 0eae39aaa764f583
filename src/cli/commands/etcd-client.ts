/**
 * etcd-client: what etcdctl does before it talks to etcd — reading its TLS files and
 * reaching an endpoint — with etcd v3.5.16's texts, and the emulated etcd's members. A
 * kubeadm control-plane node has etcd's certificates under /etc/kubernetes/pki; kubemu's
 * nodes have no disk of their own, so those paths are the ones that exist, and any other
 * path is looked up on this machine.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fnv32a } from '../../api/fnv32a';
import type { Cluster } from '../../cluster/cluster';
import { SilentExit } from '../errors';
import type { CommandContext } from '../command';
import { isControlPlaneNode } from '../../api/well-known-labels';

/** ETCD_VERSION is the etcd kubeadm v1.32 runs (its static pod's image). */
export const ETCD_VERSION = '3.5.16';

/** EXIT is cobrautl's exit codes. */
export const EXIT = { error: 1, badConnection: 2, interrupted: 5, badArgs: 128 } as const;

/** KUBEADM_PKI are the etcd-related files kubeadm writes on a control-plane node. */
const KUBEADM_PKI = new Set(['ca.crt', 'ca.key', 'server.crt', 'server.key', 'peer.crt', 'peer.key', 'healthcheck-client.crt', 'healthcheck-client.key']
  .map((f) => `/etc/kubernetes/pki/etcd/${f}`).concat(['/etc/kubernetes/pki/apiserver-etcd-client.crt', '/etc/kubernetes/pki/apiserver-etcd-client.key']));

/** TlsOptions are etcdctl's TLS flags. */
export interface TlsOptions { cacert?: string; cert?: string; key?: string; endpoints?: string }

/** fail prints etcdctl's `Error: …` line and ends the command with code. */
export function fail(ctx: CommandContext, code: number, message: string): never {
  ctx.io.err(`Error: ${message}\n`);
  throw new SilentExit(code);
}

function fileExists(ctx: CommandContext, file: string): boolean {
  return KUBEADM_PKI.has(path.posix.normalize(file)) || fs.existsSync(path.resolve(ctx.cwd, file));
}

/**
 * checkTlsFiles is etcdctl's client TLS set-up (transport.TLSInfo.ClientConfig): a
 * certificate needs its key and the other way round, then each file must be readable.
 */
export function checkTlsFiles(ctx: CommandContext, o: TlsOptions): void {
  if (o.cert || o.key) {
    if (!o.cert || !o.key) fail(ctx, EXIT.badArgs, `KeyFile and CertFile must both be present[key: ${o.key ?? ''}, cert: ${o.cert ?? ''}]`);
    for (const f of [o.cert, o.key]) if (!fileExists(ctx, f)) fail(ctx, EXIT.badArgs, `open ${f}: no such file or directory`);
  }
  if (o.cacert && !fileExists(ctx, o.cacert)) fail(ctx, EXIT.badArgs, `open ${o.cacert}: no such file or directory`);
}

/** EtcdMember is one etcd of the cluster: one per control-plane node, as kubeadm runs them. */
export interface EtcdMember { id: string; name: string; ip: string }

/** members lists the cluster's etcd members (its control-plane nodes), by name. */
export function members(cluster: Cluster, clusterName: string): EtcdMember[] {
  const nodes = cluster.read(() => cluster.api.list({ kind: 'Node' }));
  return nodes.filter(isControlPlaneNode).map((n) => {
    const name = n.metadata.name!;
    const ip = n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '127.0.0.1';
    // A member ID is a hash of the member and its cluster (etcd's is of its peer URLs and cluster token).
    const id = ((BigInt(fnv32a(`${clusterName}/${name}`)) << 32n) | BigInt(fnv32a(`${name}@${ip}:2380`))).toString(16);
    return { id, name, ip };
  });
}

/** endpointsOf splits --endpoints as etcdctl does. */
export function endpointsOf(o: TlsOptions): string[] {
  return (o.endpoints ?? '127.0.0.1:2379').split(',').map((e) => e.trim()).filter(Boolean);
}

/**
 * connect is the client reaching etcd: every endpoint must be a member's client URL (or the
 * loopback address etcd also listens on), and kubeadm's etcd insists on a client certificate
 * (--client-cert-auth), so without --cert and --key the client gets no answer before its
 * deadline — what etcdctl then prints.
 */
export function connect(ctx: CommandContext, o: TlsOptions, ms: readonly EtcdMember[], code: number): void {
  checkTlsFiles(ctx, o);
  const hosts = new Set(['127.0.0.1', 'localhost', ...ms.map((m) => m.ip)]);
  for (const ep of endpointsOf(o)) {
    const m = /^(?:(https?|unix|unixs):\/\/)?([^:/]+):(\d+)$/.exec(ep);
    if (!m || !hosts.has(m[2]!) || m[3] !== '2379' || m[1] === 'http') fail(ctx, code, 'context deadline exceeded');
  }
  if (!o.cert || !o.key || !o.cacert) fail(ctx, code, 'context deadline exceeded');
}
