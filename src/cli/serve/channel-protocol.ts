/**
 * channel-protocol: the WebSocket framing of exec and attach, v5.channel.k8s.io (what kubectl
 * 1.30+ offers first) — every binary message starts with its channel: 0 stdin, 1 stdout,
 * 2 stderr, 3 the error channel (one metav1.Status ending the command), 4 terminal resize;
 * v5 adds 255, a channel's close signal, which the client sends when its stdin ends.
 * Mirrors k8s.io/apimachinery pkg/util/remotecommand constants and the kubelet's
 * writeStatus texts (pkg/kubelet/cri/streaming/remotecommand).
 */
import type { WebSocket } from 'ws';
import { bytesToText, textToBytes } from '../../api/byte-string';

/** CHANNEL_PROTOCOL_V5 is the one WebSocket subprotocol serve speaks for exec and attach. */
export const CHANNEL_PROTOCOL_V5 = 'v5.channel.k8s.io';

export const STDIN = 0;
export const STDOUT = 1;
export const STDERR = 2;
export const ERROR = 3;
export const RESIZE = 4;
export const CLOSE = 255;

/** ChannelSession is one exec or attach over an accepted WebSocket. */
export class ChannelSession {
  private stdinChunks: Buffer[] = [];
  private stdinDone: ((text: string) => void) | undefined;
  private stdinClosed = false;
  private ended = false;

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (!isBinary || buf.length === 0) return;
      const channel = buf[0]!;
      if (channel === STDIN) this.stdinChunks.push(buf.subarray(1));
      else if (channel === CLOSE && buf[1] === STDIN) this.closeStdin();
      // RESIZE: the emulated processes have no terminal to resize.
    });
    ws.on('close', () => { this.ended = true; this.closeStdin(); });
  }

  /** gone says whether the client went away. */
  get gone(): boolean { return this.ended; }

  /** stdin resolves with everything the client sent on stdin once it closed it (or went away). */
  stdin(): Promise<string> {
    return new Promise((resolve) => {
      if (this.stdinClosed) resolve(bytesToText(Buffer.concat(this.stdinChunks)));
      else this.stdinDone = resolve;
    });
  }

  private closeStdin(): void {
    if (this.stdinClosed) return;
    this.stdinClosed = true;
    this.stdinDone?.(bytesToText(Buffer.concat(this.stdinChunks)));
  }

  /** write sends text on an output channel. */
  write(channel: number, text: string): void {
    if (this.ended || !text) return;
    this.ws.send(Buffer.concat([Buffer.from([channel]), textToBytes(text)]));
  }

  /** finish sends the command's end on the error channel (success, or its exit code) and closes the connection. */
  finish(code: number, command: readonly string[]): void {
    this.status(code === 0 ? { metadata: {}, status: 'Success' } : {
      metadata: {}, status: 'Failure',
      message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${code}`,
      reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
    });
  }

  /** fail ends the session with an error's Status on the error channel; the client prints its message. */
  fail(message: string): void {
    this.status({ metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
  }

  private status(body: Record<string, unknown>): void {
    if (!this.ended) {
      this.write(ERROR, JSON.stringify(body));
      this.ws.close(1000);
    }
    this.ended = true;
  }
}
