/**
 * main: the composition root. It finds the command in argv, parses its flags with
 * kubectl's rules, opens the cluster when the command needs it, runs the command and
 * turns any failure into kubectl's one-line error and exit code.
 */
import * as path from 'node:path';
import type { IOStreams } from './io';
import { CliError, SilentExit, formatError } from './errors';
import { META_APISERVER_DOWN, connectionRefused } from '../node-host/apiserver-down';
import { certificateExpired, mayHaveExpired, servingCertNotAfter } from '../node-host/serving-cert';
import type { CommandContext } from './command';
import { COMMAND_TABLE } from './commands';
import { front, mayBeCreatePlugin } from './front';
import { CONNECTION_FLAGS, type FlagValues, type GlobalFlagValues, type ParsedArgs } from './flags';
import { isOwnVerb, plainArgv } from './own-verb';
import { surfaceFiles } from './surface';
import { DEFAULT_CLUSTER, checkClusterName, clusterExists, contextNamespace, currentCluster, kubemuHome, statePath } from '../cluster/home';
import { META_CREATED, openCluster, type Cluster } from '../cluster/cluster';
import { withAudit } from '../cluster/with-audit';
import { provideHostFiles } from '../kubelet/host-path-files';
import { hostFilesProvider } from './host-files-provider';
import { freshSeed } from '../sim/rand';
import { hostNowMs } from '../sim/clock';
import { SettleProgress, podCounts } from './settle-progress';
// From their own files, not the authorization barrel: it would bring the RBAC escalation check
// and rule compaction (split points of their own) into every start.
import { impersonatedCluster, requestUser } from '../apiserver/authorization/impersonation';
import type { UserInfo } from '../apiserver/authorization/user-info';
import { adminUserOf, usesKubeconfigFile } from './kubeconfig/kubeconfig-in-use';
import { serverWarningCount, warningsReceivedError } from './server-warnings';
import { CONTROL_PLANE_LABEL } from '../api/well-known-labels';
import type { RequestContext } from './kubeconfig/request-context';

export { processIO, captureIO } from './io';

/** surface is the command table as files for entry's front end (written by the build). */
export function surface(): Map<string, string> {
  return surfaceFiles(COMMAND_TABLE.all());
}

/**
 * MainOptions: leaveOpen takes the close of the command's state file instead of main closing it
 * on return, for a caller that knows when the command has finished (a proxy or port-forward
 * goes on serving after main returns).
 */
export interface MainOptions { leaveOpen?: (close: () => void) => void }

/** main runs one CLI invocation and returns its exit code. */
export function main(argv: string[], io: IOStreams, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), opts: MainOptions = {}): number {
  let opened: Cluster | undefined;
  let progress: SettleProgress | undefined;
  let shown = 'kubectl';
  try {
    if (argv[0] === '__complete') return (require('./complete') as typeof import('./complete')).complete(argv.slice(1), io, COMMAND_TABLE, env);
    // kubectl create WORD runs a kubectl-create-WORD plugin when WORD is none of create's
    // subcommands, before create's flags are parsed.
    if (mayBeCreatePlugin(argv, COMMAND_TABLE)) {
      const { pluginFor, runPlugin } = require('./plugins') as typeof import('./plugins');
      const plugin = pluginFor(argv, env, cwd, 2);
      if (plugin && !('error' in plugin)) return runPlugin(plugin, io, env, cwd);
    }
    const r = front(argv, COMMAND_TABLE);
    if (r.kind === 'answered') {
      if (r.stdout) io.out(r.stdout);
      if (r.stderr) io.err(r.stderr);
      return r.code;
    }
    if (r.kind === 'unknown') {
      // kubectl runs a `kubectl-<words>` plugin from PATH in place of an unknown command.
      const { pluginFor, runPlugin } = require('./plugins') as typeof import('./plugins');
      const plugin = pluginFor(argv, env, cwd);
      if (plugin && 'error' in plugin) { io.err(`Error: ${plugin.error}\n`); return 1; }
      if (plugin) return runPlugin(plugin, io, env, cwd);
      const { suggestionsText } = require('./command-suggestions') as typeof import('./command-suggestions');
      throw new CliError(`unknown command "${r.word}" for "kubectl"${suggestionsText(r.word)}`);
    }
    const { command } = r;
    shown = r.shown;
    const home = kubemuHome(env);
    // Command output clears the progress line first, so it never lands after the line's text.
    const cmdIO: IOStreams = Object.assign(Object.create(io) as IOStreams, { out: (t: string) => { progress?.end(); io.out(t); } });
    const contextFor = (parsed: ParsedArgs): CommandContext => {
      // The parser's one untyped record meets the flag tables here: front parsed GLOBAL_FLAGS with every command.
      const flags = parsed.flags as FlagValues & GlobalFlagValues;
      // A kubeconfig file, --user or --token put the request's context and credentials in the
      // kubeconfig's hands; otherwise each cluster is its own context with the admin (no YAML read).
      // kubectl config only edits the files: no context of them is resolved.
      // A verb's own --user/--token (create rolebinding --user) is not the global one.
      const global = (name: 'user' | 'token') => (command.flags.some((f) => f.name === name) ? undefined : flags[name] || undefined);
      const userFlag = global('user');
      const tokenFlag = global('token');
      const clientCertFlags = parsed.set.has('client-certificate') || parsed.set.has('client-key');
      const viaKubeconfig = !/^\S+ config\b/.test(shown) && (!!userFlag || !!tokenFlag || clientCertFlags || usesKubeconfigFile(home, env, flags.kubeconfig));
      const rc: RequestContext | undefined = viaKubeconfig
        ? (require('./kubeconfig/request-context') as typeof import('./kubeconfig/request-context')).resolveRequestContext(home, env, { ...flags, user: userFlag, token: tokenFlag }, cwd)
        : undefined;
      const explicitCluster = flags.cluster || (rc ? (flags.context ? rc.clusterName : env.KUBEMU_CLUSTER || rc.clusterName) : flags.context || env.KUBEMU_CLUSTER);
      const clusterName = checkClusterName(explicitCluster || currentCluster(home));
      let user: UserInfo = requestUser({ as: flags.as, asGroups: flags['as-group'], asUid: flags['as-uid'], authInfo: rc ? rc.userName : adminUserOf(clusterName) });
      const impersonating = parsed.set.has('as');
      const ctx: CommandContext = {
        io: cmdIO, args: parsed.args, flags, set: parsed.set, argsLenAtDash: parsed.argsLenAtDash,
        namespace: flags.namespace || (rc ? rc.namespace : contextNamespace(home, clusterName)) || 'default',
        namespaceExplicit: parsed.set.has('namespace'),
        home, clusterName, env, cwd, argv,
        cluster: () => {
          if (opened) return opened;
          const file = statePath(home, clusterName);
          if (!clusterExists(home, clusterName)) {
            if (clusterName !== DEFAULT_CLUSTER) {
              // A kubeconfig context may name a real cluster kubemu cannot reach: say where the name came from.
              if (rc && !flags.cluster && clusterName === rc.clusterName) {
                throw new CliError(`context "${rc.contextName}" names cluster "${clusterName}", which is not a kubemu cluster; create it with 'kubemu cluster create ${clusterName}' or pick another context with 'kubectl config use-context'`);
              }
              throw new CliError(`cluster "${clusterName}" does not exist; create it with 'kubemu cluster create ${clusterName}'`);
            }
            const { createCluster, DEFAULT_SPEC } = (require('../cluster/bootstrap') as typeof import('../cluster/bootstrap'));
            createCluster(file, { ...DEFAULT_SPEC, seed: freshSeed() });
          }
          // A settle that runs past a second shows its progress on a terminal's stderr.
          const store = () => opened!.store;
          progress = new SettleProgress(io.err, () => !!io.errIsTTY, hostNowMs, () => podCounts((visit) => store().each({ kind: 'Pod' }, visit), opened!.clock.nowMs()));
          // hostPath volumes show the node's host files (a node debugging pod's /host).
          provideHostFiles(hostFilesProvider);
          opened = openCluster(file, { onWarning: (m) => io.err(`${m}\n`), onSettlePass: () => progress?.pass() });
          // An expired serving certificate fails kubectl's TLS handshake before any request (read as the cluster, not the user).
          const unsecured = opened;
          const created = unsecured.store.meta.get(META_CREATED);
          const expired = isOwnVerb(command) || !mayHaveExpired(unsecured.clock.nowMs(), created === undefined ? undefined : Number(created))
            ? undefined : unsecured.read(() => certificateExpired(unsecured.clock.nowMs(), servingCertNotAfter(unsecured.api)));
          // --server, --certificate-authority and the like, as client-go checks them before any request.
          if (!isOwnVerb(command) && CONNECTION_FLAGS.some((f) => parsed.set.has(f))) {
            const { clusterCACert } = require('./kubeconfig/loading-rules') as typeof import('./kubeconfig/loading-rules');
            const { connectionFailure, kubeadmServerIdentity } = require('./connection-flags') as typeof import('./connection-flags');
            const plain = unsecured;
            const identity = kubeadmServerIdentity(rc?.clusterName ?? clusterName, clusterCACert(home, clusterName),
              () => plain.read(() => plain.api.list({ kind: 'Node', labelSelector: CONTROL_PLANE_LABEL }).map((n) => n.metadata.name!).sort()[0]));
            const failure = connectionFailure(flags, identity, cwd);
            if (failure) { io.err(`${failure}\n`); throw new SilentExit(1); }
          }
          // The kubeconfig user's credentials, then --as: the CLI's API calls are authorized for
          // that user (components are not).
          if (rc?.credentials || impersonating) {
            const { authenticatedUser, effectiveUser } = require('./request-identity') as typeof import('./request-identity');
            const api = opened.api;
            user = opened.read(() => effectiveUser(api, authenticatedUser(api, rc?.credentials), impersonating ? flags.as : undefined, flags['as-group'] ?? [], flags['as-uid'] || undefined));
            opened.api.requester = user;
            opened = impersonatedCluster(opened, user);
          }
          // A broken kube-apiserver manifest: kubectl's verbs find nothing listening (kubemu's own still work).
          const down = isOwnVerb(command) ? undefined : opened.store.meta.get(META_APISERVER_DOWN);
          if (down) { io.err(`${connectionRefused(down)}\n`); throw new SilentExit(1); }
          if (expired) { io.err(`${expired}\n`); throw new SilentExit(1); }
          opened = withAudit(opened, file, user);
          return opened;
        },
        requestUser: () => { ctx.cluster(); return user; },
      };
      return ctx;
    };
    if (isOwnVerb(command)) {
      // A plain command line (`tick 1h`) needs no parser; others parse with yargs, loaded only
      // now (kubectl's verbs never pay for it).
      const plain = plainArgv(command, argv);
      if (plain) return plain.run(contextFor({ flags: plain.flags as ParsedArgs['flags'], set: plain.set, args: plain.args, argsLenAtDash: -1 }));
      return (require('./own-verb-runner') as typeof import('./own-verb-runner')).runOwnVerb(command, argv, cmdIO.out, contextFor);
    }
    const code = command.run(contextFor(r.parsed));
    // kubectl's PersistentPostRun: a command that succeeded fails if the server warned.
    const warned = serverWarningCount(cmdIO);
    if (code === 0 && warned && r.parsed.flags['warnings-as-errors']) throw new CliError(warningsReceivedError(warned));
    return code;
  } catch (e) {
    progress?.end(); // the error goes on a line of its own
    if (e instanceof CliError && e.stdout) io.out(e.stdout);
    // clientcmd's configuration errors are printed as they are, without kubectl's "error: ".
    if ((e as Error)?.name === 'ConfigError') { io.err(`${(e as Error).message}\n`); return 1; }
    const { text, exitCode } = formatError(e, shown.split(' ')[0]);
    // kubectl's CheckErr ends the message with a newline unless it has one.
    if (text) io.err(text.endsWith('\n') ? text : `${text}\n`);
    return exitCode;
  } finally {
    progress?.end();
    if (opened?.store.quarantined().length) (require('./corrupt-objects') as typeof import('./corrupt-objects')).warnQuarantined(opened, io.err);
    const left = opened;
    if (!opts.leaveOpen) left?.close();
    else if (left) opts.leaveOpen(() => left.close());
  }
}

/** resolvePath resolves a user path against the invocation's working directory. */
export function resolvePath(ctx: CommandContext, p: string): string {
  return path.resolve(ctx.cwd, p);
}
