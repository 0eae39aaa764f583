/** node: the Node printer (printers.go printNode, findNodeRoles). */
import type { KubeObject } from '../../api/meta';
import { ageCell, byteOrder, nameCell, NONE, UNKNOWN } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** NODE_READY is STATUS when the Ready condition is True. */
export const NODE_READY = 'Ready';
/** NODE_NOT_READY is STATUS when the Ready condition is False or Unknown. */
export const NODE_NOT_READY = 'NotReady';
/** NODE_UNKNOWN is STATUS when the node has no Ready condition at all. */
export const NODE_UNKNOWN = 'Unknown';
/** NODE_SCHEDULING_DISABLED is appended (after ",") to STATUS of a cordoned node. */
export const NODE_SCHEDULING_DISABLED = 'SchedulingDisabled';
/** NODE_ROLE_LABEL_PREFIX marks a role label: node-role.kubernetes.io/<role>. */
export const NODE_ROLE_LABEL_PREFIX = 'node-role.kubernetes.io/';
/** NODE_ROLE_LABEL is the legacy kubernetes.io/role=<role> label. */
export const NODE_ROLE_LABEL = 'kubernetes.io/role';

/** nodeStatus is Ready / NotReady / Unknown from the Ready condition, plus ",SchedulingDisabled" when cordoned. */
export function nodeStatus(node: KubeObject): string {
  const ready = (node.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'Ready');
  const parts = [ready ? (ready.status === 'True' ? NODE_READY : NODE_NOT_READY) : NODE_UNKNOWN];
  if (node.spec?.unschedulable) parts.push(NODE_SCHEDULING_DISABLED);
  return parts.join(',');
}

/** nodeRoles lists role names from node-role.kubernetes.io/* and kubernetes.io/role labels, sorted and unique. */
export function nodeRoles(node: KubeObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(NODE_ROLE_LABEL_PREFIX)) {
      const role = k.slice(NODE_ROLE_LABEL_PREFIX.length);
      if (role) roles.add(role);
    } else if (k === NODE_ROLE_LABEL && v) {
      roles.add(v);
    }
  }
  return [...roles].sort(byteOrder);
}

function address(node: KubeObject, type: string): string {
  const a = (node.status?.addresses ?? []).find((x: { type?: string }) => x.type === type);
  return a?.address || NONE;
}

/** nodeTable is the Node printer. */
export const nodeTable: TableDef = {
  columns: [col('Name'), col('Status'), col('Roles'), col('Age'), col('Version'),
    wide('Internal-IP'), wide('External-IP'), wide('OS-Image'), wide('Kernel-Version'), wide('Container-Runtime')],
  cells(node: KubeObject, ctx: PrintContext): string[] {
    const info = node.status?.nodeInfo ?? {};
    const roles = nodeRoles(node).join(',');
    return [nameCell(node), nodeStatus(node), roles || NONE, ageCell(node, ctx), info.kubeletVersion ?? '',
      address(node, 'InternalIP'), address(node, 'ExternalIP'),
      info.osImage || UNKNOWN, info.kernelVersion || UNKNOWN, info.containerRuntimeVersion || UNKNOWN];
  },
};
