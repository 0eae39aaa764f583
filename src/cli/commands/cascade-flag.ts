/**
 * cascade-flag: kubectl's --cascade (delete's, and apply's for what --prune deletes): the
 * propagation policy of the deletes, with the old boolean spellings.
 */
import type { PropagationPolicy } from '../../apiserver/client';
import { defineFlag } from '../flag-table';
import { CliError } from '../errors';

export const CASCADE_FLAG = defineFlag({ name: 'cascade', type: 'string', default: 'background', noOptDefault: 'background', help: 'Must be "background", "orphan", or "foreground".' });

/** cascadeOf reads --cascade's value. */
export function cascadeOf(v: string): PropagationPolicy {
  switch (v) {
    case 'background': case 'true': return 'Background';
    case 'foreground': return 'Foreground';
    case 'orphan': case 'false': return 'Orphan';
    default: throw new CliError(`invalid cascade value (${v}). Must be "background", "foreground", or "orphan"`);
  }
}
