// Injected into the CommonJS bundle (scripts/build.mjs): ESM-only packages (yargs) read
// import.meta.url, which a CommonJS bundle has not. This stands for it, built from the
// bundle file's own name. It names a file two folders below dist/ so yargs' locale lookup
// (`../../../locales` from that file) finds dist/locales/, where the build copies en.json.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(join(__dirname, 'yargs', 'lib', 'bundle.js')).href;
