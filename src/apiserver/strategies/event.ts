/**
 * event: the Event strategy (pkg/registry/core/event, pkg/apis/core/validation/events.go,
 * v1.32). Validation runs on the stored core form and depends on the version the request was
 * made in: every Event passes the legacy rules (an old-style Event's namespace agrees with its
 * involvedObject's; one with an eventTime names its reporting controller, instance, action and
 * reason); one created through events.k8s.io/v1 also gets the strict rules (eventTime required,
 * a known type, the deprecated fields unset). A core Event's name only has to be a path
 * segment, as BeforeCreate's common check asks, and that check runs only once the strategy's
 * own found nothing.
 */
import type { KubeObject } from '../../api/meta';
import { jsonEqual } from '../../api/deep-equal';
import type { StatusCause } from '../errors';
import { immutable, invalidValue, required } from '../field-errors';
import { nameIsDNSSubdomain, nameIsPathSegment, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isDNS1123Subdomain, validateLabelKey } from './names';
import type { Strategy } from './strategy';

/** EventObject is a stored core Event, read field by field (any field may be missing or mistyped). */
type EventObject = KubeObject & Record<string, any>;

const REPORTING_INSTANCE_LENGTH_LIMIT = 128;
const ACTION_LENGTH_LIMIT = 128;
const REASON_LENGTH_LIMIT = 128;
const NOTE_LENGTH_LIMIT = 1024;

/** LEGACY_VERSIONS are the request versions that get only the legacy rules. */
const LEGACY_VERSIONS = new Set(['v1', 'events.k8s.io/v1beta1']);

const COMMON_META: MetaOptions = { namespaced: true, nameFn: nameIsPathSegment };
const STRICT_META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** isZeroTime says a time field holds Go's zero time (absent, null or 0001-01-01). */
const isZeroTime = (t: unknown): boolean => t === undefined || t === null || t === '' || (typeof t === 'string' && t.startsWith('0001-01-01T00:00:00'));

const bytes = (s: unknown): number => (typeof s === 'string' ? Buffer.byteLength(s) : 0);
const str = (s: unknown): string => (typeof s === 'string' ? s : '');

/** atMost is the "can have at most N characters" cause, reported with an empty value as upstream does. */
const atMost = (field: string, limit: number): StatusCause => invalidValue(field, '', `can have at most ${limit} characters`);

/** legacyCauses is legacyValidateEvent; core/v1 requests name the reporting controller by its v1 field. */
function legacyCauses(e: EventObject, apiVersion: string): StatusCause[] {
  const out: StatusCause[] = [];
  const ns = e.metadata.namespace ?? '';
  const involvedNs = str(e.involvedObject?.namespace);
  const controllerField = apiVersion === 'v1' ? 'reportingComponent' : 'reportingController';
  if (isZeroTime(e.eventTime)) {
    // An old-style Event: its namespace is its object's ("" or "default" for a cluster-scoped one).
    const agrees = involvedNs ? ns === involvedNs : ns === '' || ns === 'default';
    if (!agrees) out.push(invalidValue('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
  } else {
    if (!involvedNs && ns !== 'default' && ns !== 'kube-system') out.push(invalidValue('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    const controller = str(e.reportingComponent);
    if (!controller) out.push(required(controllerField));
    for (const m of validateLabelKey(controller)) out.push(invalidValue(controllerField, controller, m));
    if (!str(e.reportingInstance)) out.push(required('reportingInstance'));
    if (bytes(e.reportingInstance) > REPORTING_INSTANCE_LENGTH_LIMIT) out.push(atMost('reportingInstance', REPORTING_INSTANCE_LENGTH_LIMIT));
    if (!str(e.action)) out.push(required('action'));
    if (bytes(e.action) > ACTION_LENGTH_LIMIT) out.push(atMost('action', ACTION_LENGTH_LIMIT));
    if (!str(e.reason)) out.push(required('reason'));
    if (bytes(e.reason) > REASON_LENGTH_LIMIT) out.push(atMost('reason', REASON_LENGTH_LIMIT));
    if (bytes(e.message) > NOTE_LENGTH_LIMIT) out.push(atMost('message', NOTE_LENGTH_LIMIT));
  }
  for (const m of isDNS1123Subdomain(ns)) out.push(invalidValue('namespace', ns, m));
  return out;
}

/** seriesCauses is validateV1EventSeries. */
function seriesCauses(e: EventObject): StatusCause[] {
  const s = e.series;
  if (!s || typeof s !== 'object') return [];
  const out: StatusCause[] = [];
  if (!(Number(s.count) >= 2)) out.push(invalidValue('series.count', '', 'should be at least 2'));
  if (isZeroTime(s.lastObservedTime)) out.push(required('series.lastObservedTime'));
  return out;
}

/** strictCreateCauses is the rest of ValidateEventCreate for events.k8s.io/v1 and later. */
function strictCreateCauses(e: EventObject): StatusCause[] {
  const out = [...validateObjectMeta(e.metadata, STRICT_META), ...seriesCauses(e)];
  if (isZeroTime(e.eventTime)) out.push(required('eventTime'));
  if (e.type !== 'Normal' && e.type !== 'Warning') out.push(invalidValue('type', '', `has invalid value: ${str(e.type)}`));
  if (!isZeroTime(e.firstTimestamp)) out.push(invalidValue('firstTimestamp', '', 'needs to be unset'));
  if (!isZeroTime(e.lastTimestamp)) out.push(invalidValue('lastTimestamp', '', 'needs to be unset'));
  if (Number(e.count ?? 0) !== 0) out.push(invalidValue('count', '', 'needs to be unset'));
  if (str(e.source?.component) || str(e.source?.host)) out.push(invalidValue('source', '', 'needs to be unset'));
  return out;
}

/** IMMUTABLE are the fields ValidateEventUpdate keeps for events.k8s.io/v1 writes, in its order (reason twice, as upstream checks it). */
const IMMUTABLE = ['involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'reason', 'type', 'eventTime', 'action', 'related', 'reportingComponent', 'reportingInstance'] as const;
/** IMMUTABLE_FIELD names a core field as the internal type's path does (reportingController). */
const IMMUTABLE_FIELD: Record<string, string> = { reportingComponent: 'reportingController' };

/** sameEventTime compares eventTimes to the microsecond, as the update check tolerates finer changes. */
const sameEventTime = (a: unknown, b: unknown): boolean => (isZeroTime(a) && isZeroTime(b)) || (typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b) && a.slice(0, 26) === b.slice(0, 26));

export const EVENT_STRATEGY: Strategy = {
  defaults: () => undefined,
  // Both hooks get the core form: the API server converts an events.k8s.io/v1 write first (toStorage).
  validate(obj: EventObject, apiVersion = 'v1') {
    const own = legacyCauses(obj, apiVersion);
    if (!LEGACY_VERSIONS.has(apiVersion)) own.push(...strictCreateCauses(obj));
    return own.length ? own : validateObjectMeta(obj.metadata, COMMON_META);
  },
  validateUpdate(obj: EventObject, old: EventObject, apiVersion = 'v1') {
    const out = [...validateObjectMetaUpdate(obj, old, COMMON_META), ...legacyCauses(obj, apiVersion)];
    if (LEGACY_VERSIONS.has(apiVersion)) return out;
    if (!jsonEqual(obj.series, old.series)) out.push(...seriesCauses(obj));
    for (const f of IMMUTABLE) {
      const same = f === 'eventTime' ? sameEventTime(obj.eventTime, old.eventTime) : jsonEqual(obj[f], old[f]);
      if (!same) out.push(immutable(IMMUTABLE_FIELD[f] ?? f, obj[f] ?? ''));
    }
    return out;
  },
};
