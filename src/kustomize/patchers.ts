/**
 * patchers: the two patch implementations a build applies. kubemu has one of each (the CLI's
 * strategic merge and JSON patch, src/cli/patch); the caller hands them in, so this layer
 * needs no import of the CLI.
 */
export interface Patchers {
  /** strategicMerge returns doc patched by a strategic merge patch (typed by its apiVersion and kind). */
  strategicMerge(doc: unknown, patch: unknown): unknown;
  /** jsonPatch returns doc patched by RFC 6902 operations; it throws on a failed operation. */
  jsonPatch(doc: unknown, ops: unknown): unknown;
}
