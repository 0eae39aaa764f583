/**
 * select-flags: the builder's flags (-f, -R, -l, --all, -A, -k) as data alone, so a command's
 * flag table can name them without loading the builder (targets.ts) that reads them.
 */
import { defineFlag, defineFlags } from '../flag-table';

/** SELECT_FLAGS are the builder flags most editing verbs share. */
export const SELECT_FLAGS = defineFlags([
  { name: 'filename', short: 'f', type: 'stringSlice', default: [], help: 'Filename, directory, or URL to files identifying the resource.' },
  { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on.' },
  { name: 'all', type: 'bool', default: false, help: 'Select all resources, in the namespace of the specified resource types.' },
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If true, check the specified action in all namespaces.' },
]);

/** KUSTOMIZE_FLAG is -k, on the verbs whose builder kubectl gives a kustomization directory. */
export const KUSTOMIZE_FLAG = defineFlag(
  { name: 'kustomize', short: 'k', type: 'string', default: '', help: "Process the kustomization directory. This flag can't be used together with -f or -R." },
);

