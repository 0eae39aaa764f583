/**
 * controller-accounts: the ServiceAccounts kube-controller-manager makes in kube-system as it
 * starts its controllers with --use-service-account-credentials (kubeadm's setting): one per
 * controller client, named as the system:controller:* role bound to it. The service and route
 * controllers run only with a cloud provider (kubemu's runs as the cloud-controller-manager),
 * and kubeadm adds bootstrap-signer and token-cleaner to the default controllers.
 */
import type { KubeObject } from '../api/meta';
import { CONTROLLER_ROLES } from './rbac-controller-roles';

const CLOUD_CONTROLLERS = new Set(['route-controller', 'service-controller']);
const KUBEADM_CONTROLLERS = ['bootstrap-signer', 'token-cleaner'];

/** controllerServiceAccounts lists the accounts by name; kubeadm's two only on a kubeadm cluster. */
export function controllerServiceAccounts(kubeadm: boolean): KubeObject[] {
  const names = CONTROLLER_ROLES.map((c) => c.account).filter((a) => !CLOUD_CONTROLLERS.has(a));
  if (kubeadm) names.push(...KUBEADM_CONTROLLERS);
  return names.sort().map((name) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'kube-system' } }));
}
