/**
 * serve: kubemu serve — the cluster's Kubernetes REST API over HTTPS on loopback, so the real
 * kubectl, client libraries and tools work against the same state the CLI reads and writes.
 * Writes (or merges into) a kubeconfig context that points at it, prints the context and URL,
 * keeps the reconcile loop running on the wall clock, and stops cleanly on SIGINT/SIGTERM.
 * The server's code loads only here (docs/serve.md).
 */
import * as path from 'node:path';
import { DEFAULT_CLUSTER, clusterExists, statePath } from '../../cluster/home';
import { openCluster, META_SEED } from '../../cluster/cluster';
import { isLoopback } from './forward-ports';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';

/** SETTLE_EVERY_MS is how often (wall clock) the served cluster reconciles between requests. */
export const SETTLE_EVERY_MS = 1000;

/** notLoopbackAddress is serve's refusal of an address beyond the machine. */
export const notLoopbackAddress = (address: string): string => `kubemu serve listens on loopback addresses only (127.0.0.1, ::1, localhost), not ${address}`;

/** serveCommand is `kubemu serve`. */
export const serveCommand = ownVerb(leaf({
  command: 'serve',
  describe: 'Serve the cluster\'s Kubernetes API on loopback, for kubectl, client libraries and tools',
  options: {
    port: { type: 'number', default: 6443, describe: 'Port to listen on (0: any free port, printed)' },
    address: { type: 'string', default: '127.0.0.1', describe: 'Loopback address to listen on' },
  },
  examples: [
    ['$0 serve', 'serve the current cluster on https://127.0.0.1:6443'],
    ['$0 serve --port 0 --cluster kubemu --kubeconfig ~/.kube/config', 'merge a context for cluster kubemu into your kubeconfig and take any free port'],
  ],
  run(ctx, opts) {
    const given = String(opts.address);
    const address = given === 'localhost' ? '127.0.0.1' : given;
    if (!isLoopback(address)) throw new CliError(notLoopbackAddress(given));
    const port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`invalid port ${String(opts.port)}`);
    const name = ctx.clusterName;
    if (!clusterExists(ctx.home, name)) {
      if (name !== DEFAULT_CLUSTER) throw new CliError(`cluster "${name}" does not exist; create it with 'kubemu cluster create ${name}'`);
      // The default cluster is created on first use, as every verb's is (the command's handle closes after it).
      ctx.cluster();
    }
    const { KubemuApiServer } = require('../serve/api-server-http') as typeof import('../serve/api-server-http');
    const certs = require('../serve/serving-certs') as typeof import('../serve/serving-certs');
    const kc = require('../serve/serve-kubeconfig') as typeof import('../serve/serve-kubeconfig');
    const cluster = openCluster(statePath(ctx.home, name), { onWarning: (m) => ctx.io.err(`${m}\n`) });
    const seed = cluster.store.meta.get(META_SEED) ?? '1';
    const server = new KubemuApiServer({
      cluster, address, port, serving: certs.servingCertificate(seed, address), caPem: certs.caCertificate(seed), settleEveryMs: SETTLE_EVERY_MS,
    });
    const file = ctx.flags.kubeconfig ? path.resolve(ctx.cwd, ctx.flags.kubeconfig) : kc.defaultServeKubeconfig(ctx.home, name);
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      void server.stop().then(() => { ctx.io.out('Stopped.\n'); ctx.io.flush(); });
    };
    server.start().then((url) => {
      const context = kc.writeServeKubeconfig(file, name, url, certs.caCertificate(seed), certs.adminClientCertificate(seed));
      // The handlers come first: a script that reads these lines may stop the server at once.
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      ctx.io.out(`Serving cluster "${name}" at ${url}\nContext "${context}" in ${file}\n`);
      ctx.io.flush();
    }, (e: NodeJS.ErrnoException) => {
      cluster.close();
      ctx.io.err(`error: listen tcp ${address}:${port}: ${e.code === 'EADDRINUSE' ? 'bind: address already in use' : e.message}\n`);
      ctx.io.flush();
      process.exitCode = 1;
    });
    return 0;
  },
}));
