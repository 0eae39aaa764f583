/** managed-fields: server-side apply and field ownership (metadata.managedFields). */
export { applyConfiguration, recordUpdate, type Scope } from './managed-fields';
export { managerName } from './manager-name';
export { upgradeClientSideApply } from './csa-upgrade';
