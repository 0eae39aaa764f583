/**
 * create: kubectl create -f (AlreadyExists is an error, unlike apply) and the
 * imperative generators (`create deployment`, `create configmap`, …).
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { fieldValidationOf } from '../object-writer';
import { WRITE_FLAGS } from './apply';
import { writeManifests } from '../manifest-writes';
import { GENERATOR_COMMANDS } from './create-generators';
import { printServerWarnings } from '../server-warnings';

/** createCommand is `kubectl create`. */
export const createCommand = defineCommand({
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  usage: 'kubectl create -f FILENAME [options]',
  flags: [...WRITE_FLAGS, { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' }],
  subcommands: GENERATOR_COMMANDS,
  run(ctx): number {
    return writeManifests(ctx, 'create', (doc, { cluster, dryRun, validate, unreadManagedFields }) => ({
      object: dryRun === 'client' ? doc.object
        : cluster.api.create(doc.object, { fieldManager: 'kubectl-create', dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io), unreadManagedFields }),
      word: 'created',
    }));
  },
});
