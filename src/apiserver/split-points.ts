/**
 * split-points: the API server's write path, loaded on the first write rather than at
 * start-up (see cli/split-points.ts for how the build makes it a separate file).
 */
import * as writePath from './write-path';

export const SPLIT = {
  writePath: () => writePath,
};
