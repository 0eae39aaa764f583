/**
 * host-files-provider: hands the kubelet the node hosts' files (node-host/host-files.ts), so a
 * hostPath volume (a node debugging pod's /host) shows what `kubemu ssh NODE` shows. The
 * node-host module loads only when a container actually mounts a hostPath.
 */
import type { HostFilesProvider } from '../kubelet/host-path-files';

/** hostFilesProvider lists a node's files as its shell sees them (the control plane's endpoint as kubeadm wrote it). */
export const hostFilesProvider: HostFilesProvider = (node, api, nowMs) => {
  const { apiServerEndpoint } = require('../cluster/node-factory') as typeof import('../cluster/node-factory');
  const { hostFiles } = require('../node-host/host-files') as typeof import('../node-host/host-files');
  return hostFiles({ node, api, nowMs, endpoint: apiServerEndpoint() }).files;
};
