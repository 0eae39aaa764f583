/** access-modes: volume access-mode abbreviations (core/helper GetAccessModesAsString). */

const ABBREVIATIONS: ReadonlyArray<[string, string]> = [
  ['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP'],
];

/** accessModesString abbreviates modes in the fixed order RWO, ROX, RWX, RWOP, each once, joined ",". */
export function accessModesString(modes: readonly string[] | undefined): string {
  const have = new Set(modes ?? []);
  return ABBREVIATIONS.filter(([mode]) => have.has(mode)).map(([, abbr]) => abbr).join(',');
}
