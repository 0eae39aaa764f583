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

/** clientVersionText is `kubectl version --client` output. */
export function clientVersionText(): string {
  return `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
}
