/**
 * scheduler: kubemu scheduler stop|start — take kube-scheduler down (new pods stay Pending
 * with no events) and bring it back (cluster/component-stops). The next command builds its
 * components without the scheduler.
 */
import { isStopped, setStopped } from '../../cluster/component-stops';
import type { CommandContext } from '../command';
import { leaf, ownVerb, type OwnLeaf } from '../own-verb';
import { CliError } from '../errors';
import { schedulerConfigCommand } from './scheduler-config';

function toggle(verb: 'stop' | 'start', stopped: boolean, done: string): OwnLeaf {
  return leaf({
    command: verb,
    describe: `${verb === 'stop' ? 'Stop' : 'Start'} kube-scheduler`,
    examples: verb === 'stop' ? [['$0 scheduler stop', 'new pods stay Pending, with no events, until `kubemu scheduler start`']] : [],
    run(ctx: CommandContext): number {
      const cluster = ctx.cluster();
      if (isStopped(cluster, 'kube-scheduler') === stopped) { ctx.io.out(`scheduler already ${done}\n`); return 0; }
      cluster.write(() => setStopped(cluster, 'kube-scheduler', stopped));
      ctx.io.out(`scheduler ${done}\n`);
      return 0;
    },
  });
}

/** schedulerCommand is `kubemu scheduler`. */
export const schedulerCommand = ownVerb({
  command: 'scheduler',
  describe: 'Stop or start kube-scheduler, or set its configuration (kubemu)',
  subcommands: [toggle('stop', true, 'stopped'), toggle('start', false, 'started'), schedulerConfigCommand],
});
