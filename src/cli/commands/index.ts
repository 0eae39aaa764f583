/**
 * commands: the verb registry. A new verb is one file plus one line here.
 */
import type { Command } from '../command';
import { getCommand } from './get';
import { describeCommand } from './describe';
import { applyCommand } from './apply';
import { createCommand } from './create';
import { deleteCommand } from './delete';
import { tickCommand } from './tick';
import { logsCommand } from './logs';
import { clusterCommand } from './cluster';
import { configCommand } from './config';
import { eventsCommand } from './events';
import { imageCommand } from './image';
import { debugCommand } from './debug';
import { apiResourcesCommand, clusterInfoCommand, versionCommand } from './info';
import { labelCommand } from './label';
import { annotateCommand } from './annotate';
import { patchCommand } from './patch';
import { scaleCommand } from './scale';
import { runCommand } from './run';
import { setCommand } from './set';
import { rolloutCommand } from './rollout';
import { waitCommand } from './wait';
import { exposeCommand } from './expose';
import { autoscaleCommand } from './autoscale';
import { replaceCommand } from './replace';
import { editCommand } from './edit';
import { diffCommand } from './diff';
import { cordonCommand, uncordonCommand } from './cordon';
import { taintCommand } from './taint';
import { nodeCommand } from './node';
import { schedulerCommand } from './scheduler';
import { drainCommand } from './drain';
import { whyCommand } from './why';
import { authCommand } from './auth';
import { topCommand } from './top';
import { addonCommand } from './addon';
import { execCommand } from './exec';

/** COMMANDS in the order `kubemu --help` lists them. */
export const COMMANDS: readonly Command[] = [
  createCommand, getCommand, deleteCommand, applyCommand, describeCommand,
  apiResourcesCommand, clusterInfoCommand, versionCommand,
  eventsCommand, imageCommand, configCommand, tickCommand, clusterCommand,
  logsCommand,
  debugCommand,
  labelCommand,
  annotateCommand,
  patchCommand,
  scaleCommand,
  runCommand,
  setCommand,
  rolloutCommand,
  waitCommand,
  exposeCommand,
  autoscaleCommand,
  replaceCommand,
  editCommand,
  diffCommand,
  cordonCommand, uncordonCommand,
  taintCommand,
  nodeCommand,
  schedulerCommand,
  drainCommand,
  whyCommand,
  authCommand,
  topCommand,
  addonCommand,
  execCommand,
];

const BY_NAME = new Map<string, Command>();
for (const c of COMMANDS) { BY_NAME.set(c.name, c); for (const a of c.aliases ?? []) BY_NAME.set(a, c); }

/** findCommand looks a verb up by name or alias. */
export function findCommand(word: string): Command | undefined {
  return BY_NAME.get(word);
}
