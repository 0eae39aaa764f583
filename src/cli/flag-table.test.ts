import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineFlags, type FlagValuesOf } from './flag-table';
import { parseFlags, type FlagDef, type GlobalFlagValues } from './flags';
import { defineCommand, type CommandContext } from './command';
import { flagDefsOf } from './commands/generator-cli';
import { runCommand } from './commands/run';
import { generatorSpec } from './generators/generator-table';

const FLAGS = defineFlags([
  { name: 'replicas', type: 'int', default: 1 },
  { name: 'timeout', type: 'int' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'all', type: 'bool', default: false },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'selector', type: 'stringSlice' },
]);

describe('FlagValuesOf', () => {
  it('gives each flag its parsed type, with undefined only where there is no default', () => {
    expectTypeOf<FlagValuesOf<typeof FLAGS>>().toEqualTypeOf<{
      replicas: number; timeout: number | undefined; 'dry-run': string; output: string | undefined;
      all: boolean; filename: string[]; selector: string[] | undefined;
    }>();
  });

  it('matches what parseFlags stores', () => {
    const values: Record<string, unknown> = parseFlags(['-o', 'yaml', '--replicas=3', '-f', 'a.yaml'], FLAGS).flags;
    expect(values).toEqual({ replicas: 3, timeout: undefined, 'dry-run': 'none', output: 'yaml', all: false, filename: ['a.yaml'], selector: undefined });
  });

  it('keeps a table built at run time loosely typed', () => {
    expectTypeOf<FlagValuesOf<FlagDef[]>['anything']>().toEqualTypeOf<string | number | boolean | string[] | undefined>();
  });

  it('reads the global flags from GLOBAL_FLAGS', () => {
    expectTypeOf<GlobalFlagValues['namespace']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<GlobalFlagValues['as-group']>().toEqualTypeOf<string[]>();
    expectTypeOf<GlobalFlagValues['v']>().toEqualTypeOf<number>();
  });

  it('types ctx.flags in a command defined with defineCommand', () => {
    const cmd = defineCommand({ name: 'x', short: '', usage: '', flags: FLAGS, run: () => 0 });
    expectTypeOf<Parameters<typeof cmd.run>[0]>().toEqualTypeOf<CommandContext<FlagValuesOf<typeof FLAGS>>>();
    expectTypeOf<Parameters<typeof cmd.run>[0]['flags']['replicas']>().toEqualTypeOf<number>();
    expectTypeOf<Parameters<typeof cmd.run>[0]['flags']['namespace']>().toEqualTypeOf<string | undefined>();
  });
});

describe('generator flag tables', () => {
  it('type a generator command\'s flags from its entry in the generator table', () => {
    const defs = flagDefsOf(generatorSpec('create deployment'));
    expectTypeOf<FlagValuesOf<typeof defs>['replicas']>().toEqualTypeOf<number>();
    expectTypeOf<FlagValuesOf<typeof defs>['image']>().toEqualTypeOf<string[]>();
    expectTypeOf<FlagValuesOf<typeof defs>['dry-run']>().toEqualTypeOf<string>();
    expectTypeOf<FlagValuesOf<typeof runCommand.flags>['pod-running-timeout']>().toEqualTypeOf<string>();
    expect(parseFlags(['-r', '3', '--image=a,b'], defs).flags).toMatchObject({ replicas: 3, image: ['a', 'b'], port: -1, 'dry-run': 'none' });
  });
});
