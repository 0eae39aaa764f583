/**
 * kubectl-help: kubectl's own --help text of each of its commands (kubectl-help.json, captured
 * from the kubectl 1.32 client by scripts/capture-kubectl-help.mjs). Read only when help is
 * printed: the build ships the file beside the bundle, where entry's command table reads it too.
 */
import type { KubectlHelpFile } from './surface';

/** kubectlHelpText is `kubectl <path> --help` as kubectl prints it ("rollout status"), if kubectl has the command. */
export function kubectlHelpText(path: string): string | undefined {
  return (require('./kubectl-help.json') as KubectlHelpFile).help[path];
}
