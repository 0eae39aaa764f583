/**
 * scheduler: kubemu scheduler stop|start — take kube-scheduler down (new pods stay Pending
 * with no events) and bring it back. The flag lives in the cluster's meta table; the next
 * command builds its components without the scheduler.
 */
import { META_SCHEDULER_STOPPED } from '../../cluster/cluster';
import type { Command, CommandContext } from '../command';
import { CliError } from '../errors';
import { schedulerConfigCommand } from './scheduler-config';

function toggle(verb: 'stop' | 'start', stopped: boolean, done: string): Command {
  return {
    name: verb,
    short: `${verb === 'stop' ? 'Stop' : 'Start'} kube-scheduler`,
    usage: `kubemu scheduler ${verb}`,
    flags: [],
    run(ctx: CommandContext): number {
      const cluster = ctx.cluster();
      const was = cluster.store.meta.get(META_SCHEDULER_STOPPED) === 'true';
      if (was === stopped) { ctx.io.out(`scheduler already ${done}\n`); return 0; }
      cluster.write(() => {
        cluster.store.meta.set(META_SCHEDULER_STOPPED, stopped ? 'true' : 'false');
      });
      ctx.io.out(`scheduler ${done}\n`);
      return 0;
    },
  };
}

/** schedulerCommand is `kubemu scheduler`. */
export const schedulerCommand: Command = {
  name: 'scheduler',
  short: 'Stop or start kube-scheduler (kubemu)',
  usage: 'kubemu scheduler (stop|start)',
  flags: [],
  subcommands: { stop: toggle('stop', true, 'stopped'), start: toggle('start', false, 'started'), config: schedulerConfigCommand },
  run() { throw new CliError('specify a subcommand: stop or start'); },
};
