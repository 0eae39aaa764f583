/**
 * convert: the API server's version conversion (hub and spoke, as apimachinery's scheme does).
 * A kind served in several versions is stored in one, its ResourceInfo.version (the storage
 * version, the hub); each other served version has a pair of functions to and from it. Writes
 * convert to the hub before defaults, admission and validation; reads convert to the version
 * the client asked for.
 */
import type { KubeObject } from '../../api/meta';
import { groupVersion, type ResourceInfo } from '../../api/registry';

/** hpaV1 is autoscaling/v1's conversion, loaded when an HPA is converted (not by every start). */
const hpaV1 = () => require('./hpa-v1') as typeof import('./hpa-v1');

/** Conversion is one kind's functions: hub (storage version) to and from each other version. */
interface Conversion {
  /** normalize cleans an object already in the hub version (both ways), or undefined. */
  readonly normalize?: (obj: KubeObject) => KubeObject;
  readonly spokes: Readonly<Record<string, { toHub(obj: KubeObject): KubeObject; fromHub(obj: KubeObject): KubeObject }>>;
}

/** CONVERSIONS maps "group/Kind" to its conversion; every multi-version built-in kind has one. */
const CONVERSIONS: ReadonlyMap<string, Conversion> = new Map([
  // v2 drops the v1 round-trip annotations both ways (pkg/apis/autoscaling/v2/conversion.go).
  ['autoscaling/HorizontalPodAutoscaler', {
    normalize: (o) => hpaV1().dropRoundTripAnnotations(o),
    spokes: { v1: { toHub: (o) => hpaV1().hpaToV2(o), fromHub: (o) => hpaV1().hpaToV1(o) } },
  }],
]);

/** CONVERTED_KINDS are the storage kinds whose reads and writes may need a conversion. */
export const CONVERTED_KINDS: ReadonlySet<string> = new Set([...CONVERSIONS.keys()].map((k) => k.slice(k.indexOf('/') + 1)));

function versionOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? apiVersion : apiVersion.slice(i + 1);
}

/**
 * convertToVersion returns obj in the given version of its resource (info): through the hub
 * when it is in another spoke. Objects of single-version kinds come back as they are.
 */
export function convertToVersion(obj: KubeObject, info: ResourceInfo, version: string): KubeObject {
  const conv = CONVERSIONS.get(`${info.group}/${info.kind}`);
  const from = versionOf(obj.apiVersion ?? '');
  if (!conv) {
    // Without conversion functions the versions share a schema: only apiVersion changes.
    return from === version || !obj.apiVersion ? obj : { ...obj, apiVersion: groupVersion(info.group, version) };
  }
  let hub = obj;
  if (from !== info.version) {
    const spoke = conv.spokes[from];
    if (!spoke) throw new Error(`no conversion for ${info.kind} from ${obj.apiVersion}`);
    hub = spoke.toHub(obj);
  } else if (conv.normalize) {
    hub = conv.normalize(obj);
  }
  if (version === info.version) return hub;
  const spoke = conv.spokes[version];
  if (!spoke) throw new Error(`no conversion for ${info.kind} to ${groupVersion(info.group, version)}`);
  return spoke.fromHub(hub);
}

/** toStorageVersion converts an object a client sent to the version its resource is stored in. */
export function toStorageVersion(obj: KubeObject, info: ResourceInfo): KubeObject {
  return convertToVersion(obj, info, info.version);
}
