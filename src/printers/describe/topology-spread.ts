/**
 * topology-spread: the `Topology Spread Constraints:` lines of Pod and Pod Template describe.
 */
import type { TopologySpreadConstraint } from '../../api/types/core-v1';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatSelector } from './selector-string';

/** describeTopologySpreadConstraints writes one line per constraint sorted by topologyKey; nothing when empty. */
export function describeTopologySpreadConstraints(tscs: TopologySpreadConstraint[] | undefined, w: PrefixWriter, space: string): void {
  if (!tscs || tscs.length === 0) return;
  const sorted = [...tscs].sort((a, b) => (a.topologyKey < b.topologyKey ? -1 : a.topologyKey > b.topologyKey ? 1 : 0));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  sorted.forEach((tsc, i) => {
    if (i !== 0) w.write(LEVEL_0, `${space}\t`);
    let s = `${tsc.topologyKey}:${tsc.whenUnsatisfiable ?? ''} when max skew ${tsc.maxSkew ?? 0} is exceeded`;
    if (tsc.labelSelector) s += ` for selector ${formatSelector(tsc.labelSelector)}`;
    w.write(LEVEL_0, `${s}\n`);
  });
}
