/**
 * check-result: what one Pod Security check says about a pod, and upstream's helpers for
 * wording it (policy/helpers.go: joinQuote, pluralize; visitContainers' order).
 */
import type { Container, PodSpec } from '../../../api/types/core-v1';
import type { ObjectMeta } from '../../../api/types/meta-v1';

/** CheckViolation is a failed check: its reason ("privileged") and detail (the parenthesised part). */
export interface CheckViolation {
  readonly reason: string;
  readonly detail: string;
}

/**
 * PodCheck examines a pod's metadata and spec at a policy version (the minor of v1.N; latest
 * is the newest); undefined means allowed. Most checks read the same at every version.
 */
export type PodCheck = (meta: ObjectMeta, spec: PodSpec, minor: number) => CheckViolation | undefined;

/** since is a check that exists from policy version v1.minimum on (upstream's MinimumVersion). */
export const since = (minimum: number, check: PodCheck): PodCheck => (meta, spec, minor) => (minor >= minimum ? check(meta, spec, minor) : undefined);

/** joinQuote is `"a", "b"`. */
export const joinQuote = (items: readonly string[]): string => (items.length ? `"${items.join('", "')}"` : '');

export const pluralize = (singular: string, plural: string, n: number): string => (n === 1 ? singular : plural);

/** containersPhrase is `container "a"` or `containers "a", "b"`. */
export const containersPhrase = (names: readonly string[]): string =>
  `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

/** sortedSet is Go's sets.String.List(): unique, sorted. */
export const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** allContainers visits init containers, containers, then ephemeral containers, as upstream's visitContainers does. */
export function allContainers(spec: PodSpec): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...((spec.ephemeralContainers ?? []) as Container[])];
}
