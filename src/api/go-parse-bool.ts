/** go-parse-bool: Go's strconv.ParseBool, which flags, query parameters and annotations are read with. */

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** goParseBool is strconv.ParseBool: undefined where Go returns its "invalid syntax" error. */
export function goParseBool(s: string): boolean | undefined {
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  return undefined;
}
