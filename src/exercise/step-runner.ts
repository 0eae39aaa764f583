/**
 * step-runner: runs setup and solution steps on a host — each a command line through the real
 * CLI, a manifest through `kubectl apply -f -`, or a named fault's commands — with the
 * exercise's values substituted. A step that fails stops the run with the command and the
 * first line it printed on stderr.
 */
import { commandArgv } from './command-line';
import { FAULTS } from './faults';
import type { CommandOutput, ExerciseHost } from './host';
import type { Step } from './model';
import { render, type Values } from './variables';

/** StepError is a step that exited non-zero. */
export class StepError extends Error { override readonly name = 'StepError'; }

/** RanStep is one command line as it ran, and what it printed. */
export interface RanStep { line: string; stdin?: string; output: CommandOutput }

/** expandStep renders a step's text and turns a fault into its command steps. */
export function expandStep(step: Step, values: Values): { line: string; stdin?: string }[] {
  if ('fault' in step) {
    const args = Object.fromEntries(Object.entries(step.args).map(([k, v]) => [k, render(v, values)]));
    return FAULTS[step.fault]!.steps(args).flatMap((s) => expandStep(s, values));
  }
  if ('apply' in step) return [{ line: 'kubectl apply -f -', stdin: render(step.apply, values) }];
  const line = render(step.run, values);
  return step.stdin === undefined ? [{ line }] : [{ line, stdin: render(step.stdin, values) }];
}

/** describeStep is a step as a person would type it (the solution's listing). */
export function describeStep(step: Step, values: Values): string {
  return expandStep(step, values).map((s) => {
    if (s.stdin === undefined) return s.line;
    return `${s.line} <<'EOF'\n${s.stdin.endsWith('\n') ? s.stdin : `${s.stdin}\n`}EOF`;
  }).join('\n');
}

/** runSteps runs steps in order; throws StepError at the first that fails. */
export function runSteps(host: ExerciseHost, steps: readonly Step[], values: Values, what: string): RanStep[] {
  const ran: RanStep[] = [];
  steps.forEach((step, i) => {
    for (const s of expandStep(step, values)) {
      const output = host.run(commandArgv(s.line), s.stdin);
      ran.push({ ...s, output });
      if (output.code !== 0) {
        const why = (output.stderr || output.stdout).split('\n').find((l) => l.trim()) ?? `exit status ${output.code}`;
        throw new StepError(`${what} step ${i + 1} (${s.line}) failed: ${why}`);
      }
    }
  });
  return ran;
}
