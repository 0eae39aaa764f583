/**
 * env-refs: `set env --list --resolve` — an environment variable's valueFrom read as kubectl's
 * envutil reads it: a Secret's or ConfigMap's key in the command's namespace, a field of the
 * listed object (not of a pod: kubectl resolves it on the workload), or the listed container's
 * request or limit, divided by the divisor and rounded up.
 */
import type { KubeObject } from '../../api/meta';
import { validateLabelKey } from '../../api/labels';
import { milliValue, parseQuantity, value } from '../../api/quantity';
import type { ApiClient } from '../../apiserver/client';
import { formatMap } from '../../kubelet/downward-api-files';

/** EnvVarSource is a container env var's valueFrom. */
export type EnvVarSource = Record<string, Record<string, string> | undefined>;

interface Container { resources?: { limits?: Record<string, string | number>; requests?: Record<string, string | number> } }

/** envRefValue is the value a valueFrom resolves to; an Error's message is kubectl's text when it cannot. */
export function envRefValue(api: Pick<ApiClient, 'tryGet'>, namespace: string, from: EnvVarSource, obj: KubeObject, container: Container): string {
  if (from.secretKeyRef) {
    const { name = '', key = '' } = from.secretKeyRef;
    const secret = api.tryGet({ kind: 'Secret', namespace, name });
    if (!secret) throw new Error(`secrets "${name}" not found`);
    const data = (secret as { data?: Record<string, string> }).data?.[key];
    if (data === undefined) throw new Error(`key ${key} not found in secret ${name}`);
    return Buffer.from(data, 'base64').toString('utf8');
  }
  if (from.configMapKeyRef) {
    const { name = '', key = '' } = from.configMapKeyRef;
    const cm = api.tryGet({ kind: 'ConfigMap', namespace, name });
    if (!cm) throw new Error(`configmaps "${name}" not found`);
    const data = (cm as { data?: Record<string, string> }).data?.[key];
    if (data === undefined) throw new Error(`key ${key} not found in config map ${name}`);
    return data;
  }
  if (from.fieldRef) return fieldPathValue(obj, from.fieldRef.fieldPath ?? '');
  if (from.resourceFieldRef) return containerResourceValue(container, from.resourceFieldRef.resource ?? '', from.resourceFieldRef.divisor);
  throw new Error('invalid valueFrom');
}

/** fieldPathValue is envutil's extractFieldPathAsString over the object's metadata. */
function fieldPathValue(obj: KubeObject, fieldPath: string): string {
  const m = /^(.+)\['(.*)'\]$/s.exec(fieldPath);
  if (m) {
    const [, path, subscript] = m as unknown as [string, string, string];
    if (path !== 'metadata.annotations' && path !== 'metadata.labels') throw new Error(`fieldPath "${fieldPath}" does not support subscript`);
    const errs = validateLabelKey(path === 'metadata.annotations' ? subscript.toLowerCase() : subscript);
    if (errs.length) throw new Error(`invalid key subscript in ${fieldPath}: ${errs.join(';')}`);
    return (path === 'metadata.labels' ? obj.metadata.labels : obj.metadata.annotations)?.[subscript] ?? '';
  }
  switch (fieldPath) {
    case 'metadata.annotations': return formatMap(obj.metadata.annotations ?? {});
    case 'metadata.labels': return formatMap(obj.metadata.labels ?? {});
    case 'metadata.name': return obj.metadata.name ?? '';
    case 'metadata.namespace': return obj.metadata.namespace ?? '';
    case 'metadata.uid': return obj.metadata.uid ?? '';
    default: throw new Error(`unsupported fieldPath: ${fieldPath}`);
  }
}

/** containerResourceValue is a request or limit over the divisor (1 when unset or zero), rounded up: CPU in millicores. */
function containerResourceValue(c: Container, resource: string, divisor: string | undefined): string {
  const m = /^(limits|requests)\.(cpu|memory|ephemeral-storage|hugepages-.+)$/.exec(resource);
  if (!m) throw new Error(`Unsupported container resource : ${resource}`);
  const q = parseQuantity(c.resources?.[m[1] as 'limits' | 'requests']?.[m[2]!] ?? 0);
  const d = divisor !== undefined && parseQuantity(divisor).nanos !== 0n ? parseQuantity(divisor) : parseQuantity(1);
  const [num, den] = m[2] === 'cpu' ? [milliValue(q), milliValue(d)] : [value(q), value(d)];
  return String(Math.ceil(Number(num) / Number(den)));
}
