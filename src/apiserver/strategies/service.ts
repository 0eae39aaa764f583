/**
 * service: the core/v1 Service strategy — SetDefaults_Service (plus the IP-family fields the
 * REST layer fills on an IPv4 single-stack cluster) and ValidateService. ClusterIP and nodePort
 * allocation belong to the API layer's allocators, not here.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, immutable, invalidValue, notSupported, required } from '../field-errors';
import { PORT_PROTOCOLS, validatePortNumOrName } from './container-validation';
import { inclusiveRangeError, labelMap, oneOf, portNumber } from './field-rules';
import { validateObjectMeta, validateObjectMetaUpdate, type MetaOptions, type NameValidator } from './object-meta';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain } from './names';
import { isObject, setDefault, withOrder, type Strategy } from './strategy';
import { allocateServiceAddresses, dropTypeDependentFields } from '../allocators';
import { validateSourceRanges } from './service-source-ranges';

/** SERVICE_TYPES are the supported spec.type values, sorted as upstream prints them. */
export const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;
/** SESSION_AFFINITIES are the supported spec.sessionAffinity values. */
export const SESSION_AFFINITIES = ['ClientIP', 'None'] as const;
/** IP_FAMILY_POLICIES are the supported spec.ipFamilyPolicy values. */
export const IP_FAMILY_POLICIES = ['SingleStack', 'PreferDualStack', 'RequireDualStack'] as const;
/** IP_FAMILIES are the supported spec.ipFamilies entries. */
export const IP_FAMILIES = ['IPv4', 'IPv6'] as const;
/** TRAFFIC_POLICIES are the supported internal/externalTrafficPolicy values. */
export const TRAFFIC_POLICIES = ['Cluster', 'Local'] as const;
/** DEFAULT_CLIENT_IP_TIMEOUT_SECONDS is ClientIP affinity's default stickiness (3 hours). */
export const DEFAULT_CLIENT_IP_TIMEOUT_SECONDS = 10800;
/** NODE_PORT_ON_CLUSTER_IP is the detail for a nodePort on a ClusterIP Service. */
export const NODE_PORT_ON_CLUSTER_IP = "may not be used when `type` is 'ClusterIP'";
/** EXTERNAL_TRAFFIC_POLICY_TYPE is the detail for externalTrafficPolicy on a non-external Service. */
export const EXTERNAL_TRAFFIC_POLICY_TYPE = "may only be set when `type` is 'NodePort' or 'LoadBalancer'";
/** INVALID_IP is the detail for a malformed clusterIP. */
export const INVALID_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
/** SERVICE_SPEC_ORDER is core/v1 ServiceSpec's field order. */
export const SERVICE_SPEC_ORDER = ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'externalIPs', 'sessionAffinity',
  'loadBalancerIP', 'loadBalancerSourceRanges', 'externalName', 'externalTrafficPolicy', 'healthCheckNodePort',
  'publishNotReadyAddresses', 'sessionAffinityConfig', 'ipFamilies', 'ipFamilyPolicy', 'allocateLoadBalancerNodePorts',
  'loadBalancerClass', 'internalTrafficPolicy', 'trafficDistribution'];

/** serviceName is the Service name rule: a DNS-1035 label (it becomes a DNS name and env var prefix). */
export const nameIsDNS1035Label: NameValidator = (name, prefix) =>
  isDNS1035Label(prefix && name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name);

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNS1035Label };

const isHeadless = (spec: any): boolean => spec.clusterIP === 'None';

/** defaultService is SetDefaults_Service plus single-stack IPv4 family fields. */
export function defaultService(obj: KubeObject): void {
  const spec = obj.spec ?? (obj.spec = {});
  if (!isObject(spec)) return;
  setDefault(spec, 'sessionAffinity', 'None');
  setDefault(spec, 'type', 'ClusterIP');
  for (const p of Array.isArray(spec.ports) ? spec.ports : []) {
    if (!isObject(p)) continue;
    setDefault(p, 'protocol', 'TCP');
    if (p.targetPort === undefined || p.targetPort === null || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
    withOrder(p, ['name', 'protocol', 'appProtocol', 'port', 'targetPort', 'nodePort']);
  }
  if ((spec.type === 'NodePort' || spec.type === 'LoadBalancer')) setDefault(spec, 'externalTrafficPolicy', 'Cluster');
  if (spec.type !== 'ExternalName') setDefault(spec, 'internalTrafficPolicy', 'Cluster');
  if (spec.sessionAffinity === 'ClientIP') {
    setDefault(spec, 'sessionAffinityConfig', {});
    setDefault(spec.sessionAffinityConfig, 'clientIP', {});
    setDefault(spec.sessionAffinityConfig.clientIP, 'timeoutSeconds', DEFAULT_CLIENT_IP_TIMEOUT_SECONDS);
  }
  if (spec.type === 'LoadBalancer') setDefault(spec, 'allocateLoadBalancerNodePorts', true);
  if (spec.clusterIP && !spec.clusterIPs) spec.clusterIPs = [spec.clusterIP];
  if (spec.type !== 'ExternalName') {
    // A selector-less headless Service follows every cluster family, so it asks for dual-stack.
    const selectorless = !isObject(spec.selector) || Object.keys(spec.selector).length === 0;
    setDefault(spec, 'ipFamilyPolicy', isHeadless(spec) && selectorless ? 'RequireDualStack' : 'SingleStack');
    setDefault(spec, 'ipFamilies', ['IPv4']);
  }
  withOrder(spec, SERVICE_SPEC_ORDER);
}

/** isIP reports a textual IPv4 or IPv6 address. */
export function isIP(v: string): boolean {
  if (/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(v)) return true;
  return v.includes(':') && /^[0-9a-fA-F:.]+$/.test(v) && (v.match(/::/g) ?? []).length <= 1;
}

function goServicePortKey(p: any): string {
  return `core.ServicePort{Name:"", Protocol:${JSON.stringify(p.protocol ?? '')}, AppProtocol:(*string)(nil), Port:${p.port ?? 0}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
}

/** validateServiceSpec is ValidateService's spec part. */
export function validateServiceSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.ports')];
  const out: StatusCause[] = [];
  const type = spec.type;
  if (type !== undefined && !(SERVICE_TYPES as readonly string[]).includes(type)) out.push(notSupported('spec.type', type, SERVICE_TYPES));
  const ports: any[] = Array.isArray(spec.ports) ? spec.ports : [];
  if (type === 'ExternalName') {
    if (!spec.externalName) out.push(required('spec.externalName'));
    else for (const m of isDNS1123Subdomain(String(spec.externalName).replace(/\.$/, ''))) out.push(invalidValue('spec.externalName', spec.externalName, m));
    if (spec.clusterIP) out.push(forbiddenField('spec.clusterIP', 'may not be set for ExternalName services'));
  } else if (ports.length === 0 && !isHeadless(spec)) {
    out.push(required('spec.ports'));
  }
  const names = new Set<string>();
  const keys = new Set<string>();
  ports.forEach((p, i) => {
    const pp = `spec.ports[${i}]`;
    if (!isObject(p)) return;
    if (ports.length > 1 && !p.name) out.push(required(`${pp}.name`));
    if (p.name) {
      for (const m of isDNS1123Label(p.name)) out.push(invalidValue(`${pp}.name`, p.name, m));
      if (names.has(p.name)) out.push(duplicate(`${pp}.name`, p.name));
      names.add(p.name);
    }
    if (p.port === undefined || p.port === null || p.port === 0) out.push(required(`${pp}.port`));
    else out.push(...portNumber(`${pp}.port`, p.port));
    if (!p.protocol) out.push(required(`${pp}.protocol`));
    else if (!(PORT_PROTOCOLS as readonly string[]).includes(p.protocol)) out.push(notSupported(`${pp}.protocol`, p.protocol, PORT_PROTOCOLS));
    if (p.targetPort !== undefined && p.targetPort !== null) out.push(...validatePortNumOrName(`${pp}.targetPort`, p.targetPort));
    if (p.nodePort) {
      if (type === 'ClusterIP' || type === undefined) out.push(forbiddenField(`${pp}.nodePort`, NODE_PORT_ON_CLUSTER_IP));
      else out.push(...portNumber(`${pp}.nodePort`, p.nodePort));
    }
    const key = `${p.port}/${p.protocol}`;
    if (keys.has(key)) out.push({ field: pp, message: `Duplicate value: ${goServicePortKey(p)}` });
    keys.add(key);
  });
  out.push(...labelMap('spec.selector', spec.selector));
  out.push(...oneOf('spec.sessionAffinity', spec.sessionAffinity, SESSION_AFFINITIES));
  const timeout = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds;
  if (typeof timeout === 'number' && (timeout <= 0 || timeout > 86400)) {
    out.push(invalidValue('spec.sessionAffinityConfig.clientIP.timeoutSeconds', timeout, inclusiveRangeError(1, 86400)));
  }
  if (spec.clusterIP && spec.clusterIP !== 'None' && !isIP(spec.clusterIP)) out.push(invalidValue('spec.clusterIPs[0]', spec.clusterIP, INVALID_IP));
  (Array.isArray(spec.externalIPs) ? spec.externalIPs : []).forEach((ip: any, i: number) => {
    if (!isIP(String(ip))) out.push(invalidValue(`spec.externalIPs[${i}]`, ip, INVALID_IP));
  });
  if (spec.externalTrafficPolicy) {
    if (type !== 'NodePort' && type !== 'LoadBalancer') out.push(invalidValue('spec.externalTrafficPolicy', spec.externalTrafficPolicy, EXTERNAL_TRAFFIC_POLICY_TYPE));
    else out.push(...oneOf('spec.externalTrafficPolicy', spec.externalTrafficPolicy, TRAFFIC_POLICIES));
  }
  out.push(...oneOf('spec.internalTrafficPolicy', spec.internalTrafficPolicy, TRAFFIC_POLICIES));
  out.push(...oneOf('spec.ipFamilyPolicy', spec.ipFamilyPolicy, IP_FAMILY_POLICIES));
  (Array.isArray(spec.ipFamilies) ? spec.ipFamilies : []).forEach((f: any, i: number) => {
    out.push(...oneOf(`spec.ipFamilies[${i}]`, f, IP_FAMILIES));
  });
  return out;
}

/** SERVICE_STRATEGY is the Service strategy (status is the load balancer's, reset on create). */
export const SERVICE_STRATEGY: Strategy = {
  defaults: defaultService,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateServiceSpec(obj.spec), ...validateSourceRanges(obj)],
  validateUpdate: (obj, old) => {
    const out = [...validateObjectMetaUpdate(obj, old, META), ...validateServiceSpec(obj.spec), ...validateSourceRanges(obj)];
    // ClusterIP is immutable once allocated (except when switching to or from ExternalName).
    const o = old.spec?.clusterIP;
    const n = obj.spec?.clusterIP;
    if (o && n !== undefined && n !== o && obj.spec?.type !== 'ExternalName' && old.spec?.type !== 'ExternalName') {
      out.push(immutable('spec.clusterIPs[0]', n));
    }
    return out;
  },
  prepareForCreate(obj) { obj.status = { loadBalancer: {} }; },
  prepareForUpdate(obj, old) { obj.status = structuredClone(old.status ?? { loadBalancer: {} }); },
  beginCreate(obj, ctx) { allocateServiceAddresses(obj, ctx.list('Service'), ctx.rand); },
  beginUpdate(obj, old, ctx) {
    // What the Service holds is kept unless the user changed it; what its new type needs is claimed.
    obj.spec ??= {};
    dropTypeDependentFields(obj, old);
    allocateServiceAddresses(obj, ctx.list('Service').filter((s) => s.metadata.uid !== old.metadata.uid), ctx.rand, old);
  },
};
