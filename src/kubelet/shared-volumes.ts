/**
 * shared-volumes: what a container sees in an emptyDir it shares with the pod's other
 * containers — the files each of them wrote there (by its own command, as far as that has
 * run, and by exec), at the paths this container mounts the volume at. A sidecar can then
 * `cat` or `tail` the log file the app writes.
 * kubemu: a container's own files win over a sibling's at the same path; the view is taken
 * when the exec runs. A container's own command sees what the init containers before it left
 * there (they have all ended by the time it starts), not its running siblings' writes, except
 * a follow-mode tail's (followed-file.ts); a loop's rounds count as far as the last 10 000.
 */
import type { KubeObject } from '../api/meta';
import { modelOf } from './container-sync';
import { applyLayer, layerOf } from './filesystem';
import { filesAt } from './process';
import { loopedFiles } from './followed-file';

type Api = Parameters<typeof modelOf>[0]['api'];

interface Mount { name: string; mountPath: string }

const under = (dir: string) => `${dir.replace(/\/+$/, '')}/`;

/**
 * sharedVolumeFiles are the files the pod's other containers wrote into emptyDirs that `spec`
 * mounts too, at this container's paths. With finishedInits, only what the init containers
 * that ran to completion before spec left there: what its process finds when it starts.
 */
export function sharedVolumeFiles(pod: KubeObject, spec: KubeObject['spec'], api: Api, nowMs: number, finishedInits = false): Record<string, string> {
  const emptyDirs = new Set(((pod.spec?.volumes ?? []) as { name: string; emptyDir?: unknown }[]).filter((v) => v.emptyDir !== undefined).map((v) => v.name));
  const mine = ((spec.volumeMounts ?? []) as Mount[]).filter((m) => emptyDirs.has(m.name));
  if (!mine.length) return {};
  const inits = (pod.spec?.initContainers ?? []) as KubeObject['spec'][];
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])] as { name: string; containerID?: string; state?: any }[];
  const out: Record<string, string> = {};
  const mineAt = inits.findIndex((i) => i.name === spec.name);
  const others = finishedInits ? inits.slice(0, mineAt < 0 ? inits.length : mineAt).filter((i) => i.restartPolicy !== 'Always') : [...inits, ...(pod.spec?.containers ?? [])];
  for (const other of others as KubeObject['spec'][]) {
    if (other.name === spec.name) continue;
    const theirs = ((other.volumeMounts ?? []) as Mount[]).filter((m) => emptyDirs.has(m.name));
    const pairs = theirs.flatMap((t) => mine.filter((m) => m.name === t.name).map((m) => [t.mountPath, m.mountPath] as const));
    if (!pairs.length) continue;
    const status = statuses.find((s) => s.name === other.name);
    const instance = finishedInits ? (status?.state?.terminated?.exitCode === 0 ? status.state.terminated : undefined) : status?.state?.running ?? status?.state?.terminated;
    if (!instance?.startedAt) continue;
    const startMs = Date.parse(instance.startedAt);
    const endMs = instance.finishedAt ? Date.parse(instance.finishedAt) : nowMs;
    const init = inits.includes(other);
    const { model, cfg } = modelOf({ pod, api }, { spec: other, status: status ?? {}, init, sidecar: init && other.restartPolicy === 'Always' }, startMs);
    // Files its loop writes stand as its rounds so far left them (a log it appends to grows).
    const written = filesAt(cfg, model.program, Math.max(0, endMs - startMs));
    for (const [p, content] of Object.entries(loopedFiles(model.program, cfg, startMs, endMs))) {
      if (content === undefined) delete written[p]; else written[p] = content;
    }
    const files = applyLayer(written, layerOf(pod, other.name, status?.containerID ?? ''));
    for (const [theirPath, myPath] of pairs) {
      for (const [p, content] of Object.entries(files)) {
        if (p.startsWith(under(theirPath))) out[under(myPath) + p.slice(under(theirPath).length)] = content;
      }
    }
  }
  return out;
}
