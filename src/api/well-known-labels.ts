/**
 * well-known-labels: the node labels (k8s.io/api's well_known_labels.go) that more than one
 * part of kubemu reads.
 */

/** HOSTNAME_LABEL is a node's (and an API server identity Lease's) hostname label. */
export const HOSTNAME_LABEL = 'kubernetes.io/hostname';
/** CONTROL_PLANE_LABEL is the role label kubeadm puts on a control-plane node. */
export const CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';

/** isControlPlaneNode reports whether a node carries kubeadm's control-plane role label. */
export const isControlPlaneNode = (node: { metadata: { labels?: Record<string, string> } }): boolean =>
  node.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined;
