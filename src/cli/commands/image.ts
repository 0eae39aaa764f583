/**
 * image: kubemu image missing|present|reset IMAGE… and kubemu image list — tell the emulated
 * registry that an image does not exist (pulls fail: ErrImagePull, ImagePullBackOff) or does
 * (even if kubemu's catalogue does not know it).
 */
import type { CommandContext } from '../command';
import { leaf, ownVerb, type OwnLeaf } from '../own-verb';
import { CliError } from '../errors';
import { IMAGES_CONFIGMAP, IMAGES_NAMESPACE, overridesOf, withOverride } from '../../kubelet/image-overrides';
import { renderTabbed } from '../../printers/table';

function mark(kind: 'missing' | 'present' | 'reset'): OwnLeaf {
  return leaf({
    command: `${kind} <image..>`,
    describe: kind === 'reset' ? 'Forget what was said about images' : `Mark images ${kind} in the emulated registry`,
    run(ctx: CommandContext): number {
      if (!ctx.args.length) throw new CliError(`kubemu image ${kind} needs at least one IMAGE`);
      const cluster = ctx.cluster();
      cluster.write(() => {
        const ref = { kind: 'ConfigMap', namespace: IMAGES_NAMESPACE, name: IMAGES_CONFIGMAP };
        const cm = cluster.api.tryGet(ref);
        const data = withOverride(cm, ctx.args, kind);
        if (cm) cluster.api.update({ ...cm, data }, { fieldManager: 'kubemu' });
        else cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: IMAGES_CONFIGMAP, namespace: IMAGES_NAMESPACE }, data }, { fieldManager: 'kubemu' });
      });
      for (const image of ctx.args) ctx.io.out(`image/${image} ${kind === 'reset' ? 'reset' : `marked ${kind}`}\n`);
      return 0;
    },
  });
}

const list = leaf({
  command: 'list',
  describe: 'List the images marked missing or present',
  run(ctx: CommandContext): number {
    const cluster = ctx.cluster();
    const o = overridesOf(cluster.api.tryGet({ kind: 'ConfigMap', namespace: IMAGES_NAMESPACE, name: IMAGES_CONFIGMAP }));
    const rows = [...[...o.missing].map((i) => [i, 'missing']), ...[...o.present].map((i) => [i, 'present'])].sort((a, b) => a[0]!.localeCompare(b[0]!));
    if (!rows.length) { ctx.io.err('No images marked\n'); return 0; }
    ctx.io.out(renderTabbed([['IMAGE', 'STATE'], ...rows]));
    return 0;
  },
});

/** IMAGE_HELP is `kubemu image --help`'s description: which images the emulated registry has. */
export const IMAGE_HELP = [
  'Mark images missing or present in the emulated registry (kubemu).',
  '',
  " Without marks, the registry follows how real registries look. A known public repository (Docker Hub's official images such as nginx, mysql, redis, mariadb; registry.k8s.io's pause, etcd, kube-* and coredns; common quay.io ones) has every tag its scheme publishes: versions up to a release or so past the current one, partial versions (1.28, 8), variants (-alpine, -slim, Debian and Ubuntu codenames such as trixie or noble) and aliases (latest, stable, lts), and any @sha256 digest. Any other Docker Hub library name (ngnix) does not exist: pull access denied. Images on a private registry (a host with a dot or a port, e.g. ghcr.io/org/app:v1) or in a Docker Hub user namespace are assumed to exist.",
  '',
  ' Marks are kept per cluster and override all of the above.',
].join('\n');

/** imageCommand is `kubemu image`. */
export const imageCommand = ownVerb({
  command: 'image',
  describe: 'Mark images missing or present in the emulated registry (kubemu)',
  long: IMAGE_HELP,
  subcommands: [mark('missing'), mark('present'), mark('reset'), list],
  examples: [['$0 image missing registry.example.com/team/app:2.0', 'pulls of that image fail: ErrImagePull, then ImagePullBackOff']],
});
