/**
 * pod: `kubectl describe pod` (kubectl describePod).
 */
import type { PodCondition, PodIP } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { describeContainers, describeResources } from './containers';
import { wantEvents, type DescribeContext } from './context';
import { printController } from './controller-ref';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline';
import { podQOSClass } from './pod-resources';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { formatRFC1123Z, timestampSince } from './time-format';
import { describeTopologySpreadConstraints } from './topology-spread';
import { describeVolumes } from './volumes';

/** describePodIPs writes `IPs:` with one `  IP:` line per pod IP, or `IPs:  <none>`. */
export function describePodIPs(pod: KubeObject, w: PrefixWriter, space: string): void {
  const ips: PodIP[] = pod.status?.podIPs ?? [];
  if (ips.length === 0) { w.write(LEVEL_0, `${space}IPs:\t<none>\n`); return; }
  w.write(LEVEL_0, `${space}IPs:\n`);
  for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip.ip}\n`);
}

/** describePod renders a Pod exactly as kubectl describe pod does. */
export function describePod(pod: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  w.write(LEVEL_0, `Name:\t${pod.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
  if (spec.priority !== undefined && spec.priority !== null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
  w.write(LEVEL_0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', pod.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
  if (pod.metadata.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(pod.metadata.deletionTimestamp, ctx.now)})\n`);
    w.write(LEVEL_0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? spec.terminationGracePeriodSeconds ?? 30}s\n`);
  } else {
    w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
  }
  if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
  const seccomp = spec.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
  w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
  describePodIPs(pod, w, '');
  const controlledBy = printController(pod);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
  if (spec.resources) {
    w.write(LEVEL_0, 'Resources:\n');
    describeResources(spec.resources, w, LEVEL_1);
  }
  if ((spec.initContainers ?? []).length > 0) {
    describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses ?? [], pod, w, '');
  }
  describeContainers('Containers', spec.containers, status.containerStatuses ?? [], pod, w, '');
  if ((spec.ephemeralContainers ?? []).length > 0) {
    describeContainers('Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses ?? [], pod, w, '');
  }
  const conditions: PodCondition[] = status.conditions ?? [];
  if ((spec.readinessGates ?? []).length > 0) {
    w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of spec.readinessGates) {
      const c = conditions.find((x) => x.type === g.conditionType);
      w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
    }
  }
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(spec.volumes, w, '');
  w.write(LEVEL_0, `QoS Class:\t${podQOSClass(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
