/**
 * events-v1: an Event between events.k8s.io/v1 and the stored core/v1 form, as kube-apiserver
 * converts it through its internal type (pkg/apis/events/v1/conversion.go): regarding is
 * involvedObject, note is message, reportingController is reportingComponent, and the
 * deprecated* fields are source, firstTimestamp, lastTimestamp and count. Each side is
 * written as Go's encoder writes it: struct fields always, omitempty scalars only when set.
 */
import type { KubeObject } from '../../api/meta';

type Obj = Record<string, unknown>;

/** set copies a value that omitempty keeps (a non-empty string, a non-zero number, a present object). */
function set(out: Obj, key: string, v: unknown): void {
  if (v !== undefined && v !== null && v !== '' && v !== 0) out[key] = v;
}

/** eventToCore is an events.k8s.io/v1 Event in core/v1. */
export function eventToCore(o: KubeObject): KubeObject {
  const e = o as unknown as Obj;
  const out: Obj = { apiVersion: 'v1', kind: 'Event', metadata: o.metadata, involvedObject: e.regarding ?? {} };
  set(out, 'reason', e.reason);
  set(out, 'message', e.note);
  out.source = e.deprecatedSource ?? {};
  out.firstTimestamp = e.deprecatedFirstTimestamp ?? null;
  out.lastTimestamp = e.deprecatedLastTimestamp ?? null;
  set(out, 'count', e.deprecatedCount);
  set(out, 'type', e.type);
  out.eventTime = e.eventTime ?? null;
  set(out, 'series', e.series);
  set(out, 'action', e.action);
  set(out, 'related', e.related);
  out.reportingComponent = e.reportingController ?? '';
  out.reportingInstance = e.reportingInstance ?? '';
  return out as unknown as KubeObject;
}

/** eventFromCore is a core/v1 Event in events.k8s.io/v1. */
export function eventFromCore(o: KubeObject): KubeObject {
  const e = o as unknown as Obj;
  const out: Obj = { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: o.metadata, eventTime: e.eventTime ?? null };
  set(out, 'series', e.series);
  set(out, 'reportingController', e.reportingComponent);
  set(out, 'reportingInstance', e.reportingInstance);
  set(out, 'action', e.action);
  set(out, 'reason', e.reason);
  out.regarding = e.involvedObject ?? {};
  set(out, 'related', e.related);
  set(out, 'note', e.message);
  set(out, 'type', e.type);
  out.deprecatedSource = e.source ?? {};
  out.deprecatedFirstTimestamp = e.firstTimestamp ?? null;
  out.deprecatedLastTimestamp = e.lastTimestamp ?? null;
  set(out, 'deprecatedCount', e.count);
  return out as unknown as KubeObject;
}
