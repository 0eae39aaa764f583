/**
 * kubelet-record: what the kubelet keeps about a pod beyond its status — upstream, in its own
 * memory (the back-off maps, the prober's results) and in the container runtime (a pull in
 * flight). kubemu keeps it as one node-local row per pod (ApiClient.nodeLocalState, keyed by
 * the pod's uid): not an API object, so nothing watches it, `get` never shows it, and deleting
 * Events changes nothing the kubelet does next. The row goes when the pod is removed.
 */
import type { BackOffEntry } from './backoff';

/** PodRecord is the kubelet's record of one pod: per container (by name), and the volume failure it reported. */
export interface PodRecord {
  containers: Record<string, ContainerRecord>;
  /** mountFailure is the FailedMount message last recorded, so a retry that fails alike records no new Event. */
  mountFailure?: string;
  /** networkNotReady is the NetworkNotReady message last recorded while the node had no pod network. */
  networkNotReady?: string;
}

/** ContainerRecord is the kubelet's record of one container. */
export interface ContainerRecord {
  /** image is the first start's image step for image ref: begun at `at`, found present or being pulled (pulling false: that pull failed). */
  image?: { ref: string; at: number; present?: boolean; pulling?: boolean };
  /** pullBackOff is the image-pull back-off entry (upstream key: pod uid and image). */
  pullBackOff?: BackOffEntry & { image: string };
  /** crashBackOff is the restart back-off entry (upstream key: pod, container and its spec hash). */
  crashBackOff?: BackOffEntry;
  /** probes is what the prober reported about the running instance containerID. */
  probes?: ProbeRecord;
  /** ephemeralSince is when the kubelet first saw an ephemeral container: it begins then, not at the pod's start. */
  ephemeralSince?: number;
  /** load is the share of load the running instance containerID was last judged on (load-oom.ts), since when, and the kill it gave. */
  load?: { containerID: string; share: string; since: number; at?: number };
}

/** ProbeRecord: the time of the last failure reported per probe, and of the kill notice given. */
export interface ProbeRecord {
  containerID: string;
  unhealthy: { startup?: number; liveness?: number; readiness?: number };
  killNoticeAt?: number;
  /** postStartKillAt: when the instance's failed postStart hook was reported and its kill began. */
  postStartKillAt?: number;
}

/** probeRecordOf is the container's probe record for its current instance (a new instance starts blank). */
export function probeRecordOf(rec: ContainerRecord, containerID: string): ProbeRecord {
  if (rec.probes?.containerID !== containerID) rec.probes = { containerID, unhealthy: {} };
  return rec.probes;
}
