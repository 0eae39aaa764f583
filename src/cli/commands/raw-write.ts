/**
 * raw-write: `create --raw`, `replace --raw` and `delete --raw` — the file's bytes sent as
 * POST, PUT or DELETE to an API path and the server's answer printed as it comes (kubectl's
 * rawhttp). kubemu answers in-process through the same handlers `kubemu serve` answers HTTP
 * with: objects and their subresources, and the admin tick endpoint.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { noSuchPath } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { CliError } from '../errors';
import { printServerWarnings } from '../server-warnings';
import { RAW_NOT_A_PATH, responseText } from './get-raw';

/** RawFlags are the flags kubectl checks beside --raw (selector only on create). */
export interface RawFlags { files: readonly string[]; fileRequired: boolean; recursive?: boolean; selector?: string; output?: string }

/**
 * runRaw makes kubectl's checks of --raw, in its order — one local file (required by create and
 * replace), no url, no -R, no -l, no -o, a path — then sends the request.
 */
export function runRaw(ctx: CommandContext, method: 'POST' | 'PUT' | 'DELETE', raw: string, f: RawFlags): number {
  if (f.files.length > 1 || (f.fileRequired && f.files.length !== 1)) throw new CliError('--raw can only use a single local file or stdin');
  if (f.files[0] && /^https?:\/\//.test(f.files[0])) throw new CliError('--raw cannot read from a url');
  if (f.recursive) throw new CliError('--raw and --recursive are mutually exclusive');
  if (f.selector) throw new CliError('--raw and --selector (-l) flags are mutually exclusive');
  if (f.output) throw new CliError('--raw and --output are mutually exclusive');
  if (!raw.startsWith('/')) throw new CliError(RAW_NOT_A_PATH(raw));
  return rawWrite(ctx, method, raw, f.files[0]);
}

/** rawWrite sends the request and prints the answer; a server error is thrown as kubectl reports it. */
function rawWrite(ctx: CommandContext, method: 'POST' | 'PUT' | 'DELETE', raw: string, file: string | undefined): number {
  let body = '';
  if (file === '-') body = ctx.io.readStdin();
  else if (file) {
    try {
      body = fs.readFileSync(path.resolve(ctx.cwd, file), 'utf8');
    } catch {
      throw new CliError(`open ${file}: no such file or directory`);
    }
  }
  const q = raw.indexOf('?');
  const pathname = (q < 0 ? raw : raw.slice(0, q)).replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const cluster = ctx.cluster();
  const { ADMIN_TICK_PATH, adminTick } = require('../serve/admin-tick') as typeof import('../serve/admin-tick');
  let reply: { body: unknown; warnings?: string[] };
  if (pathname === ADMIN_TICK_PATH) {
    const { ADMIN_USER } = require('../../apiserver/authorization/user-info') as typeof import('../../apiserver/authorization/user-info');
    reply = adminTick(cluster, ctx.requestUser?.() ?? ADMIN_USER, method, query, body);
  } else {
    const { parseResourcePath } = require('../serve/resource-path') as typeof import('../serve/resource-path');
    const rp = parseResourcePath(pathname);
    if (!rp) throw noSuchPath();
    const { ResourceHandler } = require('../serve/resource-handler') as typeof import('../serve/resource-handler');
    const { asSent } = require('../serve/status') as typeof import('../serve/status');
    cluster.catchUp();
    try {
      reply = new ResourceHandler(cluster, cluster.api).handle({ method, path: rp, query, body, contentType: 'application/json', userAgent: 'kubectl' });
    } catch (e) {
      throw asSent(e);
    }
  }
  const warn = printServerWarnings(ctx.io);
  for (const w of reply.warnings ?? []) warn(w);
  ctx.io.out(String(responseText(reply.body)));
  return 0;
}
