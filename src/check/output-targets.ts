/**
 * output-targets: several reports from one run. `--output` and `--output-file` pair up in
 * the order typed — a file belongs to the nearest --output before it (the first after it
 * when none came before) — so `--output junit --output-file r.xml --output text` writes
 * JUnit to r.xml and text to stdout. At most one report may go to stdout.
 */

/** OutputTarget is one report: its format and the file it goes to (stdout when absent). */
export interface OutputTarget { format: string; file?: string }

/** outputTargets reads the pairs from the command line as typed (`text` to stdout when no --output is given). */
export function outputTargets(argv: readonly string[]): OutputTarget[] {
  const formats: { format: string; at: number }[] = [];
  const files: { file: string; at: number }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i]!;
    if (t === '--') break;
    const value = (long: string, short?: string): string | undefined => {
      if (t === long || (short && t === short)) return argv[++i];
      if (t.startsWith(`${long}=`)) return t.slice(long.length + 1);
      if (short && t.startsWith(short) && t.length > short.length && !t.startsWith('--')) return t.slice(short.length).replace(/^=/, '');
      return undefined;
    };
    const file = value('--output-file');
    if (file !== undefined) { files.push({ file, at: i }); continue; }
    const format = value('--output', '-o');
    if (format !== undefined) formats.push({ format, at: i });
  }
  const targets: (OutputTarget & { at: number })[] = formats.length ? formats.map((f) => ({ ...f })) : [{ format: 'text', at: -1 }];
  for (const f of files) {
    const before = [...targets].reverse().find((t) => t.at < f.at && t.file === undefined);
    const after = targets.find((t) => t.at > f.at && t.file === undefined);
    const owner = before ?? after;
    if (!owner) throw new Error(`--output-file "${f.file}" has no --output of its own (give one --output per --output-file)`);
    owner.file = f.file;
  }
  if (targets.filter((t) => t.file === undefined).length > 1) throw new Error('only one --output can go to stdout: give the others an --output-file');
  return targets.map((t) => (t.file === undefined ? { format: t.format } : { format: t.format, file: t.file }));
}
