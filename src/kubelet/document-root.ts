/**
 * document-root: the files nginx and httpd serve, as their container holds them: the image's
 * own pages, hidden where a volume is mounted over them (a ConfigMap's keys, an emptyDir
 * another container of the pod filled), and what exec wrote there (the writable layer). The
 * default configurations serve a directory's index.html (nginx also index.htm), refuse a
 * directory without one (nginx's 403; httpd would list it) and answer 404 for the rest.
 * kubemu: a directory named without its trailing slash is a 404 here, where nginx redirects.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { containerConfig } from './container-config';
import { applyLayer, layerOf } from './filesystem';
import { sharedVolumeFiles } from './shared-volumes';
import { imageDocumentFiles, WEB_SERVERS, within } from './web-pages';
import type { ServedFile } from './web-response-headers';

/**
 * servedDocument is what the server in container c answers for path, read from its files; or
 * undefined when no volume and no exec write touches its document root, so the image's own
 * pages answer as they are (the common case, and the fast one).
 */
export function servedDocument(server: 'nginx' | 'httpd', pod: KubeObject, c: KubeObject['spec'], path: string,
  api: Pick<ApiClient, 'tryGet' | 'list'>, nowMs: number | undefined): { status: number; body: string; file?: ServedFile } | undefined {
  const s = WEB_SERVERS[server];
  const mounts = ((c.volumeMounts ?? []) as { mountPath?: string }[]).map((m) => m.mountPath ?? '').filter(Boolean);
  const status = (pod.status?.containerStatuses ?? []).find((x: { name: string }) => x.name === c.name);
  const layer = layerOf(pod, c.name, status?.containerID ?? '');
  const touched = mounts.some((m) => within(m, s.root) || within(s.root, m)) || Object.keys(layer).some((p) => within(p, s.root));
  if (!touched) return undefined;
  const image = imageDocumentFiles(server, c);
  const written = {
    ...(nowMs === undefined ? {} : sharedVolumeFiles(pod, c, api as Parameters<typeof sharedVolumeFiles>[2], nowMs)),
    ...containerConfig(pod, c, api).files,
  };
  const files = applyLayer({ ...image, ...written }, layer);
  const startedAt = Date.parse(status?.state?.running?.startedAt ?? '');
  const file = (p: string): { status: number; body: string; file: ServedFile } => ({
    status: 200, body: files[p]!,
    file: { path: p, fromImage: p in image && !(p in written) && layer[p] === undefined, ...(Number.isNaN(startedAt) ? {} : { writtenMs: startedAt }) },
  });
  const uri = safeDecode(path.replace(/[?#].*$/, '')) ?? path;
  const at = `${s.root}${uri.startsWith('/') ? '' : '/'}${uri}`;
  const notFound = { status: 404, body: s.errorPage(404, c.image) };
  if (!uri.endsWith('/')) return at in files ? file(at) : notFound;
  for (const name of s.index) if (`${at}${name}` in files) return file(`${at}${name}`);
  const isDir = Object.keys(files).some((p) => p.startsWith(at)) || mounts.some((m) => within(m, at.replace(/\/$/, '')));
  return isDir && s.refusesDirectories ? { status: 403, body: s.errorPage(403, c.image) } : notFound;
}

function safeDecode(s: string): string | undefined {
  try { return decodeURIComponent(s); } catch { return undefined; }
}
