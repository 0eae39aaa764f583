/**
 * create: kubectl create -f (AlreadyExists is an error, unlike apply) and the
 * imperative generators (`create deployment`, `create configmap`, …).
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { fieldValidationOf } from '../object-writer';
import { writeFlagsFor } from './apply';
import { writeManifests } from '../manifest-writes';
import { GENERATOR_COMMANDS } from './create-generators';
import { printServerWarnings } from '../server-warnings';
import { withLastApplied } from '../../yaml/last-applied-json';
import type { KubeObject } from '../../api/meta';

/** createCommand is `kubectl create`. */
export const createCommand = defineCommand({
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  usage: 'kubectl create -f FILENAME [options]',
  flags: [...writeFlagsFor('kubectl-create'),
    { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' },
    { name: 'selector', short: 'l', type: 'string', default: '', help: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints." },
    { name: 'edit', type: 'bool', default: false, help: 'Edit the API resource before creating' },
    { name: 'raw', type: 'string', default: '', help: 'Raw URI to POST to the server.  Uses the transport specified by the kubeconfig file.' },
    { name: 'windows-line-endings', type: 'bool', default: false, help: 'Only relevant if --edit=true. Defaults to the line ending native to your platform.' }],
  subcommands: GENERATOR_COMMANDS,
  run(ctx): number {
    if (ctx.flags.raw) {
      // kubectl's checks of --raw, in its order.
      if (!ctx.flags.filename.length && !ctx.flags.kustomize) throw new CliError('must specify one of -f and -k');
      if (ctx.flags.edit) throw new CliError('--raw and --edit are mutually exclusive');
      const { runRaw } = require('./raw-write') as typeof import('./raw-write');
      return runRaw(ctx, 'POST', ctx.flags.raw, { files: ctx.flags.filename, fileRequired: true, recursive: ctx.flags.recursive, selector: ctx.flags.selector, output: ctx.flags.output });
    }
    if (ctx.flags.edit) return (require('./create-edit') as typeof import('./create-edit')).createWithEdit(ctx);
    // --save-config keeps the manifest in the last-applied annotation, for a later apply.
    const written = (o: KubeObject) => (ctx.flags['save-config'] ? withLastApplied(o) : o);
    return writeManifests(ctx, 'create', (doc, { cluster, dryRun, validate, unreadManagedFields }) => ({
      object: dryRun === 'client' ? written(doc.object)
        : cluster.api.create(written(doc.object), { fieldManager: ctx.flags['field-manager'] || 'kubectl-create', dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io), unreadManagedFields }),
      word: 'created',
    }), { selector: ctx.flags.selector || undefined });
  },
});
