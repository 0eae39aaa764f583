/**
 * auth: kubectl auth can-i (a SelfSubjectAccessReview: yes/no, exit 0/1; --list: the
 * SelfSubjectRulesReview table) and kubectl auth whoami (a SelfSubjectReview), for the
 * invocation's user — kubernetes-admin, or whoever `--as`/`--as-group` impersonate.
 * Mirrors kubernetes/kubectl pkg/cmd/auth/cani.go and whoami.go.
 */
import type { Registry, ResourceInfo } from '../../api/registry';
import { shortNameWarnings } from '../resource-args';
import {
  RbacAuthorizer, accessRows, isSuperUser, requestUser, serverSide, type Attributes, type UserInfo,
} from '../../apiserver/authorization';
import { renderTabbed } from '../../printers/table';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, SilentExit } from '../errors';
import type { KubeObject } from '../../api/meta';
import { printTypedObject } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { reconcileCommand } from './auth-reconcile';
import { runParent } from './parent-command';
import { selfSubjectReview } from '../../apiserver/authentication/self-subject-review';

/** ERR_CAN_I_ARGS is can-i's complaint about its arguments (two lines, as kubectl prints them). */
export const ERR_CAN_I_ARGS = "you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.";
export const ERR_LIST_WITH_ARGS = 'list option must be specified with no arguments';
export const ERR_LIST_OPTIONS = "list option can't be specified with neither quiet, all-namespaces nor subresource options";
export const ERR_NO_HEADERS = '--no-headers cannot be set without --list specified';
export const ERR_SUBRESOURCE_URL = '--subresource can not be used with NonResourceURL';
export const ERR_URL_AND_NAME = 'NonResourceURL and ResourceName can not specified together';
/** CAN_I_HEADERS are the --list columns. */
export const CAN_I_HEADERS = ['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs'];

const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
const NON_STANDARD_RESOURCES = new Set(['users', 'groups']);

function userOf(ctx: CommandContext): UserInfo {
  return ctx.requestUser?.() ?? requestUser({ as: ctx.flags.as, asGroups: ctx.flags['as-group'], asUid: ctx.flags['as-uid'] });
}

/** warn prints can-i's warnings: kubectl 1.32 ends each with a blank line (its texts end in a newline the warning printer adds another to). */
function warn(ctx: CommandContext, text: string): void {
  ctx.io.err(`Warning: ${text}${text.endsWith('\n') ? '' : '\n'}\n`);
}

/** resourceFor resolves can-i's TYPE as kubectl's REST mapper does; unknown types warn and are asked about as typed. */
function resourceFor(ctx: CommandContext, arg: string, registry: Registry): { group: string; resource: string; info?: ResourceInfo } {
  if (arg === '*') return { group: '', resource: '*' };
  try {
    const info = registry.resolve(arg.toLowerCase());
    ctx.io.err(shortNameWarnings(registry, arg));
    return { group: info.group, resource: info.resource, info };
  } catch {
    const lower = arg.toLowerCase();
    const dot = lower.indexOf('.');
    const resource = dot < 0 ? lower : lower.slice(0, dot);
    const group = dot < 0 ? '' : lower.slice(dot + 1);
    if (!NON_STANDARD_RESOURCES.has(lower)) {
      warn(ctx, group ? `the server doesn't have a resource type '${resource}' in group '${group}'` : `the server doesn't have a resource type '${resource}'`);
    }
    return { group: '', resource: arg };
  }
}

const canICommand = defineCommand({
  name: 'can-i',
  short: 'Check whether an action is allowed',
  usage: 'kubectl auth can-i VERB [TYPE | TYPE/NAME | NONRESOURCEURL]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If true, check the specified action in all namespaces.' },
    { name: 'list', type: 'bool', default: false, help: 'If true, prints all allowed actions.' },
    { name: 'no-headers', type: 'bool', default: false, help: 'If true, prints allowed actions without headers' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, help: 'If true, suppress output and just return the exit code.' },
    { name: 'subresource', type: 'string', default: '', help: 'SubResource such as pod/log or deployment/scale' },
  ],
  run(ctx) {
    const list = !!ctx.flags.list;
    const quiet = !!ctx.flags.quiet;
    const all = !!ctx.flags['all-namespaces'];
    const subresource = ctx.flags.subresource || '';
    if (list && ctx.args.length) throw new CliError(ERR_LIST_WITH_ARGS);
    if (!list && ctx.args.length !== 2) throw new CliError(ERR_CAN_I_ARGS);
    const user = userOf(ctx);
    const cluster = ctx.cluster();
    cluster.catchUp();
    const api = serverSide(cluster.api);
    const namespace = all ? '' : ctx.namespace;
    if (list) {
      if (quiet || all || subresource) throw new CliError(ERR_LIST_OPTIONS);
      const { rules, errors } = cluster.read(() => new RbacAuthorizer(api).rulesFor(user, namespace));
      if (errors.length) warn(ctx, `the list may be incomplete: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`);
      const rows = accessRows(rules);
      ctx.io.out(renderTabbed(ctx.flags['no-headers'] ? rows : [CAN_I_HEADERS, ...rows]));
      return 0;
    }
    const verb = ctx.args[0]!;
    const target = ctx.args[1]!;
    let attrs: Attributes;
    if (target.startsWith('/')) {
      if (subresource) throw new CliError(ERR_SUBRESOURCE_URL);
      if (!NON_RESOURCE_VERBS.has(verb)) warn(ctx, `verb '${verb}' is not a known verb`);
      attrs = { user, verb, group: '', resource: '', path: target };
    } else {
      const slash = target.indexOf('/');
      const typeArg = slash < 0 ? target : target.slice(0, slash);
      const name = slash < 0 ? '' : target.slice(slash + 1);
      const r = resourceFor(ctx, typeArg, api.registry());
      if (!all && r.info && !r.info.namespaced) {
        warn(ctx, r.group ? `resource '${r.resource}' is not namespace scoped in group '${r.group}'` : `resource '${r.resource}' is not namespace scoped`);
      }
      if (!RESOURCE_VERBS.has(verb)) warn(ctx, `verb '${verb}' is not a known verb`);
      attrs = { user, verb, group: r.group, resource: r.resource, subresource: subresource || undefined, namespace: namespace || undefined, name: name || undefined };
    }
    if (ctx.flags['no-headers']) throw new CliError(ERR_NO_HEADERS);
    const decision = isSuperUser(user) ? { allowed: true, reason: '' } : cluster.read(() => new RbacAuthorizer(api).authorize(attrs));
    if (!quiet) ctx.io.out(decision.allowed ? 'yes\n' : `no${decision.reason ? ` - ${decision.reason}` : ''}\n`);
    if (!decision.allowed) throw new SilentExit(1);
    return 0;
  },
});

const whoamiCommand = defineCommand({
  name: 'whoami',
  short: 'Experimental: Check self subject attributes',
  usage: 'kubectl auth whoami',
  flags: PRINT_FLAGS,
  run(ctx) {
    // The review is printed as an object only when -o is given.
    const out = ctx.set.has('output') ? outputOf(ctx.flags, ctx.set) : undefined;
    const user = userOf(ctx);
    if (out) {
      const review = selfSubjectReview(user);
      ctx.io.out(printTypedObject(review as unknown as KubeObject, out, ctx.cluster().api.registry(), ctx.flags['show-managed-fields']));
      return 0;
    }
    const rows = [['ATTRIBUTE', 'VALUE'], ['Username', user.name]];
    if (user.uid) rows.push(['UID', user.uid]);
    if (user.groups.length) rows.push(['Groups', `[${user.groups.join(' ')}]`]);
    for (const k of Object.keys(user.extra ?? {}).sort()) rows.push([`Extra: ${k}`, `[${user.extra![k]!.join(' ')}]`]);
    ctx.io.out(renderTabbed(rows));
    return 0;
  },
});


/** authCommand is `kubectl auth`. */
export const authCommand = defineCommand({
  name: 'auth',
  short: 'Inspect authorization',
  usage: 'kubectl auth [flags] [options]',
  flags: [],
  subcommands: { 'can-i': canICommand, reconcile: reconcileCommand, whoami: whoamiCommand },
  run(ctx): number { return runParent(ctx, authCommand, 'auth'); },
});
