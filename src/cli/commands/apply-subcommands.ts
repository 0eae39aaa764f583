/**
 * apply-subcommands: apply's subcommands — view-last-applied, set-last-applied and
 * edit-last-applied — as flag tables and names. Their code loads only when one runs
 * (apply-last-applied.ts, apply-edit-last-applied.ts): apply's own start-up is a measured path.
 */
import { defineCommand } from '../command';
import { defineFlags } from '../flag-table';
import { PRINT_FLAGS } from '../print-flags';
import { fieldManagerFlag } from './field-manager-flag';
import { KUSTOMIZE_FLAG, SELECT_FLAGS } from './select-flags';

export const VIEW_FLAGS = defineFlags([
  { name: 'output', short: 'o', type: 'string', default: 'yaml', help: 'Output format. Must be one of (yaml, json)' },
  ...SELECT_FLAGS.filter((f) => f.name !== 'all-namespaces'),
  KUSTOMIZE_FLAG,
]);

export const SET_FLAGS = defineFlags([
  ...PRINT_FLAGS,
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.' },
  { name: 'create-annotation', type: 'bool', default: false, help: "Will create 'last-applied-configuration' annotations if current objects doesn't have one" },
  { name: 'filename', short: 'f', type: 'stringSlice', default: [], help: 'Filename, directory, or URL to files that contains the last-applied-configuration annotations' },
]);

export const EDIT_LAST_APPLIED_FLAGS = defineFlags([
  ...SELECT_FLAGS.filter((f) => f.name === 'filename' || f.name === 'recursive'), KUSTOMIZE_FLAG,
  ...PRINT_FLAGS,
  { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
  fieldManagerFlag('kubectl-client-side-apply'),
  { name: 'windows-line-endings', type: 'bool', default: false, help: 'Defaults to the line ending native to your platform.' },
]);

/** LAST_APPLIED_SUBCOMMANDS are apply's subcommands. */
export const LAST_APPLIED_SUBCOMMANDS = {
  'edit-last-applied': defineCommand({
    name: 'edit-last-applied',
    short: 'Edit latest last-applied-configuration annotations of a resource/object',
    usage: 'kubectl apply edit-last-applied (RESOURCE/NAME | -f FILENAME) [options]',
    flags: EDIT_LAST_APPLIED_FLAGS,
    run: (ctx) => (require('./apply-edit-last-applied') as typeof import('./apply-edit-last-applied')).runEditLastApplied(ctx),
  }),
  'set-last-applied': defineCommand({
    name: 'set-last-applied',
    short: 'Set the last-applied-configuration annotation on a live object to match the contents of a file',
    usage: 'kubectl apply set-last-applied -f FILENAME [options]',
    flags: SET_FLAGS,
    run: (ctx) => (require('./apply-last-applied') as typeof import('./apply-last-applied')).runSetLastApplied(ctx),
  }),
  'view-last-applied': defineCommand({
    name: 'view-last-applied',
    short: 'View the latest last-applied-configuration annotations of a resource/object',
    usage: 'kubectl apply view-last-applied (TYPE [NAME | -l label] | TYPE/NAME | -f FILENAME) [options]',
    flags: VIEW_FLAGS,
    run: (ctx) => (require('./apply-last-applied') as typeof import('./apply-last-applied')).runViewLastApplied(ctx),
  }),
};
