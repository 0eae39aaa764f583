/**
 * dependency-rules: which part of src/ may import which — the layering the house style asks
 * for, as data. A unit is a top folder of src/ (`controllers`, `kubelet` …) except a few
 * single modules that are seams other layers are meant to reach through: the API contract
 * (the ApiClient interface and its errors) and time and chance (the clock, the RNG, the
 * fault-injection hooks). A unit may import itself and the units listed for it; nothing else.
 */

/** SEAMS are modules (src/-relative, no extension) that are units of their own. */
export const SEAMS = [
  'apiserver/client', 'apiserver/errors',
  'sim/clock', 'sim/rand', 'sim/failpoints',
] as const;

const API_CONTRACT = ['apiserver/client', 'apiserver/errors'];
const TIME_AND_CHANCE = ['sim/clock', 'sim/rand', 'sim/failpoints'];
/** What every component (a reconcile loop run by sim/runtime) builds on. */
const COMPONENT_BASE = ['api', 'yaml', ...API_CONTRACT, ...TIME_AND_CHANCE, 'sim'];

/** ALLOWED: unit → the other units it may import, lowest layer first. */
export const ALLOWED: Record<string, readonly string[]> = {
  'api': [],
  'yaml': ['api'],
  'sim/clock': [],
  'sim/rand': [],
  'sim/failpoints': [],
  'store': ['api'],
  // Quota evaluators (upstream pkg/quota/v1/evaluator): usage of objects against a ResourceQuota,
  // shared by admission and the resource quota controller.
  'quota': ['api'],
  'apiserver/client': ['api'],
  'apiserver/errors': ['api'],
  'apiserver': ['api', 'yaml', 'store', 'quota', ...API_CONTRACT, ...TIME_AND_CHANCE],
  // The runtime and the Controller contract it runs: reads the change log, never a component.
  'sim': ['api', 'store', ...API_CONTRACT, ...TIME_AND_CHANCE],
  'controllers': [...COMPONENT_BASE, 'quota'],
  'scheduler': COMPONENT_BASE,
  'network': COMPONENT_BASE,
  // The kubelet calls the network plugin for pod IPs and cluster DNS, as upstream calls CNI.
  'kubelet': [...COMPONENT_BASE, 'network'],
  // metrics-server scrapes the kubelets' usage figures.
  'metrics': [...COMPONENT_BASE, 'kubelet'],
  // Presentation: formats API objects, knows nothing of how they are stored or reconciled.
  'printers': ['api'],
  // The invariant checker audits the stored state with the API's own decoder and resource maths.
  'invariants': ['api', 'yaml', 'store', 'apiserver', ...API_CONTRACT, 'scheduler'],
  // Composition: builds a cluster from every layer below the CLI.
  'cluster': ['api', 'yaml', 'store', 'apiserver', ...API_CONTRACT, ...TIME_AND_CHANCE, 'sim',
    'controllers', 'scheduler', 'network', 'kubelet', 'metrics'],
  // kustomize builds manifests from files: objects and YAML only (patches are handed in by the CLI).
  'kustomize': ['api', 'yaml'],
  // kubemu check: a throwaway cluster judged phase by phase; the CLI hands it kubectl's apply steps;
  // NetworkPolicy findings use the network's policy model.
  'check': ['api', 'yaml', 'apiserver', ...API_CONTRACT, ...TIME_AND_CHANCE, 'sim', 'kubelet', 'printers', 'cluster', 'network', 'kustomize'],
  // kubemu cost: node-hours and the allocation of their cost, pure over the billing record.
  'cost': ['api'],
  // A node's host (kubemu ssh): its files and units over the API, with the kubelet's shell and static pods, and the CNI config in /etc/cni/net.d.
  'node-host': [...COMPONENT_BASE, 'kubelet', 'network'],
  // Exercises: a cluster set up by commands and judged through the API, the network model and node hosts.
  'exercise': ['api', 'yaml', 'apiserver', ...API_CONTRACT, ...TIME_AND_CHANCE, 'sim', 'cluster', 'check', 'kubelet', 'network', 'node-host', 'printers'],
  // Exams: several exercise clusters, timed and scored together.
  'exam': ['exercise', 'api', 'cluster'],
  'cli': ['exam', 'exercise', 'node-host', 'api', 'yaml', 'store', 'apiserver', ...API_CONTRACT, ...TIME_AND_CHANCE, 'sim',
    'controllers', 'scheduler', 'network', 'kubelet', 'metrics', 'printers', 'invariants', 'cluster', 'check', 'kustomize', 'cost'],
};

/**
 * EXEMPT: known wrong-way imports, each with the change that removes it. An exemption names
 * the importing unit and the imported module exactly; anything else the wrong way fails.
 */
export const EXEMPT: readonly { from: string; to: string; why: string }[] = [
  // None today. An entry reads { from: unit, to: module, why: the change that removes it }.
];
