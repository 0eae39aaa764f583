/**
 * container-validation: the per-container checks of pkg/apis/core/validation
 * (validateContainers, validateInitContainers, ports, env, volume mounts, probes, resources).
 */
import { compareQuantity, tryParseQuantity } from '../../api/quantity';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, notFoundField, notSupported, required } from '../field-errors';
import { NEGATIVE_ERROR, nonNegative, oneOf, portNumber, positive } from './field-rules';
import { dotPathErrors, isDNS1123Label, isValidPortName } from './names';
import { isObject } from './strategy';

/** PORT_PROTOCOLS are the supported container/service port protocols, sorted as upstream prints them. */
export const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;
/** PULL_POLICIES are the supported imagePullPolicy values. */
export const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;
/** TERMINATION_MESSAGE_POLICIES are the supported terminationMessagePolicy values. */
export const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'] as const;
/** HANDLER_KEYS are a probe/lifecycle handler's action types, in the order upstream checks them. */
export const HANDLER_KEYS = ['exec', 'httpGet', 'tcpSocket', 'grpc'] as const;
/** MORE_THAN_ONE_HANDLER is the detail when a probe names two actions. */
export const MORE_THAN_ONE_HANDLER = 'may not specify more than 1 handler type';
/** NO_HANDLER is the detail when a probe names no action. */
export const NO_HANDLER = 'must specify a handler type';
/** INIT_CONTAINER_FIELD_FORBIDDEN is the detail for probes/lifecycle on a non-sidecar init container. */
export const INIT_CONTAINER_FIELD_FORBIDDEN = 'may not be set for init containers without restartPolicy=Always';
/** MUST_BE_ONE is the detail for liveness/startup successThreshold. */
export const MUST_BE_ONE = 'must be 1';
/** RESTART_POLICY_NON_INIT is the detail for restartPolicy on a regular container. */
export const RESTART_POLICY_NON_INIT = 'may not be set for non-init containers';
/** ENV_NAME_ERROR is the relaxed (v1.32 default) environment variable name rule. */
export const ENV_NAME_ERROR = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/** Volumes maps a pod's volume names, for mount checks. */
export type VolumeNames = ReadonlySet<string>;

/** validatePortNumOrName checks an IntOrString port: a number in range, or an IANA port name. */
export function validatePortNumOrName(field: string, port: unknown): StatusCause[] {
  if (typeof port === 'number') return portNumber(field, port);
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalidValue(field, port, m));
  return [required(field)];
}

function validateHandler(field: string, h: any): StatusCause[] {
  const out: StatusCause[] = [];
  let n = 0;
  for (const key of HANDLER_KEYS) {
    const action = h[key];
    if (action === undefined || action === null) continue;
    if (n > 0) { out.push(forbiddenField(`${field}.${key}`, MORE_THAN_ONE_HANDLER)); continue; }
    n++;
    const p = `${field}.${key}`;
    if (key === 'exec' && !(Array.isArray(action.command) && action.command.length)) out.push(required(`${p}.command`));
    if (key === 'httpGet') {
      if (!action.path) out.push(required(`${p}.path`));
      out.push(...validatePortNumOrName(`${p}.port`, action.port));
      out.push(...oneOf(`${p}.scheme`, action.scheme, ['HTTP', 'HTTPS']));
    }
    if (key === 'tcpSocket') out.push(...validatePortNumOrName(`${p}.port`, action.port));
    if (key === 'grpc') out.push(...portNumber(`${p}.port`, action.port));
  }
  if (n === 0) out.push(required(field, NO_HANDLER));
  return out;
}

/** validateProbe checks one probe; mustSucceedOnce is true for liveness and startup probes. */
export function validateProbe(field: string, probe: any, mustSucceedOnce: boolean): StatusCause[] {
  if (!isObject(probe)) return [];
  const out = validateHandler(field, probe);
  for (const k of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    out.push(...nonNegative(`${field}.${k}`, probe[k]));
  }
  out.push(...positive(`${field}.terminationGracePeriodSeconds`, probe.terminationGracePeriodSeconds, 'must be greater than 0'));
  if (mustSucceedOnce && typeof probe.successThreshold === 'number' && probe.successThreshold !== 1) {
    out.push(invalidValue(`${field}.successThreshold`, probe.successThreshold, MUST_BE_ONE));
  }
  return out;
}

function validatePorts(field: string, ports: any[]): StatusCause[] {
  const out: StatusCause[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = `${field}[${i}]`;
    if (!isObject(port)) return;
    if (port.name) {
      const msgs = isValidPortName(port.name);
      if (msgs.length) for (const m of msgs) out.push(invalidValue(`${p}.name`, port.name, m));
      else if (names.has(port.name)) out.push(duplicate(`${p}.name`, port.name));
      else names.add(port.name);
    }
    if (!port.containerPort) out.push(required(`${p}.containerPort`));
    else out.push(...portNumber(`${p}.containerPort`, port.containerPort));
    if (port.hostPort) out.push(...portNumber(`${p}.hostPort`, port.hostPort));
    if (!port.protocol) out.push(required(`${p}.protocol`));
    else if (!(PORT_PROTOCOLS as readonly string[]).includes(port.protocol)) out.push(notSupported(`${p}.protocol`, port.protocol, PORT_PROTOCOLS));
  });
  return out;
}

/** isRelaxedEnvVarName is IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation, on in v1.32). */
export function isRelaxedEnvVarName(name: string): string[] {
  const errs: string[] = [];
  if (!name) errs.push('environment variable name must be non-empty');
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c < 32 || c > 126 || ch === '=') { errs.push(ENV_NAME_ERROR); break; }
  }
  errs.push(...dotPathErrors(name));
  return errs;
}

function validateEnv(field: string, env: any[]): StatusCause[] {
  const out: StatusCause[] = [];
  env.forEach((ev, i) => {
    const p = `${field}[${i}]`;
    if (!isObject(ev)) return;
    if (!ev.name) out.push(required(`${p}.name`));
    else for (const m of isRelaxedEnvVarName(ev.name)) out.push(invalidValue(`${p}.name`, ev.name, m));
    if (isObject(ev.valueFrom)) {
      const vf = ev.valueFrom;
      const sources = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'].filter((k) => isObject(vf[k]));
      for (const k of ['configMapKeyRef', 'secretKeyRef']) {
        if (!isObject(vf[k])) continue;
        if (!vf[k].key) out.push(required(`${p}.valueFrom.${k}.key`));
      }
      if (isObject(vf.fieldRef) && !vf.fieldRef.fieldPath) out.push(required(`${p}.valueFrom.fieldRef.fieldPath`));
      if (ev.value) {
        if (sources.length) out.push(invalidValue(`${p}.valueFrom`, '', 'may not be specified when `value` is not empty'));
      } else if (sources.length !== 1) {
        out.push(invalidValue(`${p}.valueFrom`, '', 'may not have more than one field specified at a time'));
      }
    }
  });
  return out;
}

function validateVolumeMounts(field: string, mounts: any[], volumes: VolumeNames): StatusCause[] {
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  mounts.forEach((mnt, i) => {
    const p = `${field}[${i}]`;
    if (!isObject(mnt)) return;
    if (!mnt.name) out.push(required(`${p}.name`));
    else if (!volumes.has(mnt.name)) out.push(notFoundField(`${p}.name`, mnt.name));
    if (!mnt.mountPath) out.push(required(`${p}.mountPath`));
    else if (seen.has(mnt.mountPath)) out.push(invalidValue(`${p}.mountPath`, mnt.mountPath, 'must be unique'));
    if (mnt.mountPath) seen.add(mnt.mountPath);
  });
  return out;
}

/** lessOrEqualLimitError is the request-above-limit detail ("… cpu limit of 1"). */
export const lessOrEqualLimitError = (resource: string, limit: string): string =>
  `must be less than or equal to ${resource} limit of ${limit}`;

/** validateResources checks non-negative quantities and requests ≤ limits (ValidateContainerResourceRequirements). */
export function validateResources(field: string, res: any): StatusCause[] {
  if (!isObject(res)) return [];
  const out: StatusCause[] = [];
  const limits = isObject(res.limits) ? res.limits : {};
  const requests = isObject(res.requests) ? res.requests : {};
  for (const [name, q] of Object.entries(limits)) {
    const v = tryParseQuantity(q as string);
    if (v !== undefined && v.nanos < 0n) out.push(invalidValue(`${field}.limits[${name}]`, String(q), NEGATIVE_ERROR));
  }
  for (const [name, q] of Object.entries(requests)) {
    const v = tryParseQuantity(q as string);
    if (v !== undefined && v.nanos < 0n) out.push(invalidValue(`${field}.requests[${name}]`, String(q), NEGATIVE_ERROR));
    const l = limits[name];
    if (l === undefined || v === undefined) continue;
    const lv = tryParseQuantity(l as string);
    if (lv !== undefined && compareQuantity(v, lv) > 0) out.push(invalidValue(`${field}.requests`, String(q), lessOrEqualLimitError(name, String(l))));
  }
  return out;
}

/** ContainerKind says which list a container comes from; it changes which fields are allowed. */
export type ContainerKind = 'containers' | 'initContainers' | 'ephemeralContainers';

/** validateContainerCommon checks one container (name, image, ports, env, mounts, probes, resources, enums). */
export function validateContainer(field: string, c: any, kind: ContainerKind, volumes: VolumeNames): StatusCause[] {
  const out: StatusCause[] = [];
  if (!isObject(c)) return [required(field)];
  if (!c.name) out.push(required(`${field}.name`));
  else for (const m of isDNS1123Label(c.name)) out.push(invalidValue(`${field}.name`, c.name, m));
  if (!c.image) out.push(required(`${field}.image`));
  out.push(...oneOf(`${field}.imagePullPolicy`, c.imagePullPolicy, PULL_POLICIES));
  out.push(...oneOf(`${field}.terminationMessagePolicy`, c.terminationMessagePolicy, TERMINATION_MESSAGE_POLICIES));
  if (Array.isArray(c.ports)) out.push(...validatePorts(`${field}.ports`, c.ports));
  if (Array.isArray(c.env)) out.push(...validateEnv(`${field}.env`, c.env));
  if (Array.isArray(c.volumeMounts)) out.push(...validateVolumeMounts(`${field}.volumeMounts`, c.volumeMounts, volumes));
  out.push(...validateResources(`${field}.resources`, c.resources));
  const sidecar = kind === 'initContainers' && c.restartPolicy === 'Always';
  if (kind === 'initContainers' && !sidecar) {
    for (const k of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']) {
      if (c[k] !== undefined && c[k] !== null) out.push(forbiddenField(`${field}.${k}`, INIT_CONTAINER_FIELD_FORBIDDEN));
    }
  } else {
    out.push(...validateProbe(`${field}.livenessProbe`, c.livenessProbe, true));
    out.push(...validateProbe(`${field}.startupProbe`, c.startupProbe, true));
    out.push(...validateProbe(`${field}.readinessProbe`, c.readinessProbe, false));
  }
  if (kind === 'initContainers') out.push(...oneOf(`${field}.restartPolicy`, c.restartPolicy, ['Always']));
  else if (c.restartPolicy !== undefined && c.restartPolicy !== null) out.push(forbiddenField(`${field}.restartPolicy`, RESTART_POLICY_NON_INIT));
  return out;
}
