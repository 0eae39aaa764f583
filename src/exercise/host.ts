/**
 * host: where an exercise runs — one cluster in one KUBEMU_HOME — and how the engine reaches
 * it: command lines through the real CLI (setup, solutions, `command` checks) and the
 * cluster's state through the API layer (every other check). The CLI wires run() to its own
 * main(); an exam will hold several hosts, one per cluster/context.
 */
import type { Cluster } from '../cluster/cluster';

/** CommandOutput is what one command line printed and its exit code. */
export interface CommandOutput { stdout: string; stderr: string; code: number }

/** ExerciseHost is one cluster the engine works on. */
export interface ExerciseHost {
  /** home is the KUBEMU_HOME holding the cluster (progress is kept in the cluster's folder there). */
  readonly home: string;
  /** cluster is the cluster's name: every command runs against it. */
  readonly cluster: string;
  /** run runs one kubectl/kubemu command (argv after the program name) against the cluster. */
  run(argv: readonly string[], stdin?: string): CommandOutput;
  /** open opens the cluster's state; the caller closes it. */
  open(): Cluster;
}
