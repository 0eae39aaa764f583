/**
 * images: the emulated registry — which images exist (known public repositories with
 * their tag schemes, in known-repositories.ts; an unknown Docker Hub library name does not;
 * private registries and user namespaces are assumed pullable), how big they are (pull
 * time), what they run by default, which ports they serve and how much memory they need.
 * A pull of a missing name or tag fails the way containerd fails.
 */

import { tagPublished } from './image-tags';
import { canonicalRepository, knownRepository } from './known-repositories';

/** ImageInfo describes an image as the emulated runtime knows it. */
export interface ImageInfo {
  /** sizeBytes drives the pull time and is what the Pulled event reports. */
  sizeBytes: number;
  /** server: the default command runs until stopped; otherwise it exits at once. */
  server: boolean;
  /** stopsOnSigterm: exits promptly when asked to stop (nginx does; a shell's sleep as PID 1 does not). */
  stopsOnSigterm: boolean;
  /** entrypoint and cmd are the image's ENTRYPOINT and CMD. */
  entrypoint: string[];
  cmd: string[];
  /** ports the default server listens on (TCP). */
  ports: number[];
  /** httpPaths: for HTTP servers, the paths that answer 200 (others 404); undefined: any path answers. */
  httpPaths?: string[];
  /** memoryBytes is the baseline working set of the default process. */
  memoryBytes: number;
  /** idleCpuMilli is the default process's CPU use with no load (absent: 1m for a server, 0 otherwise). */
  idleCpuMilli?: number;
  /** requestCost is what one request per second adds to a server's use (absent: DEFAULT_REQUEST_COST). */
  requestCost?: RequestCost;
  /** shell: the image has /bin/sh (and the usual coreutils); `bash` too when shell === 'bash'. */
  shell: 'sh' | 'bash' | undefined;
  /** binaries the image ships besides the shell utilities (servers, interpreters). */
  binaries: string[];
  /** user is the image's USER ("uid[:gid]" or a name); absent: root, as for most library images. */
  user?: string;
  /** known: the image is in the catalogue (unknown images run whatever they are told). */
  known: boolean;
}

const MB = 1_000_000;
const MI = 1024 * 1024;

/** RequestCost is the use one request per second adds, sustained: CPU in millicores, memory in bytes. */
export interface RequestCost { cpuMilli: number; memoryBytes: number }

/** DEFAULT_REQUEST_COST is a request's cost to a server the catalogue gives none: 1 ms of CPU, 64 KiB held. */
export const DEFAULT_REQUEST_COST: RequestCost = { cpuMilli: 1, memoryBytes: 64 * 1024 };

type CatalogueEntry = Omit<ImageInfo, 'known'>;

const SHELL_IMAGE = { server: false, stopsOnSigterm: false, ports: [], binaries: [] as string[] };

/** CATALOGUE maps a repository (Docker Hub library name, or a full path for other registries) to its facts. */
export const CATALOGUE: Record<string, CatalogueEntry> = {
  nginx: {
    sizeBytes: 72 * MB, server: true, stopsOnSigterm: true, entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'],
    ports: [80], httpPaths: ['/', '/index.html'], memoryBytes: 8 * MI, shell: 'bash', binaries: ['nginx', '/docker-entrypoint.sh', 'curl'],
    requestCost: { cpuMilli: 0.2, memoryBytes: 16 * 1024 },
  },
  // The HPA walkthrough's php-apache server: each request runs a million-step sqrt loop,
  // about 7 ms of CPU; the docs' busybox loop (a request, then sleep 0.01) sends ~90 a second.
  'registry.k8s.io/hpa-example': {
    sizeBytes: 179 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-php-entrypoint'], cmd: ['apache2-foreground'], ports: [80],
    memoryBytes: 10 * MI, idleCpuMilli: 1, requestCost: { cpuMilli: 7, memoryBytes: 256 * 1024 },
    shell: 'bash', binaries: ['apache2-foreground', 'apache2', 'php', 'docker-php-entrypoint'],
  },
  httpd: {
    sizeBytes: 58 * MB, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['httpd-foreground'], ports: [80], httpPaths: ['/', '/index.html'],
    memoryBytes: 12 * MI, shell: 'bash', binaries: ['httpd-foreground', 'httpd', 'apachectl'],
  },
  redis: {
    sizeBytes: 45 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['redis-server'], ports: [6379],
    memoryBytes: 4 * MI, shell: 'bash', binaries: ['redis-server', 'redis-cli', 'docker-entrypoint.sh'],
  },
  postgres: {
    sizeBytes: 158 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['postgres'], ports: [5432],
    memoryBytes: 40 * MI, shell: 'bash', binaries: ['postgres', 'psql', 'pg_isready', 'docker-entrypoint.sh'],
  },
  mysql: {
    sizeBytes: 175 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['mysqld'], ports: [3306, 33060],
    memoryBytes: 360 * MI, shell: 'bash', binaries: ['mysqld', 'mysql', 'mysqladmin', 'docker-entrypoint.sh'],
  },
  mongo: {
    sizeBytes: 290 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['mongod'], ports: [27017],
    memoryBytes: 160 * MI, shell: 'bash', binaries: ['mongod', 'mongosh', 'docker-entrypoint.sh'],
  },
  memcached: {
    sizeBytes: 32 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['memcached'], ports: [11211],
    memoryBytes: 3 * MI, shell: 'bash', binaries: ['memcached', 'docker-entrypoint.sh'],
  },
  busybox: {
    ...SHELL_IMAGE, sizeBytes: 2_155_000, entrypoint: [], cmd: ['sh'], memoryBytes: MI / 2, shell: 'sh', binaries: ['wget', 'nc', 'httpd', 'nslookup'],
  },
  alpine: {
    ...SHELL_IMAGE, sizeBytes: 3_650_000, entrypoint: [], cmd: ['/bin/sh'], memoryBytes: MI / 2, shell: 'sh', binaries: ['wget', 'nc', 'nslookup'],
  },
  // Alpine with GNU bash beside busybox: /bin/sh is ash, `bash` is bash. Its docker-entrypoint.sh
  // runs its arguments (bash first when they start with an option): kubemu runs them directly.
  bash: {
    ...SHELL_IMAGE, sizeBytes: 6_150_000, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'sh', binaries: ['bash', 'wget', 'nc', 'nslookup'],
  },
  ubuntu: {
    ...SHELL_IMAGE, sizeBytes: 29 * MB, entrypoint: [], cmd: ['/bin/bash'], memoryBytes: MI, shell: 'bash', binaries: [],
  },
  debian: {
    ...SHELL_IMAGE, sizeBytes: 49 * MB, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'bash', binaries: [],
  },
  python: {
    ...SHELL_IMAGE, sizeBytes: 380 * MB, entrypoint: [], cmd: ['python3'], memoryBytes: 10 * MI, shell: 'bash', binaries: ['python', 'python3', 'pip'],
  },
  node: {
    ...SHELL_IMAGE, sizeBytes: 390 * MB, entrypoint: ['docker-entrypoint.sh'], cmd: ['node'], memoryBytes: 40 * MI, shell: 'bash', binaries: ['node', 'npm', 'npx', 'docker-entrypoint.sh'],
  },
  golang: {
    ...SHELL_IMAGE, sizeBytes: 290 * MB, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'bash', binaries: ['go'],
  },
  perl: {
    ...SHELL_IMAGE, sizeBytes: 330 * MB, entrypoint: [], cmd: ['perl', '-de0'], memoryBytes: 4 * MI, shell: 'bash', binaries: ['perl'],
  },
  'hello-world': {
    ...SHELL_IMAGE, sizeBytes: 13_256, entrypoint: [], cmd: ['/hello'], memoryBytes: MI / 4, shell: undefined, binaries: ['/hello'],
  },
  // The DNS debugging pod of the Kubernetes docs (dnsutils.yaml): Debian jessie with bind 9.9's dnsutils.
  'registry.k8s.io/e2e-test-images/jessie-dnsutils': {
    ...SHELL_IMAGE, sizeBytes: 112_000_000, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'bash', binaries: ['nslookup', 'dig', 'host', 'getent'],
  },
  'registry.k8s.io/pause': {
    sizeBytes: 320_000, server: true, stopsOnSigterm: true, entrypoint: ['/pause'], cmd: [], ports: [], memoryBytes: MI / 4, shell: undefined, binaries: ['/pause'], user: '65535:65535',
  },
  'registry.k8s.io/coredns/coredns': {
    sizeBytes: 18_562_039, server: true, stopsOnSigterm: true, entrypoint: ['/coredns'], cmd: [], ports: [53, 8080, 8181, 9153], memoryBytes: 14 * MI, shell: undefined, binaries: ['/coredns'],
  },
  'registry.k8s.io/etcd': {
    sizeBytes: 57_680_541, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['etcd'], ports: [2379, 2380, 2381], memoryBytes: 40 * MI, shell: undefined, binaries: ['etcd', 'etcdctl'],
  },
  'registry.k8s.io/kube-apiserver': {
    sizeBytes: 28_670_731, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['kube-apiserver'], ports: [6443], memoryBytes: 250 * MI, shell: undefined, binaries: ['kube-apiserver'],
  },
  'registry.k8s.io/kube-controller-manager': {
    sizeBytes: 26_259_392, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['kube-controller-manager'], ports: [10257], memoryBytes: 50 * MI, shell: undefined, binaries: ['kube-controller-manager'],
  },
  'registry.k8s.io/kube-scheduler': {
    sizeBytes: 20_657_536, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['kube-scheduler'], ports: [10259], memoryBytes: 20 * MI, shell: undefined, binaries: ['kube-scheduler'],
  },
  'registry.k8s.io/kube-proxy': {
    sizeBytes: 30_907_858, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['kube-proxy'], ports: [10249, 10256], memoryBytes: 15 * MI, shell: undefined, binaries: ['kube-proxy', '/usr/local/bin/kube-proxy'],
  },
};

// The Kubernetes docs' examples run busybox from the project's registry (registry.k8s.io/busybox,
// once k8s.gcr.io/busybox): the same shell and applets.
CATALOGUE['registry.k8s.io/busybox'] = CATALOGUE['k8s.gcr.io/busybox'] = CATALOGUE.busybox!;

/** GENERIC_IMAGE is what kubemu assumes of an image it does not know: a long-running server of moderate size. */
const GENERIC_IMAGE: ImageInfo = {
  sizeBytes: 60 * MB, server: true, stopsOnSigterm: true, entrypoint: [], cmd: [], ports: [], memoryBytes: 16 * MI,
  shell: 'sh', binaries: [], known: false,
};

/** ImageRef is a parsed image reference. */
export interface ImageRef { registry: string; repository: string; tag?: string; digest?: string }

const REFERENCE = /^(?:([a-zA-Z0-9.-]+(?::[0-9]+)?)\/)?([a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*)(?::([\w][\w.-]{0,127}))?(?:@(sha256:[a-f0-9]{64}))?$/;

/** parseImage parses a reference as the runtime does; undefined for an invalid reference format. */
export function parseImage(image: string): ImageRef | undefined {
  const m = REFERENCE.exec(image);
  if (!m) return undefined;
  let first: string | undefined = m[1];
  let rest = m[2]!;
  const tag = m[3];
  const digest = m[4];
  // The first path component is a registry only if it looks like a host (has '.' or ':' or is localhost).
  if (first && !(first.includes('.') || first.includes(':') || first === 'localhost')) {
    if (/[A-Z]/.test(first)) return undefined;
    rest = `${first}/${rest}`;
    first = undefined;
  }
  const registry = first ?? 'docker.io';
  let repository = rest;
  if (registry === 'docker.io' && !repository.includes('/')) repository = `library/${repository}`;
  return { registry, repository, tag: tag ?? (digest ? undefined : 'latest'), digest };
}

/** repositoryOf is the catalogue key: "docker.io/library/nginx:1.27" → "nginx", "registry.k8s.io/etcd:3.5" → "registry.k8s.io/etcd". */
export function repositoryOf(image: string): string {
  const ref = parseImage(image);
  if (!ref) return image;
  if (ref.registry === 'docker.io') return ref.repository.replace(/^library\//, '');
  return `${ref.registry}/${ref.repository}`;
}

/** imageBinaryExists says whether a command outside the shell's utilities is in the image (an unknown image is taken to have it). */
export function imageBinaryExists(info: ImageInfo, bin: string): boolean {
  return !info.known || info.binaries.includes(bin);
}

/**
 * imageInfo returns catalogue facts, or a generic long-running image of moderate size (of
 * the repository's size, when the registry knows the repository but the catalogue does not).
 */
export function imageInfo(image: string): ImageInfo {
  const repository = repositoryOf(image);
  const entry = CATALOGUE[repository];
  if (entry) return { ...entry, known: true };
  const sizeBytes = knownRepository(canonicalRepository(repository))?.sizeBytes;
  return sizeBytes ? { ...GENERIC_IMAGE, sizeBytes } : GENERIC_IMAGE;
}

/** normalizeImage is the image reference as the runtime reports it: "docker.io/library/nginx:1.27". */
export function normalizeImage(image: string): string {
  const ref = parseImage(image);
  if (!ref) return image;
  return `${ref.registry}/${ref.repository}${ref.tag ? `:${ref.tag}` : ''}${ref.digest ? `@${ref.digest}` : ''}`;
}

/** PullFailure is how a pull of a missing image fails: the gRPC code and containerd's error. */
export interface PullFailure { code: 'NotFound' | 'Unknown'; message: string }

/** notFound is containerd's error for a tag (or a digest) the repository does not have. */
const notFound = (full: string): PullFailure => ({ code: 'NotFound', message: `failed to pull and unpack image "${full}": failed to resolve reference "${full}": ${full}: not found` });

/** PULL_ACCESS_DENIED is Docker Hub's answer, through containerd, for a repository that does not exist. */
export const PULL_ACCESS_DENIED = 'pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed';

/** accessDenied is containerd's error for a Docker Hub repository that does not exist. */
const accessDenied = (full: string): PullFailure => ({ code: 'Unknown', message: `failed to pull and unpack image "${full}": failed to resolve reference "${full}": ${PULL_ACCESS_DENIED}` });

/**
 * pullFailure says whether pulling image fails, and with which error. After the cluster's
 * overrides (`kubemu image`): a known public repository has the tags its scheme publishes
 * and any digest; an unknown Docker Hub library name does not exist; anything else — a
 * private registry (a host with a dot or a port), a Docker Hub user namespace — is assumed
 * to be the user's own image and pulls.
 */
export function pullFailure(image: string, overrides?: { missing: ReadonlySet<string>; present: ReadonlySet<string> }): PullFailure | undefined {
  const ref = parseImage(image);
  if (!ref) return undefined;
  const full = normalizeImage(image);
  if (overrides?.present.has(full)) return undefined;
  if (overrides?.missing.has(full)) return notFound(full);
  const known = knownRepository(canonicalRepository(repositoryOf(image)));
  // kubemu: a private registry's or a user namespace's tags cannot be known; all of them pull.
  if (!known) return ref.registry === 'docker.io' && ref.repository.startsWith('library/') ? accessDenied(full) : undefined;
  if (ref.digest || tagPublished(known.tags, ref.tag ?? 'latest')) return undefined;
  return notFound(full);
}

/** tagVersion is the version an image's tag names (x.y.z), or the catalogue's current one for another tag. */
export function tagVersion(image: string, fallback: string): string {
  const tag = parseImage(image)?.tag ?? '';
  return /^\d+\.\d+\.\d+$/.test(tag) ? tag : fallback;
}
