/**
 * editor-session: how kubectl's editing commands hand text to the user's editor — a temp
 * file named as kubectl names it (kubectl-edit-<digits>.yaml), $KUBE_EDITOR or $EDITOR (else vi) run on it
 * synchronously (a script works as an editor), and the text read back.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import type { CommandContext } from '../command';
import { CliError } from '../errors';
import { createTemp } from '../go-temp';

/** EditorSession is the edited file (removed when the edit is done) and its text. */
export interface EditorSession { file: string; edited: string }

/** launchEditor writes text to a new temp file, runs the editor on it and reads it back. */
export function launchEditor(ctx: CommandContext, text: string, ext: 'yaml' | 'json'): EditorSession {
  const file = createTemp(ctx.env, 'kubectl-edit-', `.${ext}`, text);
  const editor = ctx.env.KUBE_EDITOR || ctx.env.EDITOR || 'vi';
  const r = spawnSync(`${editor} ${JSON.stringify(file)}`, { shell: true, stdio: 'inherit', env: ctx.env, cwd: ctx.cwd });
  if (r.status !== 0) throw new CliError(`there was a problem with the editor "${editor}"`);
  return { file, edited: fs.readFileSync(file, 'utf8') };
}

/** hasLines is kubectl's test for an edit saved empty: any line that is neither blank nor a comment. */
export function hasLines(text: string): boolean {
  return text.split('\n').some((l) => { const t = l.trim(); return t.length > 0 && t[0] !== '#'; });
}

/** endSession removes the session's file (the edit is done, nothing to keep). */
export function endSession(s: EditorSession): void {
  fs.rmSync(s.file, { force: true });
}

/** MSG_EDIT_EMPTY is kubectl's word for an edit saved empty (validation off). */
export const MSG_EDIT_EMPTY = 'Edit cancelled, saved file was empty.';
