/**
 * local-apiservices: the APIServices kube-apiserver registers for the group-versions it serves
 * itself (cmd/kube-apiserver/app/aggregator.go's apiServicesToRegister, with the priorities of
 * apiVersionPriorities and controlplane's DefaultGenericAPIServicePriorities at v1.32): one per
 * served built-in group-version that has a priority (apiregistration.k8s.io has none, so it gets
 * no APIService), labelled to be synced once on start. They have no service: `kubectl get
 * apiservices` lists them as Local.
 */
import type { KubeObject } from '../api/meta';
import type { Registry } from '../api/registry';
import { AUTO_REGISTER_LABEL } from '../controllers/crdregistration';

/** PRIORITIES: "version.group" → [groupPriorityMinimum, versionPriority] for the versions kubemu serves. */
const PRIORITIES: Readonly<Record<string, readonly [number, number]>> = {
  'v1.': [18000, 1],
  'v1.apps': [17800, 15],
  'v1.events.k8s.io': [17750, 15],
  'v1.authentication.k8s.io': [17700, 15],
  'v1.authorization.k8s.io': [17600, 15],
  'v1.autoscaling': [17500, 15],
  'v2.autoscaling': [17500, 30],
  'v1.batch': [17400, 15],
  'v1.certificates.k8s.io': [17300, 15],
  'v1.networking.k8s.io': [17200, 15],
  'v1.policy': [17100, 15],
  'v1.rbac.authorization.k8s.io': [17000, 15],
  'v1.storage.k8s.io': [16800, 15],
  'v1.apiextensions.k8s.io': [16700, 15],
  'v1.admissionregistration.k8s.io': [16700, 15],
  'v1.scheduling.k8s.io': [16600, 15],
  'v1.coordination.k8s.io': [16500, 15],
  'v1.node.k8s.io': [16300, 15],
  'v1.discovery.k8s.io': [16200, 15],
  'v1.flowcontrol.apiserver.k8s.io': [16100, 21],
};

/** localAPIServices are the APIServices for the registry's built-in group-versions, by name. */
export function localAPIServices(registry: Registry): KubeObject[] {
  const names = new Set<string>();
  for (const r of registry.resources) for (const v of r.servedVersions) names.add(`${v}.${r.group}`);
  return [...names].filter((name) => PRIORITIES[name]).sort().map((name) => {
    const [groupPriorityMinimum, versionPriority] = PRIORITIES[name]!;
    const dot = name.indexOf('.');
    const group = name.slice(dot + 1);
    return {
      apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService',
      metadata: { name, labels: { [AUTO_REGISTER_LABEL]: 'onstart' } },
      spec: { ...(group ? { group } : {}), version: name.slice(0, dot), groupPriorityMinimum, versionPriority },
    } as KubeObject;
  });
}
