/**
 * get-raw-apiserver-metrics: the basics of kube-apiserver's /metrics in Prometheus' text
 * format — the build-info gauge and apiserver_storage_objects, the STABLE per-resource object
 * count that dashboards and `kubectl get --raw /metrics | grep` exercises read. Request
 * latencies, etcd and Go runtime families are not modelled: kubemu makes no requests to time.
 */
import type { ResourceInfo } from '../../api/registry';
import { VIRTUAL_RESOURCES } from '../../apiserver/virtual-resources';
import { VERSION_INFO } from '../version';

/** storageResourceLabel is the `resource` label upstream's storage metrics carry: plural, then .group if any. */
function storageResourceLabel(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/**
 * apiserverMetricsText renders /metrics for the stored resources, counted by countOf. Families
 * come sorted by name and series by label value, as Prometheus' registry gathers them.
 */
export function apiserverMetricsText(resources: readonly ResourceInfo[], countOf: (storageKind: string) => number): string {
  const v = VERSION_INFO;
  const lines = [
    '# HELP apiserver_storage_objects [STABLE] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    '# TYPE apiserver_storage_objects gauge',
  ];
  const counts = new Map<string, number>();
  const counted = new Set<string>();
  // Core resources first: events.k8s.io's Events are the core Events' storage seen through another group.
  for (const info of [...resources].sort((a, b) => Number(a.group !== '') - Number(b.group !== ''))) {
    // Served-only resources (metrics.k8s.io, ComponentStatus, create-only reviews and bindings) have no storage of their own.
    if (info.group === 'metrics.k8s.io' || VIRTUAL_RESOURCES.has(info.kind) || !info.verbs.includes('list') || counted.has(info.storageKind)) continue;
    counted.add(info.storageKind);
    counts.set(storageResourceLabel(info), countOf(info.storageKind));
  }
  for (const label of [...counts.keys()].sort()) lines.push(`apiserver_storage_objects{resource="${label}"} ${counts.get(label)}`);
  lines.push(
    "# HELP kubernetes_build_info [ALPHA] A metric with a constant '1' value labeled by major, minor, git version, git commit, git tree state, build date, Go version, and compiler from which Kubernetes was built, and platform on which it is running.",
    '# TYPE kubernetes_build_info gauge',
    `kubernetes_build_info{build_date="${v.buildDate}",compiler="${v.compiler}",git_commit="${v.gitCommit}",git_tree_state="${v.gitTreeState}",git_version="${v.gitVersion}",go_version="${v.goVersion}",major="${v.major}",minor="${v.minor}",platform="${v.platform}"} 1`,
  );
  return `${lines.join('\n')}\n`;
}
