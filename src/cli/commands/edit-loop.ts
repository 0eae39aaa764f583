/**
 * edit-loop: kubectl's edit session (pkg/cmd/util/editor, editFn) — the objects opened in the
 * editor, the saved file checked, parsed and handed to the command's patching, and the editor
 * opened again, the reasons in its header, while the server finds the edit invalid; it ends
 * when everything was written, when the file comes back unchanged, or with kubectl's words
 * for what could not be written. `edit`, `apply edit-last-applied` and `create --edit` share it.
 */
import type { CommandContext } from '../command';
import { ApiError } from '../../apiserver/errors';
import { CliError, SilentExit, finishWithErrors, formatApiError, type CollectedError } from '../errors';
import { prepareDoc, type Validate } from '../object-writer';
import type { Registry } from '../../api/registry';
import { readManifestStream, type ManifestDoc } from '../../yaml/read-manifests';
import { toCompactJson } from '../../yaml/write-json';
import type { SourcedDoc } from '../manifests';
import * as fs from 'node:fs';
import { endSession, hasLines, launchEditor, MSG_EDIT_EMPTY, type EditorSession } from './editor-session';

const MSG_EDIT_CANCELLED = 'Edit cancelled, no changes made.';
const MSG_NO_VALID_CHANGES = 'Edit cancelled, no valid changes were saved.';

// A script for an editor that keeps changing an invalid file would reopen it forever.
const MAX_ROUNDS = 100;

/** EditReason is one block of the reopened file's header: a head line and its items. */
export interface EditReason { head: string; other: string[] }

/** EditResults is what one round's patching found (kubectl's editResults). */
export interface EditResults {
  reasons: EditReason[];
  /** invalid objects (the editor reopens for them) */
  edit: number;
  notfound: number;
  retryable: number;
}

/** resourceString is the resource as kubectl's edit names it: plural, with its group. */
export function resourceString(info: { resource: string; group: string }): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/**
 * addPatchError records a patch's failure as kubectl's editResults.addError does and returns
 * the line kubectl prints for it.
 */
export function addPatchError(results: EditResults, e: ApiError, resource: string, name: string): string {
  if (e.reason === 'Invalid') {
    results.edit++;
    results.reasons.push({ head: `${resource} ${JSON.stringify(name)} was not valid`, other: (e.details.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message}`) });
    return `error: ${resource} ${JSON.stringify(name)} is invalid`;
  }
  if (e.reason === 'NotFound') {
    results.notfound++;
    return `error: ${resource} ${JSON.stringify(name)} could not be found on the server`;
  }
  results.retryable++;
  return `error: ${resource} ${JSON.stringify(name)} could not be patched: ${e.message}`;
}

/**
 * EditFailed ends a session with the copy kept (its line already printed): the error kubectl's
 * preservedFile returns. edit prints it and exits 1; create --edit collects it and goes on.
 */
export class EditFailed extends Error {
  override readonly name = 'EditFailed';
  constructor(readonly collected: CollectedError) { super(typeof collected === 'string' ? collected : collected.alone); }
}

/** runEditCommand runs a session for a command that ends on its first failure. */
export function runEditCommand(ctx: CommandContext, o: EditLoopOptions): number {
  try {
    return runEditLoop(ctx, o);
  } catch (e) {
    if (e instanceof EditFailed) return finishWithErrors(ctx.io, [e.collected]);
    throw e;
  }
}

/** EditLoopOptions: what is opened, and how a round's objects are written. */
export interface EditLoopOptions {
  /** header is the mode's comment block, written above the reasons. */
  header: string;
  /** body is the objects as first shown (one object, or a List). */
  body: string;
  format: 'yaml' | 'json';
  validate: Validate;
  /** first is the first object opened, which a file failing validation is reported as. */
  first: { resource: string; group: string; name: string };
  /** mappingError is the builder's error for a document whose kind does not map to a resource, if any. */
  mappingError?(docs: readonly ManifestDoc[]): string | undefined;
  /**
   * patch writes the edited documents, printing a line per object and recording failures in
   * results; a CliError it throws ends the session with the copy kept (kubectl's preservedFile).
   */
  patch(docs: SourcedDoc[], results: EditResults): void;
}

/** stripComments is kubectl's StripComments: the text as compact JSON when it parses, else without comment lines. */
function stripComments(text: string): string {
  const r = readManifestStream(text, 'edited-file', { checkKind: false });
  if (!r.errors.length) return toCompactJson(r.docs.map((d) => d.object));
  return manualStrip(text);
}

/** manualStrip drops the lines whose first non-space character is '#' (not "#!"), as kubectl's ManualStrip. */
function manualStrip(text: string): string {
  return text.split('\n').filter((l) => { const t = l.trim(); return !(t.startsWith('#') && !t.startsWith('#!')); }).join('\n');
}

/** hashOnLineBreak continues a reason over several lines as comments. */
const hashOnLineBreak = (s: string) => s.replace(/\n/g, '\n# ');

function reasonsText(reasons: readonly EditReason[]): string {
  let out = '';
  for (const r of reasons) {
    out += r.other.length ? `# ${hashOnLineBreak(r.head)}:\n` : `# ${hashOnLineBreak(r.head)}\n`;
    for (const o of r.other) out += `# * ${hashOnLineBreak(o)}\n`;
    out += '#\n';
  }
  return out;
}

/**
 * validationError is the client-side check kubectl's validator makes of a single object's file
 * before sending it (the server validates its fields): it must be one object with apiVersion
 * and kind. undefined when it passes.
 */
function validationError(text: string): string | undefined {
  // kubectl validates the file without its comment lines, and says what go-yaml said.
  const r = readManifestStream(manualStrip(text), 'edited-file', { checkKind: false });
  const parseError = r.errors.find((e) => e.kind === 'parse');
  if (parseError) return parseError.message.replace(/^error parsing edited-file: (error converting YAML to JSON: )?/, '');
  const doc = r.docs[0]?.object;
  if (!doc) return 'invalid object to validate';
  const errs: string[] = [];
  if (doc.apiVersion === undefined) errs.push('apiVersion not set');
  if (doc.kind === undefined) errs.push('kind not set');
  return errs.length === 0 ? undefined : errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

/** runEditLoop runs the session and returns the exit code. */
export function runEditLoop(ctx: CommandContext, o: EditLoopOptions): number {
  let reasons: EditReason[] = [];
  let containsError = false;
  let edited = '';
  let previous: EditorSession | undefined;
  const keptLine = (file: string | undefined) => (file && fs.existsSync(file) ? `A copy of your changes has been stored to "${file}"\n` : '');
  const fail = (message: string, file: string | undefined): never => {
    ctx.io.err(keptLine(file));
    throw new EditFailed({ alone: `error: ${message}`, among: message });
  };
  // What the file held when first opened, as kubectl compares it.
  const opened = stripComments(o.body);
  for (let round = 0; ; round++) {
    // A JSON file gets no comment header (and so no reasons), as kubectl writes it.
    const header = o.format === 'yaml' ? o.header + reasonsText(reasons) : '';
    const text = header + (containsError ? manualStrip(edited) : o.body);
    const before = edited;
    let session: EditorSession;
    try {
      session = launchEditor(ctx, text, o.format);
    } catch (e) {
      if (e instanceof CliError) fail(e.message, previous?.file);
      throw e;
    }
    edited = session.edited;
    if (containsError && (stripComments(before) === stripComments(edited) || round >= MAX_ROUNDS)) fail(MSG_NO_VALID_CHANGES, session.file);
    // The file of the round before is not needed any more.
    if (previous) endSession(previous);
    previous = session;
    const file = session.file;
    if (o.validate !== 'ignore') {
      const invalid = validationError(edited);
      if (invalid !== undefined) {
        containsError = true;
        const first = `${resourceString(o.first)} ${JSON.stringify(o.first.name)}`;
        reasons = [{ head: `${first} was not valid`, other: [`<nil>: Invalid value: "The edited file failed validation": ${invalid}`] }];
        ctx.io.err(`error: ${first} is invalid\n`);
        continue;
      }
    }
    if (opened === stripComments(edited)) {
      endSession(session);
      ctx.io.err(`${MSG_EDIT_CANCELLED}\n`);
      return 0;
    }
    if (!hasLines(edited)) {
      endSession(session);
      ctx.io.err(`${MSG_EDIT_EMPTY}\n`);
      return 0;
    }
    reasons = [];
    // The builder reads the file as saved, comments and all (its line numbers count them).
    const parsed = readManifestStream(edited, 'edited-file', { checkKind: true });
    // The builder's errors, mapping a kind included, are all "syntax errors" to kubectl's editor.
    const syntaxError = parsed.errors[0]?.message ?? o.mappingError?.(parsed.docs);
    if (syntaxError !== undefined) {
      containsError = true;
      reasons = [{ head: `The edited file had a syntax error: ${syntaxError}`, other: [] }];
      continue;
    }
    containsError = false;
    const results: EditResults = { reasons: [], edit: 0, notfound: 0, retryable: 0 };
    try {
      o.patch(parsed.docs.map((d) => ({ ...d, source: 'edited-file' })), results);
    } catch (e) {
      if (e instanceof CliError) fail(e.message, file);
      // A server error ends it as kubectl prints one (Error from server …).
      if (e instanceof ApiError) { ctx.io.err(keptLine(file)); throw new EditFailed({ alone: formatApiError(e), among: e.message }); }
      throw e;
    }
    if (results.retryable > 0) {
      ctx.io.err(`You can run \`kubectl replace -f ${file}\` to try this update again.\n`);
      throw new SilentExit(1);
    }
    if (results.notfound > 0) {
      ctx.io.err(`The edits you made on deleted resources have been saved to ${JSON.stringify(file)}\n`);
      throw new SilentExit(1);
    }
    if (results.edit === 0) {
      endSession(session);
      return 0;
    }
    reasons = results.reasons;
    containsError = reasons.length > 0;
  }
}

/** mappingErrorIn is the first document whose apiVersion and kind no resource of the registry serves, in prepareDoc's words. */
export function mappingErrorIn(docs: readonly ManifestDoc[], registry: Registry, namespace: string): string | undefined {
  for (const d of docs) {
    try {
      prepareDoc({ ...d, source: 'edited-file' }, registry, namespace, false, 'ignore');
    } catch (e) {
      if (e instanceof CliError && e.message.startsWith('resource mapping not found')) return e.message;
    }
  }
  return undefined;
}
