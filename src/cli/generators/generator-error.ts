/**
 * generator-error: the one error type the generators throw. Its message is kubectl's text
 * without the `error: ` prefix that kubectl's CheckErr adds (cli/errors.ts adds it too).
 */

/**
 * GeneratorError is bad generator input. `usage` is true where kubectl raises a usage error,
 * which the CLI prints with the trailing `See 'kubectl <cmd> -h' for help and examples` line.
 */
export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
  constructor(message: string, readonly usage = false) { super(message); }
}

/** REQUIRED_FLAG_NOT_SET is cobra's text for a missing required flag, e.g. `required flag(s) "image" not set`. */
export const REQUIRED_FLAG_NOT_SET = (...flags: string[]): string =>
  `required flag(s) ${flags.map((f) => `"${f}"`).join(', ')} not set`;

/** EXACTLY_ONE_NAME is kubectl's NameFromCommandArgs text (a usage error). */
export const EXACTLY_ONE_NAME = (got: number): string => `exactly one NAME is required, got ${got}`;

/**
 * requireFlags throws cobra's required-flag error naming every flag not given (undefined), in
 * cobra's (sorted) order. A flag given empty (`--image=`) passes cobra's check, as it does in
 * kubectl: the generator's own checks then see the empty value.
 */
export function requireFlags(flags: Record<string, unknown>): void {
  const missing = Object.keys(flags).filter((f) => flags[f] === undefined).sort();
  if (missing.length > 0) throw new GeneratorError(REQUIRED_FLAG_NOT_SET(...missing));
}

/**
 * requireMarkedFlags is cobra's ValidateRequiredFlags over a command's flags marked required:
 * it runs before the command's own code, so it comes before a missing NAME's error.
 */
export function requireMarkedFlags(flags: readonly { name: string; required?: boolean }[], given: (name: string) => boolean): void {
  requireFlags(Object.fromEntries(flags.filter((f) => f.required).map((f) => [f.name, given(f.name) ? true : undefined])));
}

/** requireFlag is requireFlags for one flag. */
export function requireFlag(flag: string, value: unknown): void {
  requireFlags({ [flag]: value });
}
