/**
 * commands: the verb registry. A new verb is one file and one line here. Each verb's module
 * is a lazy require(): the bundle evaluates it when the verb is used, so a command compiles
 * and runs only its own code (docs/architecture.md, "Build and start-up").
 */
import type { Command } from '../command';
import type { CommandTable } from '../front';

/** VERBS in the order `kubemu --help` lists them, each with the loader of its command. */
const VERBS: ReadonlyArray<readonly [string, () => Command]> = [
  ['create', () => (require('./create') as typeof import('./create')).createCommand],
  ['get', () => (require('./get') as typeof import('./get')).getCommand],
  ['delete', () => (require('./delete') as typeof import('./delete')).deleteCommand],
  ['apply', () => (require('./apply') as typeof import('./apply')).applyCommand],
  ['describe', () => (require('./describe') as typeof import('./describe')).describeCommand],
  ['explain', () => (require('./explain') as typeof import('./explain')).explainCommand],
  ['api-resources', () => (require('./info') as typeof import('./info')).apiResourcesCommand],
  ['api-versions', () => (require('./info') as typeof import('./info')).apiVersionsCommand],
  ['cluster-info', () => (require('./info') as typeof import('./info')).clusterInfoCommand],
  ['version', () => (require('./info') as typeof import('./info')).versionCommand],
  ['events', () => (require('./events') as typeof import('./events')).eventsCommand],
  ['image', () => (require('./image') as typeof import('./image')).imageCommand],
  ['config', () => (require('./config') as typeof import('./config')).configCommand],
  ['tick', () => (require('./tick') as typeof import('./tick')).tickCommand],
  ['cluster', () => (require('./cluster') as typeof import('./cluster')).clusterCommand],
  ['logs', () => (require('./logs') as typeof import('./logs')).logsCommand],
  ['doctor', () => (require('./doctor') as typeof import('./doctor')).doctorCommand],
  ['debug', () => (require('./debug') as typeof import('./debug')).debugCommand],
  ['label', () => (require('./label') as typeof import('./label')).labelCommand],
  ['annotate', () => (require('./annotate') as typeof import('./annotate')).annotateCommand],
  ['patch', () => (require('./patch') as typeof import('./patch')).patchCommand],
  ['scale', () => (require('./scale') as typeof import('./scale')).scaleCommand],
  ['run', () => (require('./run') as typeof import('./run')).runCommand],
  ['set', () => (require('./set') as typeof import('./set')).setCommand],
  ['rollout', () => (require('./rollout') as typeof import('./rollout')).rolloutCommand],
  ['wait', () => (require('./wait') as typeof import('./wait')).waitCommand],
  ['expose', () => (require('./expose') as typeof import('./expose')).exposeCommand],
  ['autoscale', () => (require('./autoscale') as typeof import('./autoscale')).autoscaleCommand],
  ['replace', () => (require('./replace') as typeof import('./replace')).replaceCommand],
  ['edit', () => (require('./edit') as typeof import('./edit')).editCommand],
  ['diff', () => (require('./diff') as typeof import('./diff')).diffCommand],
  ['kustomize', () => (require('./kustomize') as typeof import('./kustomize')).kustomizeCommand],
  ['cordon', () => (require('./cordon') as typeof import('./cordon')).cordonCommand],
  ['uncordon', () => (require('./cordon') as typeof import('./cordon')).uncordonCommand],
  ['taint', () => (require('./taint') as typeof import('./taint')).taintCommand],
  ['node', () => (require('./node') as typeof import('./node')).nodeCommand],
  ['scheduler', () => (require('./scheduler') as typeof import('./scheduler')).schedulerCommand],
  ['drain', () => (require('./drain') as typeof import('./drain')).drainCommand],
  ['ssh', () => (require('./ssh') as typeof import('./ssh')).sshCommand],
  ['shell', () => (require('./shell') as typeof import('./shell')).shellCommand],
  ['why', () => (require('./why') as typeof import('./why')).whyCommand],
  ['netcheck', () => (require('./netcheck') as typeof import('./netcheck')).netcheckCommand],
  ['exercise', () => (require('./exercise') as typeof import('./exercise')).exerciseCommand],
  ['exam', () => (require('./exam') as typeof import('./exam')).examCommand],
  ['check', () => (require('./check') as typeof import('./check')).checkCommand],
  ['auth', () => (require('./auth') as typeof import('./auth')).authCommand],
  ['certificate', () => (require('./certificate') as typeof import('./certificate')).certificateCommand],
  ['top', () => (require('./top') as typeof import('./top')).topCommand],
  ['serve', () => (require('./serve') as typeof import('./serve')).serveCommand],
  ['addon', () => (require('./addon') as typeof import('./addon')).addonCommand],
  ['load', () => (require('./load') as typeof import('./load')).loadCommand],
  ['rightsize', () => (require('./rightsize') as typeof import('./rightsize')).rightsizeCommand],
  ['nodepool', () => (require('./nodepool') as typeof import('./nodepool')).nodepoolCommand],
  ['cost', () => (require('./cost') as typeof import('./cost')).costCommand],
  ['exec', () => (require('./exec') as typeof import('./exec')).execCommand],
  ['attach', () => (require('./attach') as typeof import('./attach')).attachCommand],
  ['port-forward', () => (require('./port-forward') as typeof import('./port-forward')).portForwardCommand],
  ['proxy', () => (require('./proxy') as typeof import('./proxy')).proxyCommand],
  ['cp', () => (require('./cp') as typeof import('./cp')).cpCommand],
  ['plugin', () => (require('./plugin') as typeof import('./plugin')).pluginCommand],
  ['completion', () => (require('./completion') as typeof import('./completion')).completionCommand],
  ['etcdctl', () => (require('./etcdctl') as typeof import('./etcdctl')).etcdctlCommand],
  ['etcdutl', () => (require('./etcdctl') as typeof import('./etcdctl')).etcdutlCommand],
  ['options', () => (require('./options') as typeof import('./options')).optionsCommand],
];

const BY_WORD = new Map(VERBS);

/** COMMAND_TABLE finds a verb by name, loading its module; all() loads every verb, in help order. */
export const COMMAND_TABLE: CommandTable<Command> = {
  find: (word) => BY_WORD.get(word)?.(),
  all: () => VERBS.map(([, load]) => load()),
  // Read only for --help: the build ships the file beside the bundle, where entry's table reads it too.
  kubectlHelp: (path) => (require('../kubectl-help') as typeof import('../kubectl-help')).kubectlHelpText(path),
};
