/**
 * standard-files: the files every container of a pod sees besides its image and volumes —
 * the kubelet-managed /etc/hosts, the runtime's /etc/resolv.conf and /etc/hostname, the
 * service-account token volume, /proc/1/cmdline, its cgroup's files (cgroup-files.ts), and a
 * web server image's own pages (web-pages.ts).
 * Mirrors pkg/kubelet/kubelet_pods.go (managedHostsFileContent) and
 * pkg/kubelet/network/dns/dns.go (GetPodDNS) of Kubernetes v1.32.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { ROOT_CA_PEM } from '../api/root-ca';
import { CLUSTER_DNS_IP, CLUSTER_DOMAIN } from '../network/dns';
import { SERVICE_ACCOUNT_MOUNT_PATH } from '../api/service-account-mount';
import { pidNamespaceArgvs, procFiles } from './pid-namespace';
import { dataDir, putKey } from './atomic-writer';
import { cgroupFiles } from './cgroup-files';
import { imageDocumentFiles, webServerOf } from './web-pages';

/** webServerPages are the pages an nginx or httpd image ships in its document root (the one part of an image's own files kubemu keeps). */
function webServerPages(c: KubeObject['spec']): Record<string, string> {
  const server = webServerOf(c.image ?? '');
  return server ? imageDocumentFiles(server, c) : {};
}

/** HOSTS_HEADER is the first line of every kubelet-managed /etc/hosts. */
export const HOSTS_HEADER = '# Kubernetes-managed hosts file.';
/** HOST_ALIASES_HEADER introduces the pod's spec.hostAliases entries. */
export const HOST_ALIASES_HEADER = '# Entries added by HostAliases.';
/** NODE_NAMESERVER is what a node's own /etc/resolv.conf names (dnsPolicy Default, host network). */
export const NODE_NAMESERVER = '172.18.0.1';
/** CLUSTER_NDOTS is the kubelet's ndots for cluster DNS. */
const CLUSTER_NDOTS = 'ndots:5';

/** hostsFile is the kubelet's /etc/hosts for a pod. */
export function hostsFile(pod: KubeObject): string {
  const hostname: string = pod.spec?.hostname ?? pod.metadata.name ?? '';
  const ns = pod.metadata.namespace ?? 'default';
  const ips: string[] = (pod.status?.podIPs ?? []).map((p: { ip: string }) => p.ip);
  if (!ips.length && pod.status?.podIP) ips.push(pod.status.podIP);
  let out = `${HOSTS_HEADER}\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n`
    + 'fe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';
  const subdomain: string | undefined = pod.spec?.subdomain;
  for (const ip of ips) {
    out += subdomain ? `${ip}\t${hostname}.${subdomain}.${ns}.svc.${CLUSTER_DOMAIN}\t${hostname}\n` : `${ip}\t${hostname}\n`;
  }
  const aliases: { ip: string; hostnames?: string[] }[] = pod.spec?.hostAliases ?? [];
  if (aliases.length) {
    out += `\n${HOST_ALIASES_HEADER}\n`;
    for (const a of aliases) out += `${a.ip}\t${(a.hostnames ?? []).join('\t')}\n`;
  }
  return out;
}

/** resolvConf is the pod's /etc/resolv.conf under its dnsPolicy and dnsConfig. */
export function resolvConf(pod: KubeObject): string {
  const ns = pod.metadata.namespace ?? 'default';
  const policy: string = pod.spec?.dnsPolicy ?? 'ClusterFirst';
  const hostNet = pod.spec?.hostNetwork === true;
  let nameservers: string[] = [];
  let searches: string[] = [];
  let options: string[] = [];
  if (policy === 'ClusterFirstWithHostNet' || (policy === 'ClusterFirst' && !hostNet)) {
    nameservers = [CLUSTER_DNS_IP];
    searches = [`${ns}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN];
    options = [CLUSTER_NDOTS];
  } else if (policy !== 'None') {
    // Default (and ClusterFirst on the host network): the node's own resolver.
    nameservers = [NODE_NAMESERVER];
  }
  const cfg = pod.spec?.dnsConfig ?? {};
  for (const n of cfg.nameservers ?? []) if (!nameservers.includes(n)) nameservers.push(n);
  for (const s of cfg.searches ?? []) if (!searches.includes(s)) searches.push(s);
  for (const o of (cfg.options ?? []) as { name: string; value?: string }[]) {
    const text = o.value !== undefined ? `${o.name}:${o.value}` : o.name;
    const at = options.findIndex((x) => x.split(':')[0] === o.name);
    if (at >= 0) options[at] = text; else options.push(text);
  }
  let out = '';
  if (searches.length) out += `search ${searches.join(' ')}\n`;
  for (const n of nameservers) out += `nameserver ${n}\n`;
  if (options.length) out += `options ${options.join(' ')}\n`;
  return out;
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * PROJECTED_TOKEN_SECONDS is the lifetime the kubelet asks for a projected token (3607 s, the
 * admission plugin's default for the kube-api-access volume).
 */
export const PROJECTED_TOKEN_SECONDS = 3607;

/** projectedRootCA is the ca.crt of the service-account volume: the projection of the namespace's kube-root-ca.crt ConfigMap. */
export function projectedRootCA(api: Pick<ApiClient, 'tryGet'>, pod: KubeObject): string | undefined {
  return api.tryGet({ kind: 'ConfigMap', namespace: pod.metadata.namespace ?? 'default', name: 'kube-root-ca.crt' })?.data?.['ca.crt'];
}

/** projectedToken asks the API server for the pod's bound token, as the kubelet's token manager does; undefined when it cannot have one. */
export function projectedToken(api: Pick<ApiClient, 'createToken'>, pod: KubeObject): string | undefined {
  try {
    return api.createToken(pod.metadata.namespace ?? 'default', pod.spec?.serviceAccountName ?? 'default', {
      expirationSeconds: PROJECTED_TOKEN_SECONDS,
      boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: pod.metadata.name!, uid: pod.metadata.uid },
    }).token;
  } catch {
    return undefined;
  }
}

/** serviceAccountToken is a bound token's shape (a JWT with the pod's claims), unsigned: what a container sees when no token could be had. */
export function serviceAccountToken(pod: KubeObject): string {
  const ns = pod.metadata.namespace ?? 'default';
  const sa: string = pod.spec?.serviceAccountName ?? 'default';
  const iat = Math.floor(Date.parse(pod.status?.startTime ?? pod.metadata.creationTimestamp ?? '2026-01-01T00:00:00Z') / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'kubemu' }));
  const claims = base64url(JSON.stringify({
    aud: [`https://kubernetes.default.svc.${CLUSTER_DOMAIN}`], exp: iat + 3607, iat,
    iss: `https://kubernetes.default.svc.${CLUSTER_DOMAIN}`,
    'kubernetes.io': { namespace: ns, node: { name: pod.spec?.nodeName ?? '' }, pod: { name: pod.metadata.name, uid: pod.metadata.uid }, serviceaccount: { name: sa } },
    nbf: iat, sub: `system:serviceaccount:${ns}:${sa}`,
  }));
  return `${header}.${claims}.${base64url(`kubemu:${pod.metadata.uid ?? ''}`)}`;
}

/**
 * standardFiles are the files the kubelet and runtime give container c of the pod, running argv;
 * token is the projected service-account token when the caller asked the API server for one;
 * argvOf gives the command line of another container whose processes c sees (pid-namespace.ts).
 */
export function standardFiles(pod: KubeObject, c: KubeObject['spec'], argv: string[], token?: string, caPem?: string, argvOf?: (spec: KubeObject['spec']) => string[]): Record<string, string> {
  const files: Record<string, string> = {
    '/etc/hosts': hostsFile(pod),
    '/etc/resolv.conf': resolvConf(pod),
    '/etc/hostname': `${pod.spec?.hostname ?? pod.metadata.name ?? ''}\n`,
    ...procFiles(argvOf ? pidNamespaceArgvs(pod, c, argv, argvOf) : [argv]),
    ...cgroupFiles(c),
    ...webServerPages(c),
  };
  const sa = (c.volumeMounts ?? []).find((m: { mountPath?: string }) => m.mountPath === SERVICE_ACCOUNT_MOUNT_PATH);
  if (sa) {
    const dir = dataDir(pod, sa.name);
    putKey(files, SERVICE_ACCOUNT_MOUNT_PATH, dir, 'token', token ?? serviceAccountToken(pod));
    putKey(files, SERVICE_ACCOUNT_MOUNT_PATH, dir, 'ca.crt', caPem ?? ROOT_CA_PEM);
    putKey(files, SERVICE_ACCOUNT_MOUNT_PATH, dir, 'namespace', pod.metadata.namespace ?? 'default');
  }
  return files;
}
