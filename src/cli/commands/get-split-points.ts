/**
 * get-split-points: what `get` needs only for some flags — the -o printers (YAML, JSONPath,
 * custom columns) and --sort-by — loaded when used, so a plain table never reads them (see
 * cli/split-points.ts for how the build makes them separate files).
 */
import * as output from '../output';
import * as sortBy from '../../printers/sort-by';

export const SPLIT = {
  output: () => output,
  sortBy: () => sortBy,
};
