/**
 * images: the emulated registry — which images exist (Docker Hub's library with their
 * known tags; anything from another registry or user namespace is assumed pullable),
 * how big they are (pull time), what they run by default, which ports they serve and how
 * much memory they need. A pull of a missing name or tag fails the way containerd fails.
 */

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
  /** shell: the image has /bin/sh (and the usual coreutils); `bash` too when shell === 'bash'. */
  shell: 'sh' | 'bash' | undefined;
  /** binaries the image ships besides the shell utilities (servers, interpreters). */
  binaries: string[];
  /** known: the image is in the catalogue (unknown images run whatever they are told). */
  known: boolean;
}

const MB = 1_000_000;
const MI = 1024 * 1024;

/** TagRule says which tags exist: version lines ("1.27.4" admits 1, 1.27, 1.27.0 … 1.27.4), aliases, variant suffixes. */
interface TagRule { versions: string[]; aliases: string[]; variants: string[] }

interface CatalogueEntry extends Omit<ImageInfo, 'known'> { tags?: TagRule }

const SHELL_IMAGE = { server: false, stopsOnSigterm: false, ports: [], binaries: [] as string[] };

/** CATALOGUE maps a repository (Docker Hub library name, or a full path for other registries) to its facts. */
export const CATALOGUE: Record<string, CatalogueEntry> = {
  nginx: {
    sizeBytes: 72 * MB, server: true, stopsOnSigterm: true, entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'],
    ports: [80], httpPaths: ['/', '/index.html'], memoryBytes: 8 * MI, shell: 'bash', binaries: ['nginx', '/docker-entrypoint.sh', 'curl'],
    tags: { versions: ['1.27.4', '1.26.3', '1.25.5', '1.24.0', '1.23.4', '1.22.1', '1.21.6', '1.20.2', '1.19.10', '1.18.0', '1.17.10', '1.16.1', '1.15.12', '1.14.2'],
      aliases: ['latest', 'stable', 'mainline', 'alpine', 'perl', 'bookworm', 'alpine-slim'], variants: ['alpine', 'perl', 'bookworm', 'alpine-slim', 'alpine-perl', 'otel'] },
  },
  httpd: {
    sizeBytes: 58 * MB, server: true, stopsOnSigterm: true, entrypoint: [], cmd: ['httpd-foreground'], ports: [80], httpPaths: ['/', '/index.html'],
    memoryBytes: 12 * MI, shell: 'bash', binaries: ['httpd-foreground', 'httpd', 'apachectl'],
    tags: { versions: ['2.4.63', '2.2.34'], aliases: ['latest', 'alpine', 'bookworm'], variants: ['alpine', 'bookworm'] },
  },
  redis: {
    sizeBytes: 45 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['redis-server'], ports: [6379],
    memoryBytes: 4 * MI, shell: 'bash', binaries: ['redis-server', 'redis-cli', 'docker-entrypoint.sh'],
    tags: { versions: ['7.4.2', '7.2.7', '7.0.15', '6.2.17', '6.0.20', '5.0.14'], aliases: ['latest', 'alpine', 'bookworm'], variants: ['alpine', 'bookworm'] },
  },
  postgres: {
    sizeBytes: 158 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['postgres'], ports: [5432],
    memoryBytes: 40 * MI, shell: 'bash', binaries: ['postgres', 'psql', 'pg_isready', 'docker-entrypoint.sh'],
    tags: { versions: ['17.4', '16.8', '15.12', '14.17', '13.20', '12.22'], aliases: ['latest', 'alpine', 'bookworm'], variants: ['alpine', 'bookworm'] },
  },
  mysql: {
    sizeBytes: 175 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['mysqld'], ports: [3306, 33060],
    memoryBytes: 360 * MI, shell: 'bash', binaries: ['mysqld', 'mysql', 'mysqladmin', 'docker-entrypoint.sh'],
    tags: { versions: ['9.2.0', '9.1.0', '8.4.4', '8.0.41', '5.7.44'], aliases: ['latest', 'lts', 'innovation', 'oracle'], variants: ['oracle', 'debian'] },
  },
  mongo: {
    sizeBytes: 290 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['mongod'], ports: [27017],
    memoryBytes: 160 * MI, shell: 'bash', binaries: ['mongod', 'mongosh', 'docker-entrypoint.sh'],
    tags: { versions: ['8.0.5', '7.0.16', '6.0.20', '5.0.31', '4.4.29'], aliases: ['latest', 'jammy', 'noble'], variants: ['jammy', 'noble'] },
  },
  memcached: {
    sizeBytes: 32 * MB, server: true, stopsOnSigterm: true, entrypoint: ['docker-entrypoint.sh'], cmd: ['memcached'], ports: [11211],
    memoryBytes: 3 * MI, shell: 'bash', binaries: ['memcached', 'docker-entrypoint.sh'],
    tags: { versions: ['1.6.37', '1.5.22'], aliases: ['latest', 'alpine', 'bookworm'], variants: ['alpine', 'bookworm'] },
  },
  busybox: {
    ...SHELL_IMAGE, sizeBytes: 2_155_000, entrypoint: [], cmd: ['sh'], memoryBytes: MI / 2, shell: 'sh', binaries: ['wget', 'nc', 'httpd'],
    tags: { versions: ['1.37.0', '1.36.1', '1.35.0', '1.34.1', '1.33.1', '1.32.1', '1.31.1', '1.30.1', '1.29.3', '1.28.4'], aliases: ['latest', 'stable', 'musl', 'glibc', 'uclibc'], variants: ['musl', 'glibc', 'uclibc'] },
  },
  alpine: {
    ...SHELL_IMAGE, sizeBytes: 3_650_000, entrypoint: [], cmd: ['/bin/sh'], memoryBytes: MI / 2, shell: 'sh', binaries: ['wget', 'nc'],
    tags: { versions: ['3.21.3', '3.20.6', '3.19.7', '3.18.12', '3.17.10', '3.16.9', '3.15.11', '3.14.10', '3.13.12', '3.12.12'], aliases: ['latest', 'edge'], variants: [] },
  },
  ubuntu: {
    ...SHELL_IMAGE, sizeBytes: 29 * MB, entrypoint: [], cmd: ['/bin/bash'], memoryBytes: MI, shell: 'bash', binaries: [],
    tags: { versions: ['24.10', '24.04', '22.04', '20.04', '18.04', '16.04'], aliases: ['latest', 'rolling', 'devel', 'noble', 'jammy', 'focal', 'bionic', 'xenial', 'oracular', 'plucky'], variants: [] },
  },
  debian: {
    ...SHELL_IMAGE, sizeBytes: 49 * MB, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'bash', binaries: [],
    tags: { versions: ['12.10', '11.11', '10.13', '9.13'], aliases: ['latest', 'stable', 'testing', 'unstable', 'sid', 'trixie', 'bookworm', 'bullseye', 'buster', 'stretch', 'bookworm-slim', 'bullseye-slim', 'stable-slim'], variants: ['slim'] },
  },
  python: {
    ...SHELL_IMAGE, sizeBytes: 380 * MB, entrypoint: [], cmd: ['python3'], memoryBytes: 10 * MI, shell: 'bash', binaries: ['python', 'python3', 'pip'],
    tags: { versions: ['3.13.2', '3.12.9', '3.11.11', '3.10.16', '3.9.21', '3.8.20', '2.7.18'], aliases: ['latest', 'slim', 'alpine', 'bookworm'], variants: ['slim', 'alpine', 'bookworm', 'slim-bookworm'] },
  },
  node: {
    ...SHELL_IMAGE, sizeBytes: 390 * MB, entrypoint: ['docker-entrypoint.sh'], cmd: ['node'], memoryBytes: 40 * MI, shell: 'bash', binaries: ['node', 'npm', 'npx', 'docker-entrypoint.sh'],
    tags: { versions: ['23.9.0', '22.14.0', '20.18.3', '18.20.7', '16.20.2'], aliases: ['latest', 'lts', 'current', 'alpine', 'slim', 'bookworm'], variants: ['alpine', 'slim', 'bookworm'] },
  },
  golang: {
    ...SHELL_IMAGE, sizeBytes: 290 * MB, entrypoint: [], cmd: ['bash'], memoryBytes: MI, shell: 'bash', binaries: ['go'],
    tags: { versions: ['1.24.1', '1.23.7', '1.22.12', '1.21.13', '1.20.14'], aliases: ['latest', 'alpine', 'bookworm'], variants: ['alpine', 'bookworm'] },
  },
  perl: {
    ...SHELL_IMAGE, sizeBytes: 330 * MB, entrypoint: [], cmd: ['perl', '-de0'], memoryBytes: 4 * MI, shell: 'bash', binaries: ['perl'],
    tags: { versions: ['5.40.1', '5.38.3', '5.36.3'], aliases: ['latest', 'slim', 'threaded'], variants: ['slim', 'threaded'] },
  },
  'hello-world': {
    ...SHELL_IMAGE, sizeBytes: 13_256, entrypoint: [], cmd: ['/hello'], memoryBytes: MI / 4, shell: undefined, binaries: ['/hello'],
    tags: { versions: [], aliases: ['latest', 'linux'], variants: [] },
  },
  'registry.k8s.io/pause': {
    sizeBytes: 320_000, server: true, stopsOnSigterm: true, entrypoint: ['/pause'], cmd: [], ports: [], memoryBytes: MI / 4, shell: undefined, binaries: ['/pause'],
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

/** imageInfo returns catalogue facts, or a generic long-running image of moderate size. */
export function imageInfo(image: string): ImageInfo {
  const entry = CATALOGUE[repositoryOf(image)];
  if (!entry) return GENERIC_IMAGE;
  const { tags: _tags, ...info } = entry;
  return { ...info, known: true };
}

/** normalizeImage is the image reference as the runtime reports it: "docker.io/library/nginx:1.27". */
export function normalizeImage(image: string): string {
  const ref = parseImage(image);
  if (!ref) return image;
  return `${ref.registry}/${ref.repository}${ref.tag ? `:${ref.tag}` : ''}${ref.digest ? `@${ref.digest}` : ''}`;
}

function tagExists(rule: TagRule, tag: string): boolean {
  if (rule.aliases.includes(tag)) return true;
  let base = tag;
  for (const v of rule.variants) {
    if (tag.endsWith(`-${v}`)) { base = tag.slice(0, -v.length - 1); break; }
  }
  if (rule.aliases.includes(base) && base !== tag) return true;
  if (!/^\d+(\.\d+)*$/.test(base)) return false;
  const want = base.split('.').map(Number);
  return rule.versions.some((line) => {
    const have = line.split('.').map(Number);
    if (want.length > have.length) return false;
    for (let i = 0; i < want.length - 1; i++) if (want[i] !== have[i]) return false;
    const last = want.length - 1;
    return want.length === have.length ? want[last]! <= have[last]! : want[last] === have[last];
  });
}

/** PullFailure is how a pull of a missing image fails: the gRPC code and containerd's error. */
export interface PullFailure { code: 'NotFound' | 'Unknown'; message: string }

/**
 * pullFailure says whether pulling image fails, and with which error. Library images must
 * exist in the catalogue with a known tag; other registries and user namespaces are
 * assumed pullable (kubemu: the emulated registry only knows Docker Hub's library).
 */
export function pullFailure(image: string, overrides?: { missing: ReadonlySet<string>; present: ReadonlySet<string> }): PullFailure | undefined {
  const ref = parseImage(image);
  if (ref && overrides) {
    const full = normalizeImage(image);
    if (overrides.present.has(full)) return undefined;
    if (overrides.missing.has(full)) return { code: 'NotFound', message: `failed to pull and unpack image "${full}": failed to resolve reference "${full}": ${full}: not found` };
  }
  if (!ref || ref.registry !== 'docker.io' || !ref.repository.startsWith('library/')) return undefined;
  const full = normalizeImage(image);
  const entry = CATALOGUE[ref.repository.slice('library/'.length)];
  if (!entry) {
    return { code: 'Unknown', message: `failed to pull and unpack image "${full}": failed to resolve reference "${full}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed` };
  }
  if (ref.digest || !ref.tag || !entry.tags || tagExists(entry.tags, ref.tag)) return undefined;
  return { code: 'NotFound', message: `failed to pull and unpack image "${full}": failed to resolve reference "${full}": ${full}: not found` };
}
