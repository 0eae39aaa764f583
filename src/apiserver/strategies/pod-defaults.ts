/**
 * pod-defaults: SetDefaults for PodSpec, Container, Probe, Volume (pkg/apis/core/v1/defaults.go)
 * shared by Pods and every pod template (Deployment, ReplicaSet, Job …).
 */
import { defaultEmbeddedMeta, isObject, setDefault, withOrder } from './strategy';

/** DEFAULT_TERMINATION_MESSAGE_PATH is where a container's termination message is read from. */
export const DEFAULT_TERMINATION_MESSAGE_PATH = '/dev/termination-log';
/** DEFAULT_SCHEDULER_NAME is the scheduler a pod gets when it names none. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
/** DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS is the pod's default grace period. */
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;
/** DEFAULT_FILE_MODE is 0644, the defaultMode of secret/configMap/projected/downwardAPI volumes. */
export const DEFAULT_FILE_MODE = 420;

/** POD_SPEC_FIELD_ORDER is core/v1 PodSpec's field declaration order (JSON output order). */
export const POD_SPEC_FIELD_ORDER = ['volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy',
  'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector', 'serviceAccountName',
  'serviceAccount', 'automountServiceAccountToken', 'nodeName', 'hostNetwork', 'hostPID', 'hostIPC',
  'shareProcessNamespace', 'securityContext', 'imagePullSecrets', 'hostname', 'subdomain', 'affinity', 'schedulerName',
  'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'dnsConfig', 'readinessGates', 'runtimeClassName',
  'enableServiceLinks', 'preemptionPolicy', 'overhead', 'topologySpreadConstraints', 'setHostnameAsFQDN', 'os',
  'hostUsers', 'schedulingGates', 'resourceClaims', 'resources'];

/** CONTAINER_FIELD_ORDER is core/v1 Container's field declaration order. */
export const CONTAINER_FIELD_ORDER = ['name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env',
  'resources', 'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe',
  'startupProbe', 'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy',
  'securityContext', 'stdin', 'stdinOnce', 'tty'];

/** VOLUME_SOURCE_KEYS are the VolumeSource members; a volume with none of them becomes an emptyDir. */
export const VOLUME_SOURCE_KEYS = ['hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo',
  'secret', 'nfs', 'iscsi', 'glusterfs', 'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker',
  'downwardAPI', 'fc', 'azureFile', 'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk',
  'projected', 'portworxVolume', 'scaleIO', 'storageos', 'csi', 'ephemeral', 'image'];

/**
 * defaultImagePullPolicy is Always for ":latest" or an untagged image, IfNotPresent otherwise
 * (a digest without a tag counts as tagged, as in ParseImageName).
 */
export function defaultImagePullPolicy(image: string): 'Always' | 'IfNotPresent' {
  const at = image.indexOf('@');
  const ref = at >= 0 ? image.slice(0, at) : image;
  const lastPart = ref.slice(ref.lastIndexOf('/') + 1);
  const colon = lastPart.lastIndexOf(':');
  const tag = colon >= 0 ? lastPart.slice(colon + 1) : (at >= 0 ? '' : 'latest');
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** defaultProbe is SetDefaults_Probe plus the HTTPGet action's path and scheme. */
export function defaultProbe(probe: any): void {
  if (!isObject(probe)) return;
  if (isObject(probe.httpGet)) {
    setDefault(probe.httpGet, 'path', '/');
    setDefault(probe.httpGet, 'scheme', 'HTTP');
  }
  setDefault(probe, 'timeoutSeconds', 1);
  setDefault(probe, 'periodSeconds', 10);
  setDefault(probe, 'successThreshold', 1);
  setDefault(probe, 'failureThreshold', 3);
}

function defaultLifecycleHandler(handler: any): void {
  if (isObject(handler) && isObject(handler.httpGet)) {
    setDefault(handler.httpGet, 'path', '/');
    setDefault(handler.httpGet, 'scheme', 'HTTP');
  }
}

function defaultFieldRef(holder: any): void {
  if (isObject(holder) && isObject(holder.fieldRef)) setDefault(holder.fieldRef, 'apiVersion', 'v1');
}

/** defaultContainer is SetDefaults_Container and the defaults of what it holds. */
export function defaultContainer(c: any): void {
  if (!isObject(c)) return;
  if (typeof c.image === 'string' && c.image) setDefault(c, 'imagePullPolicy', defaultImagePullPolicy(c.image));
  setDefault(c, 'terminationMessagePath', DEFAULT_TERMINATION_MESSAGE_PATH);
  setDefault(c, 'terminationMessagePolicy', 'File');
  // Resources is a struct, not a pointer, in core/v1: it always serialises, as {} when empty.
  setDefault(c, 'resources', {});
  for (const p of Array.isArray(c.ports) ? c.ports : []) if (isObject(p)) setDefault(p, 'protocol', 'TCP');
  for (const e of Array.isArray(c.env) ? c.env : []) if (isObject(e)) defaultFieldRef(e.valueFrom);
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(c[key]);
  if (isObject(c.lifecycle)) { defaultLifecycleHandler(c.lifecycle.postStart); defaultLifecycleHandler(c.lifecycle.preStop); }
  withOrder(c, CONTAINER_FIELD_ORDER);
}

/** defaultVolume is SetDefaults_Volume plus the modes of the file-projecting sources. */
export function defaultVolume(v: any): void {
  if (!isObject(v)) return;
  if (!VOLUME_SOURCE_KEYS.some((k) => v[k] !== undefined && v[k] !== null)) v.emptyDir = {};
  for (const k of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    if (isObject(v[k])) setDefault(v[k], 'defaultMode', DEFAULT_FILE_MODE);
  }
  if (isObject(v.hostPath)) setDefault(v.hostPath, 'type', '');
  if (isObject(v.ephemeral) && isObject(v.ephemeral.volumeClaimTemplate)) defaultEmbeddedMeta(v.ephemeral.volumeClaimTemplate);
  if (isObject(v.downwardAPI)) for (const item of v.downwardAPI.items ?? []) defaultFieldRef(item);
  if (isObject(v.projected)) {
    for (const src of v.projected.sources ?? []) {
      if (isObject(src?.downwardAPI)) for (const item of src.downwardAPI.items ?? []) defaultFieldRef(item);
      if (isObject(src?.serviceAccountToken)) setDefault(src.serviceAccountToken, 'expirationSeconds', 3600);
    }
  }
  if (isObject(v.iscsi)) setDefault(v.iscsi, 'iscsiInterface', 'default');
}

/**
 * defaultPodSpec is SetDefaults_PodSpec, applied to pods and templates alike; pod-only defaults
 * (enableServiceLinks, requests from limits, priority) live in pod.ts.
 */
export function defaultPodSpec(spec: any): void {
  if (!isObject(spec)) return;
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'restartPolicy', 'Always');
  setDefault(spec, 'securityContext', {});
  setDefault(spec, 'terminationGracePeriodSeconds', DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
  setDefault(spec, 'schedulerName', DEFAULT_SCHEDULER_NAME);
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const c of Array.isArray(spec[key]) ? spec[key] : []) {
      defaultContainer(c);
      // With hostNetwork the host port is the container port.
      if (spec.hostNetwork === true) for (const p of c?.ports ?? []) if (isObject(p)) setDefault(p, 'hostPort', p.containerPort);
    }
  }
  for (const v of Array.isArray(spec.volumes) ? spec.volumes : []) defaultVolume(v);
  withOrder(spec, POD_SPEC_FIELD_ORDER);
}

/** defaultPodTemplate defaults a PodTemplateSpec ({metadata, spec}). */
export function defaultPodTemplate(template: any): void {
  if (!isObject(template)) return;
  defaultEmbeddedMeta(template);
  defaultPodSpec(template.spec);
}
