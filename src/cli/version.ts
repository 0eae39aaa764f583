/**
 * version: the versions kubemu reports — a kubectl v1.32 client talking to a v1.32 cluster.
 * Kept free of imports so `kubemu version --client` starts as fast as node itself.
 */

/** CLIENT_VERSION is the kubectl version kubemu's CLI behaves as. */
export const CLIENT_VERSION = 'v1.32.2';
/** KUSTOMIZE_VERSION is what kubectl v1.32 embeds. */
export const KUSTOMIZE_VERSION = 'v5.5.0';
/** SERVER_VERSION is the emulated API server's version. */
export const SERVER_VERSION = 'v1.32.2';

/** VERSION_INFO is the build information kube-apiserver's /version serves (and kubectl's client reports), in version.Info's field order. */
export const VERSION_INFO = {
  major: '1', minor: '32', gitVersion: SERVER_VERSION, gitCommit: '67a30c0adcf52bd3f56ff0893ce19966be12991f', gitTreeState: 'clean',
  buildDate: '2025-02-12T21:26:09Z', goVersion: 'go1.23.6', compiler: 'gc', platform: 'linux/amd64',
} as const;

/** clientVersionText is `kubectl version --client` output. */
export function clientVersionText(): string {
  return `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
}
