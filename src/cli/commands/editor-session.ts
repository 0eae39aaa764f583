/**
 * editor-session: how kubectl's editing commands hand text to the user's editor — a temp
 * file under a `kubectl-edit-` folder, $KUBE_EDITOR or $EDITOR (else vi) run on it
 * synchronously (a script works as an editor), and the text read back.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CommandContext } from '../command';
import { CliError, SilentExit } from '../errors';

/** EditorSession is the edited file, its folder (removed when the edit is done) and its text. */
export interface EditorSession { dir: string; file: string; edited: string }

/** launchEditor writes text to edit.<ext> in a new temp folder, runs the editor on it and reads it back. */
export function launchEditor(ctx: CommandContext, text: string, ext: 'yaml' | 'json'): EditorSession {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-edit-'));
  const file = path.join(dir, `edit.${ext}`);
  fs.writeFileSync(file, text);
  const editor = ctx.env.KUBE_EDITOR || ctx.env.EDITOR || 'vi';
  const r = spawnSync(`${editor} ${JSON.stringify(file)}`, { shell: true, stdio: 'inherit', env: ctx.env, cwd: ctx.cwd });
  if (r.status !== 0) throw new CliError(`there was a problem with the editor "${editor}"`);
  return { dir, file, edited: fs.readFileSync(file, 'utf8') };
}

/** withoutComments drops the lines that start with '#' (the header, and the user's notes). */
export function withoutComments(text: string): string {
  return text.split('\n').filter((l) => !l.startsWith('#')).join('\n');
}

/** hasLines is kubectl's test for an edit saved empty: any line that is neither blank nor a comment. */
export function hasLines(text: string): boolean {
  return text.split('\n').some((l) => { const t = l.trim(); return t.length > 0 && t[0] !== '#'; });
}

/** endSession removes the session's folder (the edit is done, nothing to keep). */
export function endSession(s: EditorSession): void {
  fs.rmSync(s.dir, { recursive: true, force: true });
}

/**
 * endEmptyEdit ends an edit saved without any line. Without validation kubectl says so and
 * stops; with it, the empty file fails validation as an invalid object (named after the first
 * object opened) and kubectl reopens the editor. kubemu does not reopen it: the outcome is
 * kubectl's when the reopened file is left as it is.
 */
export function endEmptyEdit(ctx: CommandContext, s: EditorSession, validated: boolean, first: { resource: string; name: string }): number {
  if (!validated) {
    endSession(s);
    ctx.io.err(`${MSG_EDIT_EMPTY}\n`);
    return 0;
  }
  ctx.io.err(`error: ${first.resource} "${first.name}" is invalid\nA copy of your changes has been stored to "${s.file}"\nerror: Edit cancelled, no valid changes were saved.\n`);
  throw new SilentExit(1);
}

/** MSG_EDIT_EMPTY is kubectl's word for an edit saved empty (validation off). */
export const MSG_EDIT_EMPTY = 'Edit cancelled, saved file was empty.';
