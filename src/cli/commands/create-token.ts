/**
 * create-token: kubectl create token SA — a TokenRequest for the service account (the
 * serviceaccounts/token subresource), printing the signed JWT. `--duration` asks for an
 * expiration (the server's default is one hour), `--audience` for audiences, and
 * `--bound-object-kind/-name/-uid` binds the token to a Pod, Secret or Node, so it stops
 * authenticating when that object goes. Mirrors kubernetes/kubectl pkg/cmd/create/create_token.go.
 */
import { parseDurationNanos } from '../../api/duration';
import { ApiError } from '../../apiserver/errors';
import { authorizeRequest } from '../../apiserver/authorization/authorizing-api';
import type { TokenRequestSpec } from '../../apiserver/client';
import { defineCommand } from '../command';
import { CliError, UsageError } from '../errors';
import { tokenRequestObject, type TokenRequestStatus } from '../../apiserver/authentication/token-request';
import { printTypedObject } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';

const BOUND_KINDS: Record<string, string> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };

/** createTokenCommand is `kubectl create token`. */
export const createTokenCommand = defineCommand({
  name: 'token', short: 'Request a service account token',
  usage: 'kubectl create token SERVICE_ACCOUNT_NAME [options]',
  flags: [
    { name: 'audience', type: 'stringArray', default: [], help: 'Audience of the requested token. If unset, defaults to requesting a token for use with the Kubernetes API server. May be repeated to request a token valid for multiple audiences.' },
    { name: 'duration', type: 'duration', default: '0s', help: 'Requested lifetime of the issued token. If not set or if set to 0, the lifetime will be determined by the server automatically. The server may return a token with a longer or shorter lifetime.' },
    { name: 'bound-object-kind', type: 'string', default: '', help: 'Kind of an object to bind the token to. Supported kinds are Node, Pod, Secret. If set, --bound-object-name must be provided.' },
    { name: 'bound-object-name', type: 'string', default: '', help: 'Name of an object to bind the token to. The token will expire when the object is deleted. Requires --bound-object-kind.' },
    { name: 'bound-object-uid', type: 'string', default: '', help: 'UID of an object to bind the token to. Requires --bound-object-kind and --bound-object-name. If unset, the UID of the existing object is used.' },
    ...PRINT_FLAGS,
  ],
  run(ctx) {
    // The TokenRequest is printed only when -o is given; the printer is checked either way.
    const printer = outputOf(ctx.flags, ctx.set);
    const out = ctx.set.has('output') ? printer : undefined;
    if (ctx.args.length !== 1) throw new UsageError(`exactly one NAME is required, got ${ctx.args.length}`, 'create token');
    const name = ctx.args[0]!;
    const f = ctx.flags;
    const audiences = f.audience ?? [];
    if (audiences.some((a) => !a)) throw new CliError('--audience must not be an empty string');
    let ns: bigint;
    try { ns = parseDurationNanos(f.duration ?? '0s'); } catch (e) { throw new CliError(`invalid argument "${f.duration}" for "--duration" flag: ${(e as Error).message}`); }
    if (ns < 0n) throw new CliError('--duration must be greater than or equal to 0');
    if (ns % 1_000_000_000n) throw new CliError('--duration cannot be expressed in units less than seconds');
    const kind = f['bound-object-kind'] ?? '';
    const boundName = f['bound-object-name'] ?? '';
    const boundUid = f['bound-object-uid'] ?? '';
    if (!kind) {
      if (boundName) throw new CliError('--bound-object-name can only be set if --bound-object-kind is provided');
      if (boundUid) throw new CliError('--bound-object-uid can only be set if --bound-object-kind is provided');
    } else {
      if (!BOUND_KINDS[kind]) throw new CliError(`supported --bound-object-kind values are ${Object.keys(BOUND_KINDS).join(', ')}`);
      if (!boundName) throw new CliError('--bound-object-name is required if --bound-object-kind is provided');
    }
    const spec: TokenRequestSpec = {
      ...(audiences.length ? { audiences } : {}),
      ...(ns > 0n ? { expirationSeconds: Number(ns / 1_000_000_000n) } : {}),
      ...(kind ? { boundObjectRef: { kind, apiVersion: BOUND_KINDS[kind], name: boundName, ...(boundUid ? { uid: boundUid } : {}) } } : {}),
    };
    const cluster = ctx.cluster();
    let status: TokenRequestStatus;
    try {
      status = cluster.write(() => {
        authorizeRequest(cluster.api, 'create', 'ServiceAccount', ctx.namespace, name, 'token');
        return cluster.api.createToken(ctx.namespace, name, spec);
      });
    } catch (e) {
      if (e instanceof ApiError && e.code !== 403) throw new CliError(`failed to create token: ${e.message}`);
      throw e;
    }
    // With -o kubectl prints the TokenRequest the server answered, else the token alone.
    if (out) ctx.io.out(printTypedObject(tokenRequestObject(ctx.namespace, name, spec, status, cluster.clock.nowMs()), out, cluster.api.registry(), ctx.flags['show-managed-fields']));
    // kubectl ends the token with a newline only on a terminal: piped, it is the token's bytes alone.
    else ctx.io.out(ctx.io.outIsTerminal ? `${status.token}\n` : status.token);
    return 0;
  },
});
