/**
 * io: the CLI's output streams, injected so tests capture them in-process. Writes are
 * buffered and flushed once at the end (one write syscall per stream for a whole table).
 */
import * as fs from 'node:fs';
import { bytesToText, textToBytes } from '../api/byte-string';

/** IOStreams is where a command writes; isTTY decides colour. */
export interface IOStreams {
  out(text: string): void;
  err(text: string): void;
  /** readStdin returns all of standard input (for `-f -`). */
  readStdin(): string;
  /** readStdinBytes returns all of standard input as a byte string (api/byte-string), for a container's stdin. */
  readStdinBytes(): string;
  /**
   * readWord reads the next whitespace-delimited word of standard input, as Go's fmt.Fscan
   * does for a prompt's answer (what was written is flushed first); undefined at its end.
   */
  readWord(): string | undefined;
  /** stdinFd is standard input's descriptor, for readers that stream it within a bound. */
  readonly stdinFd?: number;
  readonly isTTY: boolean;
  /** outIsTerminal says stdout is a terminal, whatever NO_COLOR says (kubectl's term.IsTerminal); absent means no. */
  readonly outIsTerminal?: boolean;
  /** errIsTTY says stderr is a terminal (progress lines go only there); absent means no. */
  readonly errIsTTY?: boolean;
  /** flush writes any buffered output. */
  flush(): void;
}

/** processIO writes to the real stdout/stderr. */
export function processIO(): IOStreams {
  let out = '';
  const flushOut = () => { if (out) { writeAll(1, out); out = ''; } };
  return {
    out(text) { out += text; if (out.length > 1 << 16) flushOut(); },
    err(text) { flushOut(); writeAll(2, text); },
    readStdin: () => fs.readFileSync(0, 'utf8'),
    readStdinBytes: () => bytesToText(fs.readFileSync(0)),
    readWord() {
      flushOut();
      return nextWord(() => {
        const byte = Buffer.alloc(1);
        for (;;) {
          try {
            return fs.readSync(0, byte, 0, 1, null) === 1 ? byte.toString('latin1') : undefined;
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return undefined;
          }
        }
      });
    },
    stdinFd: 0,
    // Asked on demand, through node:tty rather than process.stdout: either loads Node's stream
    // stack (~8 ms), which only the commands that colour their output should pay for.
    get isTTY() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require('node:tty') as typeof import('node:tty')).isatty(1) && !process.env.NO_COLOR;
    },
    get outIsTerminal() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require('node:tty') as typeof import('node:tty')).isatty(1);
    },
    get errIsTTY() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require('node:tty') as typeof import('node:tty')).isatty(2);
    },
    flush: flushOut,
  };
}

/** writeAll writes a byte string: text as UTF-8, a container's raw bytes (exec, logs) as themselves. */
function writeAll(fd: number, text: string): void {
  const buf = textToBytes(text);
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((e as NodeJS.ErrnoException).code === 'EPIPE') return;
      throw e;
    }
  }
}

/** nextWord skips whitespace, then reads characters up to the next whitespace or the end. */
function nextWord(next: () => string | undefined): string | undefined {
  let word = '';
  for (let c = next(); c !== undefined; c = next()) {
    if (/\s/.test(c)) { if (word) return word; continue; }
    word += c;
  }
  return word || undefined;
}

/** CapturedIO collects output in memory (tests). */
export interface CapturedIO extends IOStreams { stdout: string; stderr: string }

/** captureIO returns streams that record everything written, with optional stdin text. */
export function captureIO(stdin = ''): CapturedIO {
  const io: CapturedIO = {
    stdout: '', stderr: '',
    out(t) { io.stdout += t; },
    err(t) { io.stderr += t; },
    readStdin: () => stdin,
    readStdinBytes: () => stdin,
    readWord() {
      let at = 0;
      const word = nextWord(() => (at < stdin.length ? stdin[at++] : undefined));
      stdin = stdin.slice(at);
      return word;
    },
    isTTY: false,
    flush() {},
  };
  return io;
}
