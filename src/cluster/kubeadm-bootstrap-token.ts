/**
 * kubeadm-bootstrap-token: what `kubeadm init`'s bootstrap-token phase leaves in a cluster
 * (cmd/kubeadm/app/phases/bootstraptoken at v1.32): the default token (24 h, signing and
 * authentication, the default-node-token group) as its Secret, the RBAC that lets a node join
 * with it, and the cluster-info ConfigMap in kube-public, the control plane's address and CA
 * that `kubeadm join` discovers with the token (the bootstrap signer signs it).
 */
import type { ManifestObject } from '../api/meta';
import { DEFAULT_NODE_TOKEN_GROUP, DEFAULT_TOKEN_TTL_MS, bootstrapTokenSecret, expirationAfter, generateBootstrapToken, parseToken } from '../api/bootstrap-token';
import type { Rand } from '../sim/rand';
import { nodeBootstrapRbacObjects } from './rbac-bootstrap';

/** clusterInfoKubeconfig is clientcmd.Write of a Config holding only admin.conf's cluster, named "". */
function clusterInfoKubeconfig(server: string, caPem: string): string {
  return [
    'apiVersion: v1', 'clusters:', '- cluster:', `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`, `    server: ${server}`,
    '  name: ""', 'contexts: null', 'current-context: ""', 'kind: Config', 'preferences: {}', 'users: null', '',
  ].join('\n');
}

/** kubeadmBootstrapTokenObjects lists the phase's objects in kubeadm's order: the token, the RBAC, cluster-info. */
export function kubeadmBootstrapTokenObjects(rand: Rand, nowMs: number, endpoint: string, caPem: string): ManifestObject[] {
  const { id, secret } = parseToken(generateBootstrapToken((n) => rand.int(n)))!;
  const expires = expirationAfter(nowMs, DEFAULT_TOKEN_TTL_MS);
  return [
    bootstrapTokenSecret({ id, secret, expires, usages: ['signing', 'authentication'], groups: [DEFAULT_NODE_TOKEN_GROUP] }),
    ...nodeBootstrapRbacObjects(),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cluster-info', namespace: 'kube-public' }, data: { kubeconfig: clusterInfoKubeconfig(`https://${endpoint}`, caPem) } },
  ];
}
