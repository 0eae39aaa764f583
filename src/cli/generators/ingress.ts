/**
 * ingress: `kubectl create ingress NAME --rule=host/path=svc:port[,tls[=secret]] …`
 * (kubectl pkg/cmd/create/create_ingress.go). A path ending in `*` is `pathType: Prefix`
 * (the `*` dropped), any other `Exact`; rules for the same host share one IngressRule.
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError } from './generator-error';
import { objectMeta } from './go-order';
import { sortedMap } from './go-json';

/** RULE_REGEX is kubectl's ruleRegex (host/path=svc:port plus the optional tls part). */
export const RULE_REGEX = /^([\w*\-.]*)(\/.*)=([\w-]+):([\w-]+)(,(tls)=?([\w-]+)?)?$/;

/** INGRESS_NOT_ENOUGH_INFO is kubectl's text with neither --rule nor --default-backend. */
export const INGRESS_NOT_ENOUGH_INFO = 'not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)';
/** INGRESS_INVALID_RULE is kubectl's text for a --rule not matching RULE_REGEX. */
export const INGRESS_INVALID_RULE = (rule: string): string => `rule ${rule} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`;
/** INGRESS_INVALID_ANNOTATION is kubectl's text for an --annotation without `=`. */
export const INGRESS_INVALID_ANNOTATION = (a: string): string => `annotation ${a} is invalid and should be in format key=[value]`;
/** INGRESS_INVALID_DEFAULT_BACKEND is kubectl's text for a --default-backend not `svc:port`. */
export const INGRESS_INVALID_DEFAULT_BACKEND = 'default-backend should be in format servicename:serviceport';

/** CreateIngressOptions mirrors `create ingress`'s flags. */
export interface CreateIngressOptions {
  rule?: string[];
  class?: string;
  defaultBackend?: string;
  annotation?: string[];
  namespace?: string;
}

type Backend = { service: { name: string; port: { name?: string; number?: number } } };

// strconv.Atoi then int32(): numbers that fit int64 wrap to int32; anything else is a port name.
function backend(service: string): Backend {
  const [name, port] = service.split(':') as [string, string];
  const p: { name?: string; number?: number } = {};
  if (/^[+-]?\d+$/.test(port) && BigInt(port) >= -(2n ** 63n) && BigInt(port) < 2n ** 63n) {
    const n = Number(BigInt.asIntN(32, BigInt(port)));
    if (n !== 0) p.number = n;
  } else if (port !== '') p.name = port;
  return { service: { name, port: p } };
}

function httpPath(pathsvc: string): Record<string, unknown> {
  const parts = pathsvc.split('=');
  let path = `/${parts[0]}`;
  let pathType = 'Exact';
  if (path.endsWith('*')) { pathType = 'Prefix'; path = path.slice(0, -1); }
  return { path, pathType, backend: backend(parts[1]!) };
}

function tlsRules(rules: readonly string[]): { hosts?: string[]; secretName?: string }[] {
  const seen = new Set<string>();
  const out: { hosts?: string[]; secretName?: string }[] = [];
  for (const rule of rules) {
    const tls = rule.split('tls');
    if (tls.length !== 2) continue;
    const host = rule.split('/')[0]!;
    const eq = tls[1]!.split('=');
    const secret = eq.length > 1 ? eq[1]! : '';
    if (seen.has(host)) continue;
    const idx = out.findIndex((t) => (t.secretName ?? '') === secret);
    seen.add(host);
    if (idx > -1) { (out[idx]!.hosts ??= []).push(host); continue; }
    const t: { hosts?: string[]; secretName?: string } = {};
    if (host !== '') t.hosts = [host];
    if (secret !== '') t.secretName = secret;
    if (t.hosts || t.secretName) out.push(t);
  }
  return out;
}

function ingressRules(rules: readonly string[]): { host?: string; http: { paths: unknown[] } }[] {
  const out: { host?: string; http: { paths: unknown[] } }[] = [];
  for (const rule of rules) {
    const noTls = rule.split(',tls')[0]!;
    const slash = noTls.indexOf('/');
    const host = noTls.slice(0, slash);
    const p = httpPath(noTls.slice(slash + 1));
    const existing = out.find((r) => (r.host ?? '') === host);
    if (existing) { existing.http.paths.push(p); continue; }
    out.push(host !== '' ? { host, http: { paths: [p] } } : { http: { paths: [p] } });
  }
  return out;
}

/** createIngress builds the networking.k8s.io/v1 Ingress kubectl sends. */
export function createIngress(name: string, o: CreateIngressOptions = {}): KubeObject {
  const rules = o.rule ?? [];
  const annotations = o.annotation ?? [];
  const db = o.defaultBackend ?? '';
  if (db === '' && rules.length === 0) throw new GeneratorError(INGRESS_NOT_ENOUGH_INFO);
  for (const r of rules) if (!RULE_REGEX.test(r)) throw new GeneratorError(INGRESS_INVALID_RULE(r));
  for (const a of annotations) if (!a.includes('=')) throw new GeneratorError(INGRESS_INVALID_ANNOTATION(a));
  if (db !== '' && db.split(':').length !== 2) throw new GeneratorError(INGRESS_INVALID_DEFAULT_BACKEND);
  const ann: Record<string, string> = {};
  for (const a of annotations) { const i = a.indexOf('='); ann[a.slice(0, i)] = a.slice(i + 1); }
  const spec: Record<string, unknown> = {};
  if (o.class) spec.ingressClassName = o.class;
  if (db !== '') spec.defaultBackend = backend(db);
  const tls = tlsRules(rules);
  if (tls.length > 0) spec.tls = tls;
  const ir = ingressRules(rules);
  if (ir.length > 0) spec.rules = ir;
  return {
    kind: 'Ingress', apiVersion: 'networking.k8s.io/v1',
    metadata: objectMeta({ name, namespace: o.namespace, annotations: Object.keys(ann).length > 0 ? sortedMap(ann) : undefined }),
    spec, status: { loadBalancer: {} },
  };
}
