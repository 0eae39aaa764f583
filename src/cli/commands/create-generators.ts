/**
 * create-generators: `kubectl create <kind> NAME …` subcommands, each a generator from
 * src/cli/generators plus the shared write path (dry-run, -o, server errors).
 */
import type { KubeObject } from '../../api/meta';
import type { Command, CommandContext } from '../command';
import { UsageError } from '../errors';
import { generatorSpec } from '../generators/generator-table';
import type { GeneratorSpec } from '../generators/flag-spec';
import { EXACTLY_ONE_NAME, GeneratorError, requireMarkedFlags } from '../generators/generator-error';
import { createNamespace } from '../generators/namespace';
import { createConfigMap } from '../generators/configmap';
import { createDeployment } from '../generators/deployment';
import { createSecretGeneric } from '../generators/secret-generic';
import { createSecretTls } from '../generators/secret-tls';
import { createSecretDockerRegistry } from '../generators/secret-docker-registry';
import { createService, type ServiceType } from '../generators/service';
import { createServiceAccount } from '../generators/serviceaccount';
import { createJob, createJobFromCronJob, validateCreateJob } from '../generators/job';
import { createCronJob } from '../generators/cronjob';
import { createRoleBinding, createClusterRoleBinding } from '../generators/rolebinding';
import { createPriorityClass } from '../generators/priorityclass';
import { createClusterRole, createRole, parseStringToString } from '../generators/role';
import { createQuota } from '../generators/quota';
import { createIngress } from '../generators/ingress';
import { createPodDisruptionBudget } from '../generators/pdb';
import { enforcedNamespace, flagDefsOf, generatorFs, intFlag, stringFlag, stringsFlag, withGeneratorErrors, writeGenerated } from './generator-cli';
import { runParent } from './parent-command';

/**
 * argsLenAtDash is cobra's ArgsLenAtDash: how many positionals came before `--`, or -1.
 * kubemu: the flag parser may not record it; then every word after NAME is the command.
 */
export function argsLenAtDash(ctx: CommandContext): number {
  return ctx.argsLenAtDash;
}

/** nameAndCommand is kubectl's NameFromCommandArgs plus the words after `--`. */
export function nameAndCommand(ctx: CommandContext, args: readonly string[], command: string, allowCommand: boolean): { name: string; command: string[] } {
  // Mirrors kubectl's NameFromCommandArgs: with `--`, only the words before it are names.
  const dash = argsLenAtDash(ctx);
  const names = dash >= 0 ? args.slice(0, dash) : args;
  if (names.length !== 1) throw new UsageError(EXACTLY_ONE_NAME(names.length), command);
  return { name: names[0]!, command: allowCommand && dash >= 0 ? args.slice(dash) : [] };
}

/** Generated is how one subcommand builds its objects from parsed flags. */
interface Generated {
  /** spec is the GENERATORS entry (flags, help). */
  spec: string;
  short: string;
  /** allowCommand accepts `-- COMMAND args…` after NAME. */
  allowCommand?: boolean;
  /** failPrefix goes before the server's message of a failed create (kubectl's generators wrap every error so); undefined prints it as a server error. */
  failPrefix?: (obj: KubeObject) => string | undefined;
  build(name: string, ctx: CommandContext, command: string[]): KubeObject;
}

const s = (ctx: CommandContext, f: string) => stringFlag(ctx, f) ?? '';
const arr = (ctx: CommandContext, f: string) => stringsFlag(ctx, f) ?? [];
/** given is a required flag's value, undefined when the command line does not give it (cobra's check). */
const given = <T>(ctx: CommandContext, f: string, value: (ctx: CommandContext, f: string) => T): T | undefined => (ctx.set.has(f) ? value(ctx, f) : undefined);

/** GENERATED lists every wired subcommand path, keyed by the words after `create`. */
const GENERATED: Record<string, Generated> = {
  namespace: { spec: 'create namespace', short: 'Create a namespace with the specified name', build: (name) => createNamespace(name) },
  configmap: {
    spec: 'create configmap', short: 'Create a config map from a local file, directory or literal value',
    failPrefix: () => 'failed to create configmap: ',
    build: (name, ctx) => createConfigMap(name, {
      fromLiteral: arr(ctx, 'from-literal'), fromFile: arr(ctx, 'from-file'), fromEnvFile: arr(ctx, 'from-env-file'),
      appendHash: !!ctx.flags['append-hash'], namespace: enforcedNamespace(ctx),
    }, generatorFs(ctx)),
  },
  deployment: {
    spec: 'create deployment', short: 'Create a deployment with the specified name', allowCommand: true,
    failPrefix: () => 'failed to create deployment: ',
    build: (name, ctx, command) => createDeployment(name, {
      image: given(ctx, 'image', arr), replicas: intFlag(ctx, 'replicas'), port: intFlag(ctx, 'port'), command, namespace: enforcedNamespace(ctx),
    }),
  },
  'secret generic': {
    spec: 'create secret generic', short: 'Create a secret from a local file, directory, or literal value',
    failPrefix: () => 'failed to create secret ',
    build: (name, ctx) => createSecretGeneric(name, {
      fromLiteral: arr(ctx, 'from-literal'), fromFile: arr(ctx, 'from-file'), fromEnvFile: arr(ctx, 'from-env-file'),
      type: s(ctx, 'type'), appendHash: !!ctx.flags['append-hash'], namespace: enforcedNamespace(ctx),
    }, generatorFs(ctx)),
  },
  'secret tls': {
    spec: 'create secret tls', short: 'Create a TLS secret',
    failPrefix: () => 'failed to create secret ',
    build: (name, ctx) => createSecretTls(name, { cert: s(ctx, 'cert'), key: s(ctx, 'key'), appendHash: !!ctx.flags['append-hash'], namespace: enforcedNamespace(ctx) }, generatorFs(ctx)),
  },
  'secret docker-registry': {
    spec: 'create secret docker-registry', short: 'Create a secret for use with a Docker registry',
    failPrefix: () => 'failed to create secret ',
    build: (name, ctx) => createSecretDockerRegistry(name, {
      dockerUsername: s(ctx, 'docker-username'), dockerPassword: s(ctx, 'docker-password'), dockerEmail: s(ctx, 'docker-email'),
      dockerServer: ctx.set.has('docker-server') ? s(ctx, 'docker-server') : undefined, fromFile: arr(ctx, 'from-file'),
      appendHash: !!ctx.flags['append-hash'], namespace: enforcedNamespace(ctx),
    }, generatorFs(ctx)),
  },
  ...serviceEntries(),
  serviceaccount: {
    spec: 'create serviceaccount', short: 'Create a service account with the specified name',
    failPrefix: () => 'failed to create serviceaccount: ',
    build: (name, ctx) => createServiceAccount(name, { namespace: enforcedNamespace(ctx) }),
  },
  job: {
    spec: 'create job', short: 'Create a job with the specified name', allowCommand: true,
    failPrefix: () => 'failed to create job: ',
    build: (name, ctx, command) => {
      const from = s(ctx, 'from');
      validateCreateJob({ image: s(ctx, 'image'), from, command });
      if (!from) return createJob(name, { image: s(ctx, 'image'), command, namespace: enforcedNamespace(ctx) });
      const [type, cjName] = from.split('/');
      const cluster = ctx.cluster();
      cluster.catchUp();
      const info = cluster.api.registry().resolve(type!);
      if (info.kind !== 'CronJob' || !cjName) throw new GeneratorError('from must be an existing cronjob');
      const cj = cluster.api.get({ kind: info.storageKind, namespace: ctx.namespace, name: cjName });
      return createJobFromCronJob(name, cj, { namespace: enforcedNamespace(ctx) });
    },
  },
  cronjob: {
    spec: 'create cronjob', short: 'Create a cron job with the specified name', allowCommand: true,
    failPrefix: () => 'failed to create cronjob: ',
    build: (name, ctx, command) => createCronJob(name, { image: given(ctx, 'image', s), schedule: given(ctx, 'schedule', s), restart: s(ctx, 'restart'), command, namespace: enforcedNamespace(ctx) }),
  },
  rolebinding: {
    spec: 'create rolebinding', short: 'Create a role binding for a particular role or cluster role',
    failPrefix: () => 'failed to create rolebinding: ',
    build: (name, ctx) => createRoleBinding(name, {
      role: s(ctx, 'role'), clusterrole: s(ctx, 'clusterrole'), user: arr(ctx, 'user'), group: arr(ctx, 'group'),
      serviceaccount: arr(ctx, 'serviceaccount'), namespace: enforcedNamespace(ctx),
    }),
  },
  clusterrolebinding: {
    spec: 'create clusterrolebinding', short: 'Create a cluster role binding for a particular cluster role',
    failPrefix: () => 'failed to create clusterrolebinding: ',
    build: (name, ctx) => createClusterRoleBinding(name, { clusterrole: given(ctx, 'clusterrole', s), user: arr(ctx, 'user'), group: arr(ctx, 'group'), serviceaccount: arr(ctx, 'serviceaccount') }),
  },
  priorityclass: {
    spec: 'create priorityclass', short: 'Create a priority class with the specified name',
    failPrefix: () => 'failed to create priorityclass: ',
    build: (name, ctx) => createPriorityClass(name, {
      value: intFlag(ctx, 'value'), globalDefault: !!ctx.flags['global-default'], description: s(ctx, 'description'),
      preemptionPolicy: s(ctx, 'preemption-policy') || undefined,
    }),
  },
  role: {
    spec: 'create role', short: 'Create a role with single rule',
    build: (name, ctx) => createRole(name, {
      verb: arr(ctx, 'verb'), resource: arr(ctx, 'resource'), resourceName: arr(ctx, 'resource-name'),
      namespace: enforcedNamespace(ctx), warn: (t) => ctx.io.err(t),
    }),
  },
  clusterrole: {
    spec: 'create clusterrole', short: 'Create a cluster role',
    build: (name, ctx) => createClusterRole(name, {
      verb: arr(ctx, 'verb'), resource: arr(ctx, 'resource'), resourceName: arr(ctx, 'resource-name'),
      nonResourceUrl: arr(ctx, 'non-resource-url'), aggregationRule: parseStringToString(s(ctx, 'aggregation-rule')),
      warn: (t) => ctx.io.err(t),
    }),
  },
  quota: {
    spec: 'create quota', short: 'Create a quota with the specified name',
    failPrefix: () => 'failed to create quota: ',
    build: (name, ctx) => createQuota(name, { hard: s(ctx, 'hard'), scopes: s(ctx, 'scopes'), namespace: enforcedNamespace(ctx) }),
  },
  ingress: {
    spec: 'create ingress', short: 'Create an ingress with the specified name',
    failPrefix: () => 'failed to create ingress: ',
    build: (name, ctx) => createIngress(name, {
      rule: arr(ctx, 'rule'), class: s(ctx, 'class'), defaultBackend: s(ctx, 'default-backend'), annotation: arr(ctx, 'annotation'),
      namespace: enforcedNamespace(ctx),
    }),
  },
  poddisruptionbudget: {
    spec: 'create poddisruptionbudget', short: 'Create a pod disruption budget with the specified name',
    failPrefix: () => 'failed to create poddisruptionbudgets: ',
    build: (name, ctx) => createPodDisruptionBudget(name, {
      selector: s(ctx, 'selector'), minAvailable: s(ctx, 'min-available'), maxUnavailable: s(ctx, 'max-unavailable'),
      namespace: enforcedNamespace(ctx),
    }),
  },
};

function serviceEntries(): Record<string, Generated> {
  const types: [string, ServiceType][] = [['clusterip', 'ClusterIP'], ['nodeport', 'NodePort'], ['loadbalancer', 'LoadBalancer'], ['externalname', 'ExternalName']];
  return Object.fromEntries(types.map(([sub, type]) => [`service ${sub}`, {
    spec: `create service ${sub}`, short: `Create a ${type} service`,
    failPrefix: () => `failed to create ${type} service: `,
    build: (name: string, ctx: CommandContext) => createService(type, name, {
      tcp: arr(ctx, 'tcp'), clusterip: s(ctx, 'clusterip'), nodePort: intFlag(ctx, 'node-port'),
      externalName: given(ctx, 'external-name', s), namespace: enforcedNamespace(ctx),
    }),
  } satisfies Generated]));
}

function runGenerated(ctx: CommandContext, g: Generated, args: readonly string[], spec: GeneratorSpec): number {
  const cmdPath = spec.command.replace(/^kubectl /, '');
  const obj = withGeneratorErrors(cmdPath, () => {
    requireMarkedFlags(spec.flags, (f) => ctx.set.has(f));
    const { name, command } = nameAndCommand(ctx, args, cmdPath, !!g.allowCommand);
    return g.build(name, ctx, g.allowCommand ? command : []);
  });
  return writeGenerated(ctx, [obj], { operation: 'created', fieldManager: 'kubectl-create', failPrefix: g.failPrefix, typed: true });
}

function leafCommand(word: string, g: Generated): Command | undefined {
  const spec = generatorSpec(g.spec);
  if (!spec) return undefined;
  return {
    name: word, aliases: spec.aliases, short: g.short, usage: spec.usage, flags: flagDefsOf(spec),
    run: (ctx) => runGenerated(ctx, g, ctx.args, spec),
  };
}

/**
 * groupCommand is `create secret` or `create service`: a parent of the generators two words
 * deep (`create secret generic`), with no flags or run of its own but kubectl's
 * DefaultSubCommandRun.
 */
function groupCommand(word: string, short: string, aliases: readonly string[], children: [string, Generated][]): Command {
  const subcommands: Record<string, Command> = {};
  for (const [sub, g] of children) {
    const leaf = leafCommand(sub, g);
    if (!leaf) continue;
    subcommands[sub] = leaf;
    for (const a of leaf.aliases ?? []) alias(subcommands, a, leaf);
  }
  const group: Command = {
    name: word, aliases, short, usage: `kubectl create ${word} (${Object.keys(subcommands).join(' | ')}) [options]`, flags: [], subcommands,
    run: (ctx) => runParent(ctx, group, `create ${word}`),
  };
  return group;
}

// Aliases resolve like names but stay non-enumerable, so `create --help` lists each command once.
function alias(table: Record<string, Command>, name: string, cmd: Command): void {
  Object.defineProperty(table, name, { value: cmd, enumerable: false });
}

function buildTable(): Record<string, Command> {
  const out: Record<string, Command> = {};
  const groups = new Map<string, [string, Generated][]>();
  for (const [key, g] of Object.entries(GENERATED)) {
    const [first, second] = key.split(' ');
    if (second) { groups.set(first!, [...(groups.get(first!) ?? []), [second, g]]); continue; }
    const cmd = leafCommand(first!, g);
    if (!cmd) continue;
    out[first!] = cmd;
    for (const a of cmd.aliases ?? []) alias(out, a, cmd);
  }
  const shorts: Record<string, string> = { secret: 'Create a secret using a specified subcommand', service: 'Create a service using a specified subcommand' };
  const aliases: Record<string, string[]> = { service: ['svc'] };
  for (const [word, children] of groups) {
    const cmd = groupCommand(word, shorts[word] ?? word, aliases[word] ?? [], children);
    out[word] = cmd;
    for (const a of cmd.aliases ?? []) alias(out, a, cmd);
  }
  out.token = (require('./create-token') as typeof import('./create-token')).createTokenCommand;
  return out;
}

/** GENERATOR_COMMANDS maps `create` subcommand names (and aliases) to commands. */
export const GENERATOR_COMMANDS: Record<string, Command> = buildTable();
