/**
 * violation: what an invariant check reports, and the shape every check has. A check is
 * pure: it reads an ObjectIndex and returns the violations it found, never throwing on
 * odd objects (a checker that crashes on corrupt state cannot report it).
 */
import type { ObjectIndex } from './object-index';

/** Violation is one broken invariant: which check, which object ("kind ns/name"), and why. */
export interface Violation {
  check: string;
  object: string;
  message: string;
}

/** InvariantCheck is one named rule over all stored objects. */
export interface InvariantCheck {
  /** name is kebab-case and stable: scripts grep for it. */
  readonly name: string;
  /** run returns every violation of the rule; an empty list means it holds. */
  run(index: ObjectIndex): Violation[];
}
