/**
 * annotations: the keys and event texts shared by the binder and the provisioner.
 * Mirrors kubernetes pkg/controller/volume/persistentvolume/util and sig-storage-lib-external-provisioner.
 */

export const EVENT_COMPONENT = 'persistentvolume-controller';
export const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';
export const DEFAULT_CLASS = 'storageclass.kubernetes.io/is-default-class';

export const WAIT_FOR_FIRST_CONSUMER = 'WaitForFirstConsumer';
export const WAIT_FOR_FIRST_CONSUMER_MESSAGE = 'waiting for first consumer to be created before binding';
export const EXTERNAL_PROVISIONING = 'ExternalProvisioning';
export const FAILED_BINDING = 'FailedBinding';
export const NO_VOLUME_NO_CLASS_MESSAGE = 'no persistent volumes available for this claim and no storage class is set';
export const PROVISIONING = 'Provisioning';
export const PROVISIONING_FAILED = 'ProvisioningFailed';

/**
 * CSI_MIGRATED_PROVISIONERS are the in-tree kubernetes.io/ provisioners v1.32 hands to CSI
 * drivers (external provisioning); any other kubernetes.io/ name has no provisionable plugin.
 */
export const CSI_MIGRATED_PROVISIONERS: ReadonlySet<string> = new Set([
  'kubernetes.io/aws-ebs', 'kubernetes.io/gce-pd', 'kubernetes.io/azure-disk', 'kubernetes.io/azure-file',
  'kubernetes.io/cinder', 'kubernetes.io/vsphere-volume', 'kubernetes.io/portworx-volume',
]);

/** noVolumePluginMessage is the ProvisioningFailed text for a kubernetes.io/ provisioner no plugin serves. */
export const noVolumePluginMessage = (provisioner: string): string => `no volume plugin matched name: ${provisioner}`;
export const PROVISIONING_SUCCEEDED = 'ProvisioningSucceeded';

/** externalProvisioningMessage is the ExternalProvisioning event text. */
export function externalProvisioningMessage(provisioner: string): string {
  return `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`;
}
