/**
 * exercise-host: an ExerciseHost over the CLI itself — each command line runs through main()
 * in this process with its own captured streams, against the named cluster of the given
 * KUBEMU_HOME (KUBEMU_CLUSTER, which kubectl's flags and contexts would override, is how a
 * command is pointed at it), and the cluster's state opens directly for the checks.
 */
import { openCluster } from '../cluster/cluster';
import { statePath } from '../cluster/home';
import type { ExerciseHost } from '../exercise/host';

/** cliHost makes the host of one cluster in home. */
export function cliHost(home: string, cluster: string, env: NodeJS.ProcessEnv, cwd: string): ExerciseHost {
  // main is loaded on first use: this module is reached from main's own command table.
  const cli = () => require('./main') as typeof import('./main');
  return {
    home,
    cluster,
    run(argv, stdin = '') {
      const { main, captureIO } = cli();
      const io = captureIO(stdin);
      const code = main([...argv], io, { ...env, KUBEMU_HOME: home, KUBEMU_CLUSTER: cluster, NO_COLOR: '1', FORCE_COLOR: undefined }, cwd);
      return { stdout: io.stdout, stderr: io.stderr, code };
    },
    open: () => openCluster(statePath(home, cluster)),
  };
}
