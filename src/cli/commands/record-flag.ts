/**
 * record-flag: kubectl's deprecated --record — the command line written into the
 * kubernetes.io/change-cause annotation of each object the command changes, as
 * kubectl's RecordFlags words it (genericclioptions parseCommandArguments).
 */
import type { KubeObject } from '../../api/meta';
import type { CommandContext } from '../command';
import { GLOBAL_FLAGS, type FlagDef } from '../flags';
import { defineFlag } from '../flag-table';

/** CHANGE_CAUSE is the annotation --record writes (rollout history shows it). */
export const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** RECORD_FLAG is the flag definition commands that still accept --record add. */
export const RECORD_FLAG = defineFlag({ name: 'record', type: 'bool', default: false, hidden: true, help: 'Record current kubectl command in the resource annotation. If set to false, do not record the command. If set to true, record the command. If not set, default to updating the existing annotation value only if one already exists.' });

/** RECORD_DEPRECATED is cobra's notice for the deprecated flag, printed when it is used. */
export const RECORD_DEPRECATED = 'Flag --record has been deprecated, --record will be removed in the future';

/**
 * changeCause is the program name, the positional words (command path included) and then each
 * flag given, in order, as --name=value (long names, booleans as true).
 */
export function changeCause(argv: readonly string[], defs: readonly FlagDef[]): string {
  const all = [...defs, ...GLOBAL_FLAGS];
  const byName = new Map(all.map((d) => [d.name, d] as const));
  const byShort = new Map(all.filter((d) => d.short).map((d) => [d.short!, d] as const));
  const words: string[] = [];
  let flags = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') { words.push(...argv.slice(i + 1)); break; }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const d = byName.get(eq < 0 ? a.slice(2) : a.slice(2, eq));
      if (!d) continue;
      const value = eq >= 0 ? a.slice(eq + 1) : d.type === 'bool' ? 'true' : d.noOptDefault ?? argv[++i] ?? '';
      flags += ` --${d.name}=${value}`;
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const d = byShort.get(a[j]!);
        if (!d) break;
        const rest = a.slice(j + 1);
        if (d.type === 'bool') { flags += ` --${d.name}=${rest.startsWith('=') ? rest.slice(1) : 'true'}`; if (rest.startsWith('=')) break; continue; }
        const value = rest ? rest.replace(/^=/, '') : argv[++i] ?? '';
        flags += ` --${d.name}=${value}`;
        break;
      }
      continue;
    }
    words.push(a);
  }
  return `kubectl${words.length ? ` ${words.join(' ')}` : ''}${flags}`;
}

/** recordChangeCause writes the command line into obj's change-cause annotation when --record is set. */
export function recordChangeCause(ctx: CommandContext, obj: KubeObject, defs: readonly FlagDef[]): void {
  if (!ctx.flags.record || !ctx.argv) return;
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [CHANGE_CAUSE]: changeCause(ctx.argv, defs) };
}
