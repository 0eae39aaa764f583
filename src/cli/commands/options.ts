/**
 * options: `kubemu options` — the global flags every command accepts, in kubectl's
 * `kubectl options` layout (sorted by name, pflag's default shown after `=`).
 */
import { defineCommand, type Command } from '../command';
import { GLOBAL_FLAGS, type FlagDef } from '../flags';
import { flagDefaultText } from '../help';

/** OPTIONS_HEAD is kubectl's first line. */
export const OPTIONS_HEAD = 'The following options can be passed to any command:';

/** optionsText lists the global flags; `--help` is per command, as kubectl leaves it out. */
export function optionsText(flags: readonly FlagDef[] = GLOBAL_FLAGS): string {
  const shown = flags.filter((f) => f.name !== 'help').sort((a, b) => a.name.localeCompare(b.name));
  const entries = shown.map((f) => `    ${f.short ? `-${f.short}, ` : ''}--${f.name}=${flagDefaultText(f)}:\n\t${f.help ?? ''}\n`);
  return `${OPTIONS_HEAD}\n\n${entries.join('\n')}\n`;
}

/** optionsCommand is `kubemu options`. */
export const optionsCommand = defineCommand({
  name: 'options',
  short: 'Print the list of flags inherited by all commands',
  usage: 'kubectl options',
  flags: [],
  run(ctx) {
    ctx.io.out(optionsText());
    return 0;
  },
});
