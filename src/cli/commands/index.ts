/**
 * commands: the verb registry. A new verb is one file, one line in split-points.ts and one
 * line here. Each verb's module is loaded when the verb is used (see split-points.ts).
 */
import type { Command } from '../command';
import type { CommandTable } from '../front';
import { SPLIT } from '../split-points';

/** VERBS in the order `kubemu --help` lists them, each with the loader of its command. */
const VERBS: ReadonlyArray<readonly [string, () => Command]> = [
  ['create', () => SPLIT.create().createCommand],
  ['get', () => SPLIT.get().getCommand],
  ['delete', () => SPLIT.del().deleteCommand],
  ['apply', () => SPLIT.apply().applyCommand],
  ['describe', () => SPLIT.describe().describeCommand],
  ['api-resources', () => SPLIT.info().apiResourcesCommand],
  ['api-versions', () => SPLIT.info().apiVersionsCommand],
  ['cluster-info', () => SPLIT.info().clusterInfoCommand],
  ['version', () => SPLIT.info().versionCommand],
  ['events', () => SPLIT.events().eventsCommand],
  ['image', () => SPLIT.image().imageCommand],
  ['config', () => SPLIT.config().configCommand],
  ['tick', () => SPLIT.tick().tickCommand],
  ['cluster', () => SPLIT.cluster().clusterCommand],
  ['logs', () => SPLIT.logs().logsCommand],
  ['doctor', () => SPLIT.doctor().doctorCommand],
  ['debug', () => SPLIT.doctor().debugCommand],
  ['label', () => SPLIT.label().labelCommand],
  ['annotate', () => SPLIT.annotate().annotateCommand],
  ['patch', () => SPLIT.patch().patchCommand],
  ['scale', () => SPLIT.scale().scaleCommand],
  ['run', () => SPLIT.run().runCommand],
  ['set', () => SPLIT.set().setCommand],
  ['rollout', () => SPLIT.rollout().rolloutCommand],
  ['wait', () => SPLIT.wait().waitCommand],
  ['expose', () => SPLIT.expose().exposeCommand],
  ['autoscale', () => SPLIT.autoscale().autoscaleCommand],
  ['replace', () => SPLIT.replace().replaceCommand],
  ['edit', () => SPLIT.edit().editCommand],
  ['diff', () => SPLIT.diff().diffCommand],
  ['cordon', () => SPLIT.cordon().cordonCommand],
  ['uncordon', () => SPLIT.cordon().uncordonCommand],
  ['taint', () => SPLIT.taint().taintCommand],
  ['node', () => SPLIT.node().nodeCommand],
  ['scheduler', () => SPLIT.scheduler().schedulerCommand],
  ['drain', () => SPLIT.drain().drainCommand],
  ['why', () => SPLIT.why().whyCommand],
  ['auth', () => SPLIT.auth().authCommand],
  ['top', () => SPLIT.top().topCommand],
  ['addon', () => SPLIT.addon().addonCommand],
  ['exec', () => SPLIT.exec().execCommand],
  ['cp', () => SPLIT.cp().cpCommand],
  ['options', () => SPLIT.options().optionsCommand],
];

const BY_WORD = new Map(VERBS);

/** COMMAND_TABLE finds a verb by name, loading its module; all() loads every verb, in help order. */
export const COMMAND_TABLE: CommandTable<Command> = {
  find: (word) => BY_WORD.get(word)?.(),
  all: () => VERBS.map(([, load]) => load()),
};
