/**
 * field-manager-flag: kubectl's --field-manager, each verb with its own default manager
 * (the name its writes are recorded under in managedFields).
 */
import { defineFlag } from '../flag-table';

/** fieldManagerFlag is --field-manager defaulting to the verb's manager. */
export const fieldManagerFlag = <const M extends string>(manager: M) => defineFlag({ name: 'field-manager', type: 'string', default: manager, help: 'Name of the manager used to track field ownership.' });
