import { describe, expect, it } from 'vitest';
import type { CommandContext } from './command';
import type { ParsedArgs } from './flags';
import { leaf, ownVerb, plainArgv } from './own-verb';
import { runOwnVerb } from './own-verb-runner';

/** demo is a plain leaf that records what it was run with. */
let seen: { args: string[]; set: string[]; opts: Record<string, unknown> } | undefined;
const demo = ownVerb(leaf({
  command: 'demo <name> [extra]',
  describe: 'A plain verb',
  options: {
    quiet: { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing.' },
    loud: { type: 'boolean', describe: 'Print more.' },
  },
  plain: true,
  run(ctx, opts) {
    seen = { args: ctx.args, set: [...ctx.set].sort(), opts: opts as Record<string, unknown> };
    return 0;
  },
}));
const contextFor = (parsed: ParsedArgs) => ({ args: parsed.args, flags: parsed.flags, set: parsed.set }) as unknown as CommandContext;

/** viaYargs runs argv through the yargs runner and returns what the command saw. */
function viaYargs(argv: string[]) {
  seen = undefined;
  runOwnVerb(demo, argv, () => undefined, contextFor);
  return seen!;
}

/** viaPlain runs argv on the plain path, or says it declined. */
function viaPlain(argv: string[]) {
  const plain = plainArgv(demo, argv);
  if (!plain) return undefined;
  seen = undefined;
  plain.run(contextFor({ flags: plain.flags as ParsedArgs['flags'], set: plain.set, args: plain.args, argsLenAtDash: -1 }));
  return seen!;
}

describe('plainArgv', () => {
  it.each([
    [['demo', 'web']], [['demo', 'web', 'more']], [['demo', 'web', '-q']], [['demo', '--quiet', 'web']],
    [['demo', 'web', '--loud', '-q']], [['demo', '1h30m']],
  ])('reads %j as yargs does', (argv) => {
    const plain = viaPlain(argv);
    const yargs = viaYargs(argv);
    expect(plain).toBeDefined();
    expect(plain!.args).toEqual(yargs.args);
    expect(plain!.set).toEqual(yargs.set);
    for (const [k, v] of Object.entries(plain!.opts)) expect([k, v]).toEqual([k, yargs.opts[k]]);
    for (const k of ['quiet', 'q', 'loud', 'name', 'extra']) expect([k, plain!.opts[k]]).toEqual([k, yargs.opts[k]]);
  });

  it.each([
    [['demo']], [['demo', 'a', 'b', 'c']], [['demo', 'web', '--help']], [['demo', 'web', '-z']],
    [['demo', 'web', '--cluster', 'x']], [['demo', 'web', '-q', '-q']], [['demo', 'web', '--quiet=false']],
    [['demo', '90']], [['demo', '0x10']], [['demo', '']], [['demo', 'true']], [['demo', '-1s']], [['demo', 'web', '--', 'x']],
  ])('leaves %j to yargs', (argv) => {
    expect(plainArgv(demo, argv)).toBeUndefined();
  });

  it('reads no verb that did not ask for it', () => {
    const notPlain = ownVerb(leaf({ command: 'other <name>', describe: 'x', run: () => 0 }));
    expect(plainArgv(notPlain, ['other', 'web'])).toBeUndefined();
  });
});
