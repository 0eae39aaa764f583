/**
 * watch-options: a watch request's ListOptions as kube-apiserver v1.32 validates them, and
 * whether it is a watch-list (sendInitialEvents).
 */
import { invalid, type StatusCause } from '../../apiserver/errors';

/**
 * watchListOptions is apimachinery's validateWatchOptions (WatchList is on in v1.32): 422 Invalid
 * on ListOptions; it returns sendInitialEvents (undefined when not given).
 */
export function watchListOptions(q: URLSearchParams): boolean | undefined {
  const match = q.get('resourceVersionMatch') ?? '';
  const send = q.get('sendInitialEvents');
  const field = 'resourceVersionMatch';
  const causes: StatusCause[] = [];
  if (send !== null && match !== 'NotOlderThan') causes.push({ field, message: 'Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan' });
  if (match) {
    if (send === null) causes.push({ field, message: 'Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided' });
    if (match !== 'NotOlderThan') causes.push({ field, message: `Unsupported value: "${match}": supported values: "NotOlderThan"` });
    if (q.get('continue')) causes.push({ field, message: 'Forbidden: resourceVersionMatch is forbidden when continue is provided' });
  }
  if (causes.length) throw invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', causes);
  return send === null ? undefined : send === 'true' || send === '1';
}
