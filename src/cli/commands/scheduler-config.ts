/**
 * scheduler-config: kubemu scheduler config -f FILE — store a KubeSchedulerConfiguration
 * (kubescheduler.config.k8s.io/v1) for the cluster's kube-scheduler, which builds its
 * profile from it (scoring strategy, plugins, percentageOfNodesToScore). Without -f it prints
 * the stored configuration; `--reset` goes back to the defaults.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import {
  ConfigError, SCHEDULER_CONFIG_KEY, SCHEDULER_CONFIG_NAME, SCHEDULER_CONFIG_NAMESPACE, parseSchedulerConfiguration,
} from '../../scheduler/config';
import type { ConfigMap } from '../../api/types/kinds';
import type { CommandContext } from '../command';
import { leaf } from '../own-verb';
import { CliError } from '../errors';

/** CONFIG_STORED is printed after a configuration is stored. */
export const CONFIG_STORED = 'scheduler configured';
/** CONFIG_RESET is printed after --reset. */
export const CONFIG_RESET = 'scheduler configuration reset to defaults';
/** NO_CONFIG is printed when no configuration is stored. */
export const NO_CONFIG = 'no scheduler configuration stored (defaults in use)';

/** schedulerConfigCommand is `kubemu scheduler config`. */
export const schedulerConfigCommand = leaf({
  command: 'config',
  describe: 'Set the kube-scheduler configuration (KubeSchedulerConfiguration v1)',
  options: {
    filename: { alias: 'f', type: 'string', describe: 'KubeSchedulerConfiguration file to use' },
    reset: { type: 'boolean', describe: 'Remove the stored configuration (use the defaults)' },
  },
  examples: [
    ['$0 scheduler config -f kube-scheduler-config.yaml', 'store a configuration (MostAllocated scoring, a plugin turned off…)'],
    ['$0 scheduler config', 'print the stored configuration'],
  ],
  run(ctx: CommandContext, opts): number {
    const file = opts.filename;
    const reset = !!opts.reset;
    const cluster = ctx.cluster();
    const ref = { kind: 'ConfigMap' as const, namespace: SCHEDULER_CONFIG_NAMESPACE, name: SCHEDULER_CONFIG_NAME };
    if (!file && !reset) {
      const cm = cluster.read(() => cluster.api.tryGet(ref));
      const raw = cm?.data?.[SCHEDULER_CONFIG_KEY];
      ctx.io.out(raw ? `${JSON.stringify(JSON.parse(raw), null, 2)}\n` : `${NO_CONFIG}\n`);
      return 0;
    }
    if (reset) {
      cluster.write(() => { if (cluster.api.tryGet(ref)) cluster.api.delete(ref, { fieldManager: 'kubemu' }); });
      ctx.io.out(`${CONFIG_RESET}\n`);
      return 0;
    }
    let doc: unknown;
    try {
      const text = file === '-' ? ctx.io.readStdin() : fs.readFileSync(path.resolve(ctx.cwd ?? '.', file!), 'utf8');
      doc = loadYaml(text);
    } catch (e) {
      throw new CliError(`error: ${(e as Error).message}`);
    }
    try {
      parseSchedulerConfiguration(doc);
    } catch (e) {
      if (e instanceof ConfigError) throw new CliError(`error: invalid scheduler configuration: ${e.message}`);
      throw e;
    }
    const data = { [SCHEDULER_CONFIG_KEY]: JSON.stringify(doc) };
    cluster.write(() => {
      const cm = cluster.api.tryGet(ref);
      const stored: ConfigMap = cm ? { ...cm, data } : { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: SCHEDULER_CONFIG_NAME, namespace: SCHEDULER_CONFIG_NAMESPACE }, data };
      if (cm) cluster.api.update(stored, { fieldManager: 'kubemu' });
      else cluster.api.create(stored, { fieldManager: 'kubemu' });
    });
    ctx.io.out(`${CONFIG_STORED}\n`);
    return 0;
  },
});
