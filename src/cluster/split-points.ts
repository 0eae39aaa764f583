/**
 * split-points: the reconcile machinery — every controller, the scheduler, the kubelets —
 * loaded on the first settle rather than at start-up: a command on a settled cluster never
 * runs it. See cli/split-points.ts for how the build turns these into separate files.
 */
import * as components from './components';

export const SPLIT = {
  components: () => components,
};
