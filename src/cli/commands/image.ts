/**
 * image: kubemu image missing|present|reset IMAGE… and kubemu image list — tell the emulated
 * registry that an image does not exist (pulls fail: ErrImagePull, ImagePullBackOff) or does
 * (even if kubemu's catalogue does not know it).
 */
import type { Command, CommandContext } from '../command';
import { CliError } from '../errors';
import { IMAGES_CONFIGMAP, IMAGES_NAMESPACE, overridesOf, withOverride } from '../../kubelet/image-overrides';
import { renderTabbed } from '../../printers/table';

function mark(kind: 'missing' | 'present' | 'reset'): Command {
  return {
    name: kind,
    short: kind === 'reset' ? 'Forget what was said about images' : `Mark images ${kind} in the emulated registry`,
    usage: `kubemu image ${kind} IMAGE [IMAGE...]`,
    flags: [],
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
  };
}

const list: Command = {
  name: 'list',
  short: 'List the images marked missing or present',
  usage: 'kubemu image list',
  flags: [],
  run(ctx: CommandContext): number {
    const cluster = ctx.cluster();
    const o = overridesOf(cluster.api.tryGet({ kind: 'ConfigMap', namespace: IMAGES_NAMESPACE, name: IMAGES_CONFIGMAP }));
    const rows = [...[...o.missing].map((i) => [i, 'missing']), ...[...o.present].map((i) => [i, 'present'])].sort((a, b) => a[0]!.localeCompare(b[0]!));
    if (!rows.length) { ctx.io.err('No images marked\n'); return 0; }
    ctx.io.out(renderTabbed([['IMAGE', 'STATE'], ...rows]));
    return 0;
  },
};

/** imageCommand is `kubemu image`. */
export const imageCommand: Command = {
  name: 'image',
  short: 'Mark images missing or present in the emulated registry (kubemu)',
  usage: 'kubemu image (missing|present|reset|list) [IMAGE...]',
  flags: [],
  subcommands: { missing: mark('missing'), present: mark('present'), reset: mark('reset'), list },
  run() { throw new CliError('specify a subcommand: missing, present, reset or list'); },
};
