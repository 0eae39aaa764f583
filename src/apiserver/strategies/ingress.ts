/**
 * ingress: the networking.k8s.io/v1 Ingress strategy — rules, paths, pathType and backends.
 */
import type { StatusCause } from '../errors';
import { invalidValue, notSupported, required } from '../field-errors';
import { portNumber } from './field-rules';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isDNS1123Subdomain, isDNS1035Label } from './names';
import { isObject, WORKLOAD_PREPARE, type Strategy } from './strategy';

/** PATH_TYPES are the supported pathType values, sorted. */
export const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'] as const;
/** PATH_TYPE_REQUIRED is the detail for a path without pathType. */
export const PATH_TYPE_REQUIRED = 'pathType must be specified';
/** BACKEND_OR_RULES is the detail for an Ingress with neither defaultBackend nor rules. */
export const BACKEND_OR_RULES = 'either `defaultBackend` or `rules` must be specified';

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

function validateBackend(field: string, b: any): StatusCause[] {
  if (!isObject(b)) return [required(field)];
  const out: StatusCause[] = [];
  const hasService = isObject(b.service);
  const hasResource = isObject(b.resource);
  if (hasService && hasResource) out.push(invalidValue(field, '', 'cannot set both resource and service backends'));
  else if (!hasService && !hasResource) out.push(invalidValue(field, '', 'resource or service backend is required'));
  if (hasService) {
    const s = b.service;
    if (!s.name) out.push(required(`${field}.service.name`));
    else for (const m of isDNS1035Label(s.name)) out.push(invalidValue(`${field}.service.name`, s.name, m));
    const port = isObject(s.port) ? s.port : {};
    if (port.name && port.number) out.push(invalidValue(`${field}.service.port`, '', 'cannot set both port name & port number'));
    else if (port.name) for (const m of isDNS1035Label(port.name)) out.push(invalidValue(`${field}.service.port.name`, port.name, m));
    else if (port.number !== undefined) out.push(...portNumber(`${field}.service.port.number`, port.number));
    else out.push(invalidValue(`${field}.service.port`, '', 'port name or number is required'));
  }
  return out;
}

/** validateIngressSpec is ValidateIngressSpec under "spec". */
export function validateIngressSpec(spec: any): StatusCause[] {
  const s = isObject(spec) ? spec : {};
  const out: StatusCause[] = [];
  const rules: any[] = Array.isArray(s.rules) ? s.rules : [];
  if (s.defaultBackend) out.push(...validateBackend('spec.defaultBackend', s.defaultBackend));
  else if (rules.length === 0) out.push(invalidValue('spec.rules', '[]', BACKEND_OR_RULES));
  rules.forEach((r, i) => {
    const p = `spec.rules[${i}]`;
    if (!isObject(r)) return;
    if (r.host) {
      const host = String(r.host);
      const check = host.startsWith('*.') ? `a${host.slice(1)}` : host;
      for (const m of isDNS1123Subdomain(check)) out.push(invalidValue(`${p}.host`, host, m));
    }
    if (!isObject(r.http)) return;
    const paths: any[] = Array.isArray(r.http.paths) ? r.http.paths : [];
    if (paths.length === 0) out.push(required(`${p}.http.paths`));
    paths.forEach((path, j) => {
      const pp = `${p}.http.paths[${j}]`;
      if (!isObject(path)) return;
      if (!path.pathType) out.push(required(`${pp}.pathType`, PATH_TYPE_REQUIRED));
      else if (!(PATH_TYPES as readonly string[]).includes(path.pathType)) out.push(notSupported(`${pp}.pathType`, path.pathType, PATH_TYPES));
      if ((path.pathType === 'Exact' || path.pathType === 'Prefix') && !String(path.path ?? '').startsWith('/')) {
        out.push(invalidValue(`${pp}.path`, path.path ?? '', 'must be an absolute path'));
      }
      out.push(...validateBackend(`${pp}.backend`, path.backend));
    });
  });
  (Array.isArray(s.tls) ? s.tls : []).forEach((t: any, i: number) => {
    (Array.isArray(t?.hosts) ? t.hosts : []).forEach((h: any, j: number) => {
      const host = String(h);
      const check = host.startsWith('*.') ? `a${host.slice(1)}` : host;
      for (const m of isDNS1123Subdomain(check)) out.push(invalidValue(`spec.tls[${i}].hosts[${j}]`, host, m));
    });
  });
  return out;
}

/** INGRESS_STRATEGY is the Ingress strategy (status is the ingress controller's). */
export const INGRESS_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: () => undefined,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateIngressSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...validateIngressSpec(obj.spec)],
  prepareForCreate(obj) { obj.status = { loadBalancer: {} }; },
};
