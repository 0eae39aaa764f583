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
  ],
  run(ctx) {
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
    let token: string;
    try {
      token = cluster.write(() => {
        authorizeRequest(cluster.api, 'create', 'ServiceAccount', ctx.namespace, name, 'token');
        return cluster.api.createToken(ctx.namespace, name, spec).token;
      });
    } catch (e) {
      if (e instanceof ApiError && e.code !== 403) throw new CliError(`failed to create token: ${e.message}`);
      throw e;
    }
    ctx.io.out(`${token}\n`);
    return 0;
  },
});
