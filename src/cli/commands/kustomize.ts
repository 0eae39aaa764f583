/**
 * kustomize: kubectl kustomize DIR — build a kustomization and print it as YAML documents
 * (kustomize v5.5.0 as kubectl 1.32 embeds it; src/kustomize, docs/kustomize.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineCommand } from '../command';
import { CliError } from '../errors';
import { buildKustomizeDir } from '../kustomize-docs';

export const kustomizeCommand = defineCommand({
  name: 'kustomize',
  short: 'Build a kustomization target from a directory or URL',
  usage: 'kubectl kustomize DIR [flags] [options]',
  flags: [
    { name: 'output', short: 'o', type: 'string', default: '', help: 'If specified, write output to this path.' },
    { name: 'load-restrictor', type: 'string', default: 'LoadRestrictionsRootOnly', help: "if set to 'LoadRestrictionsNone', local kustomizations may load files from outside their root. This does, however, break the relocatability of the kustomization." },
    { name: 'enable-helm', type: 'bool', default: false, help: 'Enable use of the Helm chart inflator generator (refused by kubemu: it does not run helm).' },
  ],
  run(ctx): number {
    if (ctx.args.length > 1) throw new CliError('specify one path to kustomization.yaml');
    if (ctx.flags['enable-helm']) throw new CliError('kubemu does not run helm: --enable-helm is not supported');
    const { text } = buildKustomizeDir(ctx, ctx.args[0] ?? '.');
    if (ctx.flags.output) fs.writeFileSync(path.resolve(ctx.cwd, ctx.flags.output), text);
    else ctx.io.out(text);
    return 0;
  },
});
