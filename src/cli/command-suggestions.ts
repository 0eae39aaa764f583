/**
 * command-suggestions: cobra's "Did you mean this?" under kubectl's unknown-command error —
 * the kubectl commands within a Levenshtein distance of 2 of the word (case ignored), those it
 * is a prefix of, and those that name it among their SuggestFor words, in the order kubectl
 * adds its commands.
 */

/** KUBECTL_COMMANDS are kubectl 1.32's available top-level commands in the order it adds them. */
const KUBECTL_COMMANDS = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale',
  'certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint', 'describe', 'logs', 'attach',
  'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait',
  'kustomize', 'label', 'annotate', 'completion', 'config', 'plugin', 'version', 'api-versions', 'api-resources', 'options',
];

/** SUGGEST_FOR are the commands' own SuggestFor words. */
const SUGGEST_FOR: Readonly<Record<string, readonly string[]>> = { delete: ['rm'], get: ['list', 'ps'], wait: ['list', 'ps'] };

/** levenshtein is cobra's ld over the lower-cased words. */
function levenshtein(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[t.length]!;
}

/** suggestionsText is what cobra adds to the unknown-command error ("" when nothing is near). */
export function suggestionsText(word: string): string {
  const found: string[] = [];
  for (const name of KUBECTL_COMMANDS) {
    if (levenshtein(word, name) <= 2 || name.toLowerCase().startsWith(word.toLowerCase())) found.push(name);
    for (const s of SUGGEST_FOR[name] ?? []) if (s.toLowerCase() === word.toLowerCase()) found.push(name);
  }
  return found.length ? `\n\nDid you mean this?\n${found.map((n) => `\t${n}\n`).join('')}` : '';
}
