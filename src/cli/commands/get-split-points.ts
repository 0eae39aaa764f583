/**
 * get-split-points: what `get` needs only for some flags — the -o printers (YAML, JSONPath,
 * custom columns, go-template), --sort-by and --raw — loaded when used, so a plain table never reads them (see
 * cli/split-points.ts for how the build makes them separate files).
 */
import * as output from '../output';
import * as sortBy from '../../printers/sort-by';
import * as raw from './get-raw';

export const SPLIT = {
  output: () => output,
  sortBy: () => sortBy,
  // --raw reaches discovery and the Metrics API (and through it the kubelet's usage model).
  raw: () => raw,
};
