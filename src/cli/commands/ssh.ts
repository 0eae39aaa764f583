/**
 * ssh: kubemu ssh NODE [-- COMMAND…] — a shell on a node's host (node-host/session.ts):
 * kubeadm's files, the static pod manifests the kubelet runs, systemctl, journalctl, crictl
 * and kubeadm. With a command (or commands on a piped stdin) it runs them and ends with their
 * exit status, as ssh does; on a terminal it prompts `root@NODE:~# ` line by line. vi, vim
 * and nano run $EDITOR on a temporary copy of the file (the round trip kubectl edit makes).
 * kubemu: each command line runs to its end at once, in simulated time.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { apiServerEndpoint } from '../../cluster/node-factory';
import { runOnNode, type SessionResult } from '../../node-host/session';
import { isStopped, setStopped } from '../../cluster/component-stops';
import { META_APISERVER_DOWN } from '../../node-host/apiserver-down';
import { applyEtcdData, etcdToolsOn, nodeDisk } from './etcd-on-node';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { SilentExit } from '../errors';

/** SCHEDULER_DOWN_BY_MANIFEST marks a scheduler this verb stopped because its manifest broke (so fixing it starts it again). */
const SCHEDULER_DOWN_BY_MANIFEST = 'scheduler.down-by-manifest';

/** REMOTE_STDERR matches the lines the shell, busybox's applets and the host's tools write to stderr, beside those marked so. */
const REMOTE_STDERR = /^(sh|bash|cat|ls|rm|cp|mv|mkdir|touch|sed|grep|head|tail|test|\[|cd|sort|wc|cut|tr|awk|systemctl|crictl|kubeadm|vi|vim|nano): |^FATA\[|^E: |^Unit \S+ could not be found\.$|^Failed to \w+ \S+: |^\{"level":"|^Error: |^Deprecated: Use /;

/** unresolved is ssh's failure for a host it cannot find. */
export const unresolved = (host: string): string => `ssh: Could not resolve hostname ${host}: Name or service not known`;

/** prompt is bash's PS1 on the node: root@NODE:DIR# with ~ for root's home. */
export const prompt = (node: string, cwd: string): string => `root@${node}:${cwd === '/root' ? '~' : cwd.startsWith('/root/') ? `~${cwd.slice(5)}` : cwd}# `;

/** editWith runs the user's editor on a temporary copy of a node file; undefined when nothing was saved. */
function editWith(ctx: CommandContext): (file: string, text: string) => string | undefined {
  return (file, text) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-ssh-'));
    const tmp = path.join(dir, path.basename(file) || 'file');
    fs.writeFileSync(tmp, text);
    const editor = ctx.env.EDITOR || ctx.env.VISUAL || 'vi';
    try {
      const r = spawnSync(`${editor} ${JSON.stringify(tmp)}`, { shell: true, stdio: 'inherit', env: ctx.env, cwd: ctx.cwd });
      if (r.status !== 0) return undefined;
      return fs.readFileSync(tmp, 'utf8');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** runLine runs one batch of commands on the node in one write, and applies what it did to the control plane. */
function runLine(ctx: CommandContext, nodeName: string, script: string, cwd: string): SessionResult & { restored?: boolean } {
  const cluster = ctx.cluster();
  cluster.catchUp();
  const endpoint = apiServerEndpoint();
  const edit = editWith(ctx);
  const tools = etcdToolsOn(ctx, nodeName);
  const disk = nodeDisk(ctx, nodeName);
  const result = cluster.write(() => runOnNode({ nodeName, script, endpoint, cwd, edit, tools, disk }, { api: cluster.api, clock: cluster.clock, rand: cluster.rand }));
  if (result.components) {
    const meta = cluster.store.meta;
    // etcd restarts with the data its manifest names: a restored folder replaces the state; an empty one crash-loops it.
    const etcd = applyEtcdData(ctx, nodeName);
    if (etcd === 'restored') return { ...result, restored: true };
    // The API server serves nothing without etcd: a broken etcd manifest takes it down too.
    const api = result.components['kube-apiserver'] ?? result.components.etcd ?? (etcd === 'crash-loop' ? 'etcd' : undefined);
    if (api) meta.set(META_APISERVER_DOWN, endpoint); else if (meta.get(META_APISERVER_DOWN)) meta.set(META_APISERVER_DOWN, '');
    const sched = result.components['kube-scheduler'];
    const schedulerByManifest = meta.get(SCHEDULER_DOWN_BY_MANIFEST) === 'true';
    // Only a manifest stops kube-controller-manager, so its flag follows the manifest alone.
    const kcm = !!result.components['kube-controller-manager'];
    const schedulerFlip = sched ? !schedulerByManifest || !isStopped(cluster, 'kube-scheduler') : schedulerByManifest;
    if (schedulerFlip || kcm !== isStopped(cluster, 'kube-controller-manager')) {
      cluster.write(() => {
        if (sched) { setStopped(cluster, 'kube-scheduler', true); meta.set(SCHEDULER_DOWN_BY_MANIFEST, 'true'); } else if (schedulerByManifest) {
          setStopped(cluster, 'kube-scheduler', false); meta.set(SCHEDULER_DOWN_BY_MANIFEST, '');
        }
        setStopped(cluster, 'kube-controller-manager', kcm);
      });
    }
  }
  return result;
}

function isTerminal(fd: number | undefined): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return fd !== undefined && (require('node:tty') as typeof import('node:tty')).isatty(fd);
}

/** readLine reads one line from a terminal's stdin; undefined at end of input. */
function readLine(fd: number): string | undefined {
  const buf = Buffer.alloc(1);
  let line = '';
  for (;;) {
    let n: number;
    try { n = fs.readSync(fd, buf, 0, 1, null); } catch (e) { if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue; throw e; }
    if (n === 0) return line.length ? line : undefined;
    const c = buf.toString('utf8');
    if (c === '\n') return line;
    line += c;
  }
}

const sshLeaf = leaf({
  command: 'ssh <node> [command..]',
  describe: 'Open a shell on a node\'s host: its files, systemctl, journalctl, crictl, kubeadm',
  examples: [
    ['$0 ssh worker01', 'an interactive shell on worker01 (root@worker01:~#)'],
    ['$0 ssh control01 -- cat /etc/kubernetes/manifests/kube-apiserver.yaml', 'run one command'],
    ['$0 ssh worker01 -- systemctl stop kubelet', 'stop the kubelet: the node goes NotReady after the grace period'],
  ],
  run(ctx: CommandContext): number {
    const [target, ...command] = ctx.args;
    const nodeName = (target ?? '').replace(/^[^@]*@/, '');
    const cluster = ctx.cluster();
    if (!cluster.read(() => cluster.api.tryGet({ kind: 'Node', name: nodeName }))) {
      ctx.io.err(`${unresolved(nodeName)}\n`);
      throw new SilentExit(255);
    }
    // The remote side's error lines come back on ssh's stderr, as the shell and tools write them there.
    const print = (r: SessionResult) => r.output.forEach((l, i) => ((r.stderr[i] || REMOTE_STDERR.test(l)) ? ctx.io.err : ctx.io.out)(`${l}\n`));
    if (command.length || !isTerminal(ctx.io.stdinFd)) {
      const script = command.length ? command.join(' ') : ctx.io.readStdin();
      const r = runLine(ctx, nodeName, script, '/root');
      print(r);
      return r.code;
    }
    let cwd = '/root';
    let code = 0;
    for (;;) {
      ctx.io.out(prompt(nodeName, cwd));
      ctx.io.flush();
      const line = readLine(ctx.io.stdinFd!);
      if (line === undefined) { ctx.io.out('logout\n'); return code; }
      if (/^\s*(exit|logout)(\s+\d+)?\s*$/.test(line)) { ctx.io.out('logout\n'); return Number(line.trim().split(/\s+/)[1] ?? code); }
      if (!line.trim()) continue;
      const r = runLine(ctx, nodeName, line, cwd);
      print(r);
      ctx.io.flush();
      cwd = r.cwd;
      code = r.code;
      // kubemu: the state under this session was replaced; the session ends as etcd's restart drops it.
      if (r.restored) { ctx.io.out('logout\n'); return code; }
    }
  },
});

/** sshCommand is `kubemu ssh`. */
export const sshCommand = ownVerb(sshLeaf);
