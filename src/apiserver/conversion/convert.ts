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
/** eventsV1 is events.k8s.io/v1's conversion of the core Events, loaded when one is converted. */
const eventsV1 = () => require('./events-v1') as typeof import('./events-v1');

/**
 * Conversion is one stored kind's functions: hub (its storage apiVersion) to and from each other
 * apiVersion it is served in, another version of its group or another group's resource stored
 * alike (events.k8s.io/v1 Events are core Events).
 */
interface Conversion {
  /** normalize cleans an object already in the hub version (both ways), or undefined. */
  readonly normalize?: (obj: KubeObject) => KubeObject;
  readonly spokes: Readonly<Record<string, { toHub(obj: KubeObject): KubeObject; fromHub(obj: KubeObject): KubeObject }>>;
}

/** CONVERSIONS maps the storage resource's "group/Kind" to its conversion; every multi-version built-in kind has one. */
const CONVERSIONS: ReadonlyMap<string, Conversion> = new Map<string, Conversion>([
  // v2 drops the v1 round-trip annotations both ways (pkg/apis/autoscaling/v2/conversion.go).
  ['autoscaling/HorizontalPodAutoscaler', {
    normalize: (o) => hpaV1().dropRoundTripAnnotations(o),
    spokes: { 'autoscaling/v1': { toHub: (o) => hpaV1().hpaToV2(o), fromHub: (o) => hpaV1().hpaToV1(o) } },
  }],
  ['/Event', { spokes: { 'events.k8s.io/v1': { toHub: (o) => eventsV1().eventToCore(o), fromHub: (o) => eventsV1().eventFromCore(o) } } }],
]);

/** CONVERTED_KINDS are the storage kinds whose reads and writes may need a conversion. */
export const CONVERTED_KINDS: ReadonlySet<string> = new Set([...CONVERSIONS.keys()].map((k) => k.slice(k.indexOf('/') + 1)));

/**
 * servedApiVersion is the apiVersion a reader of the storage resource `info` gets when it asks
 * for apiVersion: that one when the kind is served in it, else the same version of info's group
 * (a caller may name only the version); the storage version when it asks for none.
 */
export function servedApiVersion(info: ResourceInfo, apiVersion: string | undefined): string {
  if (apiVersion === undefined) return groupVersion(info.group, info.version);
  const spokes = CONVERSIONS.get(`${info.group}/${info.kind}`)?.spokes;
  if (spokes && apiVersion in spokes) return apiVersion;
  const i = apiVersion.indexOf('/');
  return groupVersion(info.group, i < 0 ? apiVersion : apiVersion.slice(i + 1));
}

/**
 * convertToApiVersion returns obj, an object of the storage resource info, in apiVersion:
 * through the hub when it is in another spoke. Objects of single-version kinds come back as
 * they are but for their apiVersion.
 */
export function convertToApiVersion(obj: KubeObject, info: ResourceInfo, apiVersion: string): KubeObject {
  const conv = CONVERSIONS.get(`${info.group}/${info.kind}`);
  const from = obj.apiVersion ?? '';
  // Without conversion functions the versions share a schema: only apiVersion changes.
  if (!conv) return from === apiVersion || !obj.apiVersion ? obj : { ...obj, apiVersion };
  const storage = groupVersion(info.group, info.version);
  let hub = obj;
  if (from !== storage) {
    const spoke = conv.spokes[from];
    if (!spoke) throw new Error(`no conversion for ${info.kind} from ${obj.apiVersion}`);
    hub = spoke.toHub(obj);
  } else if (conv.normalize) {
    hub = conv.normalize(obj);
  }
  if (apiVersion === storage) return hub;
  const spoke = conv.spokes[apiVersion];
  if (!spoke) throw new Error(`no conversion for ${info.kind} to ${apiVersion}`);
  return spoke.fromHub(hub);
}

/** toStorageVersion converts an object a client sent to the version its resource is stored in. */
export function toStorageVersion(obj: KubeObject, info: ResourceInfo): KubeObject {
  return convertToApiVersion(obj, info, groupVersion(info.group, info.version));
}
