/**
 * invariants: the R5 model every reliability test calls — pure checks over all stored
 * objects that must hold whenever no kubemu command is running (owners exist, controller
 * status matches pods, nodes are not overcommitted, no orphans, sizes and resourceVersions
 * are sane, stored fields have their Go types). `kubemu doctor` runs them against a state
 * file. A new rule is one file plus one line in CHECKS.
 */
import type { InvariantCheck, Violation } from './violation';
import { ObjectIndex, type InvariantInput } from './object-index';
import { ownerExists } from './owners';
import { replicaSetStatus } from './replicaset-status';
import { deploymentStatus } from './deployment-status';
import { nodeCapacity } from './node-capacity';
import { podNodeExists } from './pod-node';
import { objectSize } from './object-size';
import { namespaceExists } from './namespace-exists';
import { resourceVersions } from './resource-versions';
import { fieldTypes } from './field-types';

export type { InvariantCheck, Violation } from './violation';
export type { InvariantInput } from './object-index';

/** CHECKS is every invariant, in report order. */
export const CHECKS: readonly InvariantCheck[] = [
  resourceVersions, objectSize, namespaceExists, ownerExists,
  replicaSetStatus, deploymentStatus, podNodeExists, nodeCapacity, fieldTypes,
];

/** InvariantReport is the outcome of one run over all checks. */
export interface InvariantReport {
  objects: number;
  checks: number;
  violations: Violation[];
}

/** checkInvariants runs every check (or the given ones) over the objects; a check that throws is itself reported as a violation. */
export function checkInvariants(input: InvariantInput, checks: readonly InvariantCheck[] = CHECKS): InvariantReport {
  const index = new ObjectIndex(input);
  const violations: Violation[] = [];
  for (const c of checks) {
    try {
      violations.push(...c.run(index));
    } catch (e) {
      // A crash in a check means state it did not expect: report it rather than hide the rest.
      violations.push({ check: c.name, object: '-', message: `check failed: ${(e as Error).message}` });
    }
  }
  return { objects: input.objects.length, checks: checks.length, violations };
}

/** formatViolation renders one violation as a report line: "check: object: message". */
export function formatViolation(v: Violation): string {
  return `${v.check}: ${v.object}: ${v.message}`;
}
