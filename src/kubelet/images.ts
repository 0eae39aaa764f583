/**
 * images: the emulated registry — which images exist, how big they are (pull time),
 * whether they serve (long-running) and on which ports. Grows with the runtime model.
 */

/** ImageInfo describes an image as the emulated runtime knows it. */
export interface ImageInfo {
  /** sizeBytes drives the pull time and is what the Pulled event reports. */
  sizeBytes: number;
  /** server: runs until stopped; otherwise the default command exits at once. */
  server: boolean;
  /** stopsOnSigterm: exits promptly when asked to stop (nginx does; a shell's sleep as PID 1 does not). */
  stopsOnSigterm: boolean;
}

const MB = 1_000_000;

/** CATALOGUE maps a repository (Docker Hub library name or full path) to its image facts. */
export const CATALOGUE: Record<string, ImageInfo> = {
  nginx: { sizeBytes: 72 * MB, server: true, stopsOnSigterm: true },
  httpd: { sizeBytes: 58 * MB, server: true, stopsOnSigterm: true },
  redis: { sizeBytes: 45 * MB, server: true, stopsOnSigterm: true },
  postgres: { sizeBytes: 158 * MB, server: true, stopsOnSigterm: true },
  mysql: { sizeBytes: 175 * MB, server: true, stopsOnSigterm: true },
  mongo: { sizeBytes: 290 * MB, server: true, stopsOnSigterm: true },
  memcached: { sizeBytes: 32 * MB, server: true, stopsOnSigterm: true },
  busybox: { sizeBytes: 2_155_000, server: false, stopsOnSigterm: false },
  alpine: { sizeBytes: 3_650_000, server: false, stopsOnSigterm: false },
  ubuntu: { sizeBytes: 29 * MB, server: false, stopsOnSigterm: false },
  debian: { sizeBytes: 49 * MB, server: false, stopsOnSigterm: false },
  python: { sizeBytes: 380 * MB, server: false, stopsOnSigterm: false },
  node: { sizeBytes: 390 * MB, server: false, stopsOnSigterm: false },
  golang: { sizeBytes: 290 * MB, server: false, stopsOnSigterm: false },
  perl: { sizeBytes: 330 * MB, server: false, stopsOnSigterm: false },
  'registry.k8s.io/pause': { sizeBytes: 320_000, server: true, stopsOnSigterm: true },
};

/** repositoryOf strips tag and digest and the docker.io/library/ prefix: "docker.io/library/nginx:1.27" → "nginx". */
export function repositoryOf(image: string): string {
  let repo = image.split('@')[0]!;
  const slash = repo.lastIndexOf('/');
  const colon = repo.lastIndexOf(':');
  if (colon > slash) repo = repo.slice(0, colon);
  return repo.replace(/^(docker\.io\/)?(library\/)?/, '');
}

/** imageInfo returns catalogue facts, or a generic long-running image of moderate size. */
export function imageInfo(image: string): ImageInfo {
  return CATALOGUE[repositoryOf(image)] ?? { sizeBytes: 60 * MB, server: true, stopsOnSigterm: true };
}

/** normalizeImage is the image reference as the runtime reports it: "docker.io/library/nginx:1.27". */
export function normalizeImage(image: string): string {
  let ref = image;
  const firstSlash = ref.indexOf('/');
  const first = firstSlash < 0 ? '' : ref.slice(0, firstSlash);
  const hasRegistry = first.includes('.') || first.includes(':') || first === 'localhost';
  if (!hasRegistry) ref = `docker.io/${firstSlash < 0 ? 'library/' : ''}${ref}`;
  const lastSlash = ref.lastIndexOf('/');
  if (!ref.includes('@') && ref.lastIndexOf(':') <= lastSlash) ref += ':latest';
  return ref;
}
