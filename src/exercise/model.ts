/**
 * model: what an exercise is once loaded — its variables, setup steps, task, weighted checks,
 * hints and reference solution — and what checking it produced. Pure types; loader.ts builds
 * them from a YAML file and validates every field.
 */

/** TRACKS are the exercise tracks, in the order `exercise list` shows them. */
export const TRACKS = ['basics', 'ckad', 'cka', 'cks'] as const;
export type Track = (typeof TRACKS)[number];

/** Variable is one seeded pick: from a list, an integer range, or a word of the vocabulary. */
export type Variable =
  | { oneOf: readonly string[] }
  | { range: readonly [number, number] }
  | { word: true };

/**
 * Step is one setup or solution action. Text fields may use {{var}}.
 * run: a kubectl/kubemu command line (its stdin, e.g. a manifest or a node shell's script);
 * apply: manifest text applied with `kubectl apply -f -`; fault: a named fault (faults.ts).
 */
export type Step =
  | { run: string; stdin?: string }
  | { apply: string }
  | { fault: string; args: Record<string, string> };

/** CheckTarget names an object the way a check does: a kind as kubectl accepts it (pod, deploy, netpol…). */
export interface CheckTarget { kind: string; name: string; namespace?: string }

/** CheckSpec is one check's test; exactly one per check. */
export type CheckSpec =
  | { type: 'exists'; target: CheckTarget }
  | { type: 'absent'; target: CheckTarget }
  | { type: 'jsonpath'; target: CheckTarget; path: string; equals?: string; matches?: string }
  | { type: 'condition'; target: CheckTarget; condition: string; status: string }
  | { type: 'count'; kind: string; namespace?: string; selector?: string; equals: number }
  | { type: 'canI'; as: string; verb: string; resource: string; namespace?: string; expect: boolean }
  | { type: 'connect'; from: string; namespace?: string; to: string; expect: 'allowed' | 'denied' }
  | { type: 'nodeFile'; node: string; path: string; exists?: boolean; contains?: string }
  | { type: 'logs'; pod: string; namespace?: string; container?: string; contains: string }
  | { type: 'command'; run: string; stdoutMatches?: string; exitCode?: number };

/** Check is a titled, weighted check. */
export interface Check { title: string; weight: number; spec: CheckSpec }

/** Exercise is a loaded, validated exercise (text still holding its {{var}} placeholders). */
export interface Exercise {
  name: string;
  title: string;
  track: Track;
  topic: string;
  /** weight orders exercises within a track and is the exam's default question weight. */
  weight: number;
  variables: Readonly<Record<string, Variable>>;
  setup: readonly Step[];
  task: string;
  checks: readonly Check[];
  hints: readonly string[];
  solution: readonly Step[];
  /** file is where it was loaded from (for messages). */
  file: string;
}

/** CheckResult is one check's verdict: passed or the reason it did not. */
export interface CheckResult { title: string; weight: number; passed: boolean; reason: string }

/** Score sums the weights of passed checks against the total. */
export interface Score { got: number; total: number; passed: boolean }

/** scoreOf totals check results. */
export function scoreOf(results: readonly CheckResult[]): Score {
  const total = results.reduce((n, r) => n + r.weight, 0);
  const got = results.reduce((n, r) => n + (r.passed ? r.weight : 0), 0);
  return { got, total, passed: results.every((r) => r.passed) };
}
