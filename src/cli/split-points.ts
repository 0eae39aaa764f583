/**
 * split-points: the CLI's modules that kubemu loads on demand rather than at start-up — each
 * command, and cluster creation (the reconcile machinery's split point is
 * cluster/split-points.ts). Here they are plain imports, so tests and type-checking see
 * ordinary modules; the build (scripts/build.mjs) turns each into its own file that the
 * bundle loads when SPLIT.<name>() is first called. A `get` then reads and compiles only what
 * `get` uses.
 *
 * Shape (the build checks it): one `import * as NAME from 'PATH';` per split point, and
 * SPLIT mapping each NAME to `() => NAME`. Import this file only from the CLI's top
 * (main, the verb registry): it imports every command, so a module below them importing it
 * would make an import cycle.
 */
import * as bootstrap from '../cluster/bootstrap';
import * as create from './commands/create';
import * as get from './commands/get';
import * as del from './commands/delete';
import * as apply from './commands/apply';
import * as describe from './commands/describe';
import * as info from './commands/info';
import * as events from './commands/events';
import * as image from './commands/image';
import * as config from './commands/config';
import * as tick from './commands/tick';
import * as cluster from './commands/cluster';
import * as logs from './commands/logs';
import * as doctor from './commands/doctor';
import * as label from './commands/label';
import * as annotate from './commands/annotate';
import * as patch from './commands/patch';
import * as scale from './commands/scale';
import * as run from './commands/run';
import * as set from './commands/set';
import * as rollout from './commands/rollout';
import * as wait from './commands/wait';
import * as expose from './commands/expose';
import * as autoscale from './commands/autoscale';
import * as replace from './commands/replace';
import * as edit from './commands/edit';
import * as diff from './commands/diff';
import * as cordon from './commands/cordon';
import * as taint from './commands/taint';
import * as node from './commands/node';
import * as scheduler from './commands/scheduler';
import * as drain from './commands/drain';
import * as why from './commands/why';
import * as auth from './commands/auth';
import * as top from './commands/top';
import * as addon from './commands/addon';
import * as exec from './commands/exec';
import * as cp from './commands/cp';
import * as ownVerbRunner from './own-verb-runner';
import * as complete from './complete';
import * as options from './commands/options';

export const SPLIT = {
  bootstrap: () => bootstrap,
  create: () => create,
  get: () => get,
  del: () => del,
  apply: () => apply,
  describe: () => describe,
  info: () => info,
  events: () => events,
  image: () => image,
  config: () => config,
  tick: () => tick,
  cluster: () => cluster,
  logs: () => logs,
  doctor: () => doctor,
  label: () => label,
  annotate: () => annotate,
  patch: () => patch,
  scale: () => scale,
  run: () => run,
  set: () => set,
  rollout: () => rollout,
  wait: () => wait,
  expose: () => expose,
  autoscale: () => autoscale,
  replace: () => replace,
  edit: () => edit,
  diff: () => diff,
  cordon: () => cordon,
  taint: () => taint,
  node: () => node,
  scheduler: () => scheduler,
  drain: () => drain,
  why: () => why,
  auth: () => auth,
  top: () => top,
  addon: () => addon,
  exec: () => exec,
  cp: () => cp,
  ownVerbRunner: () => ownVerbRunner,
  complete: () => complete,
  options: () => options,
};
