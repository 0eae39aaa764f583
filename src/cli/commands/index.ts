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
import { clusterCommand } from './cluster';
import { apiResourcesCommand, clusterInfoCommand, versionCommand } from './info';

/** COMMANDS in the order `kubemu --help` lists them. */
export const COMMANDS: readonly Command[] = [
  createCommand, getCommand, deleteCommand, applyCommand, describeCommand,
  apiResourcesCommand, clusterInfoCommand, versionCommand,
  tickCommand, clusterCommand,
];

const BY_NAME = new Map<string, Command>();
for (const c of COMMANDS) { BY_NAME.set(c.name, c); for (const a of c.aliases ?? []) BY_NAME.set(a, c); }

/** findCommand looks a verb up by name or alias. */
export function findCommand(word: string): Command | undefined {
  return BY_NAME.get(word);
}
