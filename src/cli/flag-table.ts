/**
 * flag-table: a command's flag table as a type. A table declared through defineFlags keeps
 * each flag's literal name and type, so FlagValuesOf can say what `ctx.flags.<name>` holds
 * (parseFlags fills every declared flag: its default, or undefined when it has none).
 */
import type { FlagDef, FlagType } from './flags';

/** FlagTypeValue is what parseFlags stores for a flag of that type. */
export type FlagTypeValue<T extends FlagType> =
  T extends 'bool' ? boolean
  : T extends 'int' ? number
  : T extends 'string' | 'duration' | 'stringToString' ? string
  : string[];

/** FlagValue is one flag's value: undefined only when the flag has no default to fall back on. */
export type FlagValue<D extends FlagDef> = D extends { readonly default: unknown }
  ? FlagTypeValue<D['type']>
  : FlagTypeValue<D['type']> | undefined;

/**
 * FlagValuesOf maps a flag table to its parsed values by long name. A table typed only as
 * FlagDef[] (built at run time) yields a string index of every possible value.
 */
export type FlagValuesOf<T extends readonly FlagDef[]> = { [D in T[number] as D['name']]: FlagValue<D> };

/** TypedFlags is a table whose entries keep their literal names and types and still read as FlagDefs. */
export type TypedFlags<T extends readonly FlagDef[]> = { readonly [K in keyof T]: T[K] & FlagDef };

/** defineFlags returns the table unchanged; it exists so the literal names and types survive into FlagValuesOf. */
export function defineFlags<const T extends readonly FlagDef[]>(defs: T): TypedFlags<T> {
  return defs as TypedFlags<T>;
}

/** defineFlag is defineFlags for a single flag shared between tables. */
export function defineFlag<const D extends FlagDef>(def: D): D & FlagDef {
  return def;
}
