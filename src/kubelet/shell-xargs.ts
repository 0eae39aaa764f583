/**
 * shell-xargs: busybox `xargs` — items read from stdin (blank-separated with quotes and
 * backslashes, or NUL-terminated with -0, or whole lines with -I), then the command run on
 * them in batches (-n), with busybox's exit statuses: 127 when the command is not there, 123
 * when a run fails, 124 when one exits 255.
 */
import { BUSYBOX_BANNER, WAITS } from './applet-io';

/** XargsIO is what xargs reads and runs. */
export interface XargsIO {
  stdin(): string | undefined;
  read(path: string): string | undefined;
  /** exists says whether a command can be run by name (an applet or a binary, not a shell builtin). */
  exists(name: string): boolean;
  run(argv: string[]): number;
  err(line: string): void;
  step(n?: number): void;
}

const USAGE = [
  'Usage: xargs [OPTIONS] [PROG ARGS]', '', 'Run PROG on every item given by stdin', '',
  '\t-0\tNUL terminated input', '\t-a FILE\tRead from FILE instead of stdin', "\t-r\tDon't run command if input is empty",
  '\t-t\tPrint the command on stderr before execution', '\t-p\tAsk user whether to run each command',
  '\t-E STR,-e[STR]\tSTR stops input processing', '\t-I STR\tReplace STR within PROG ARGS with input line',
  '\t-n N\tPass no more than N args to PROG', '\t-s N\tPass command line of no more than N bytes', '\t-P N\tRun up to N PROGs in parallel',
  '\t-x\tExit if size is exceeded',
];

/** items splits xargs' input as busybox does without -0: blanks separate, quotes and backslashes protect. */
function items(text: string): string[] | { error: string } {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) { quote = undefined; continue; }
      if (c === '\n') return { error: `unmatched ${quote === "'" ? 'single' : 'double'} quote` };
      cur += c;
      continue;
    }
    if (c === '"' || c === "'") { quote = c; has = true; continue; }
    if (c === '\\' && i + 1 < text.length) { cur += text[++i]; has = true; continue; }
    if (/\s/.test(c)) { if (has) out.push(cur); cur = ''; has = false; continue; }
    cur += c;
    has = true;
  }
  if (quote) return { error: `unmatched ${quote === "'" ? 'single' : 'double'} quote` };
  if (has) out.push(cur);
  return out;
}

/** xargs runs `xargs ARGS`: its exit status, or WAITS when it would wait for input forever. */
export function xargs(args: string[], io: XargsIO): number | typeof WAITS {
  let nul = false;
  let noEmpty = false;
  let trace = false;
  let per = Infinity;
  let replace: string | undefined;
  let eof: string | undefined;
  let file: string | undefined;
  let i = 0;
  const usage = (why: string) => { io.err(`xargs: ${why}`); for (const l of [BUSYBOX_BANNER, '', ...USAGE]) io.err(l); return 1; };
  for (; i < args.length && args[i]!.startsWith('-') && args[i] !== '-'; i++) {
    const a = args[i]!;
    if (a === '--') { i++; break; }
    for (let k = 1; k < a.length; k++) {
      const o = a[k]!;
      const value = () => { const v = a.slice(k + 1) || args[++i]; k = a.length; return v; };
      if (o === '0') nul = true;
      else if (o === 'r') noEmpty = true;
      else if (o === 't') trace = true;
      else if (o === 'x' || o === 'p') continue;
      else if (o === 'e') { eof = a.slice(k + 1) || undefined; k = a.length; } else if ('nIEasP'.includes(o)) {
        const v = value();
        if (v === undefined) return usage(`option requires an argument -- '${o}'`);
        if (o === 'n') { per = Number(v); if (!Number.isInteger(per) || per < 1) { io.err(`xargs: invalid number '${v}'`); return 1; } }
        if (o === 'I') replace = v;
        if (o === 'E') eof = v;
        if (o === 'a') file = v;
      } else return usage(`invalid option -- '${o}'`);
    }
  }
  const cmd = args.length > i ? args.slice(i) : ['echo'];
  const text = file !== undefined ? io.read(file) : io.stdin();
  if (text === undefined) {
    if (file === undefined) return WAITS;
    io.err(`xargs: can't open '${file}': No such file or directory`);
    return 1;
  }
  io.step(text.length);
  let got: string[];
  if (replace !== undefined) got = text.split('\n').map((l) => l.replace(/^[ \t]+/, '')).filter((l) => l !== '');
  else if (nul) got = text.split('\0').filter((x, k, all) => k < all.length - 1 || x !== '');
  else {
    const parsed = items(text);
    if (!Array.isArray(parsed)) { io.err(`xargs: ${parsed.error}`); return 1; }
    got = parsed;
  }
  if (eof !== undefined) { const at = got.indexOf(eof); if (at >= 0) got = got.slice(0, at); }
  if (!got.length && noEmpty) return 0;
  if (!io.exists(cmd[0]!)) { io.err(`xargs: ${cmd[0]}: No such file or directory`); return 127; }
  const batches: string[][] = [];
  if (replace !== undefined) for (const item of got) batches.push(cmd.map((a) => a.split(replace!).join(item)));
  else if (!got.length) batches.push(cmd);
  else for (let k = 0; k < got.length; k += per === Infinity ? got.length : per) batches.push([...cmd, ...got.slice(k, k + (per === Infinity ? got.length : per))]);
  let status = 0;
  for (const argv of batches) {
    io.step();
    if (trace) io.err(argv.join(' '));
    const code = io.run(argv);
    if (code === 255) { io.err(`xargs: ${argv[0]}: exited with status 255; aborting`); return 124; }
    if (code !== 0) status = 123;
  }
  return status;
}
