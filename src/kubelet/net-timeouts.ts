/**
 * net-timeouts: what curl and wget print when the network drops their packets (a
 * NetworkPolicy on Calico drops, it does not reject): the client waits for its own timeout or
 * the kernel's, whichever ends first. Simulated: nothing waits, the texts say how long it would.
 * Texts: curl 8.x lib/multi.c multi_handle_timeout ("Resolving/Connection timed out after N
 * milliseconds") and lib/connect.c (all eyeballers failed: "Failed to connect to H port P
 * after N ms: Couldn't connect to server", exit 28 on ETIMEDOUT); busybox 1.36 wget (its -T
 * alarm: "download timed out"; else connect(2)'s ETIMEDOUT). DNS clients' timeouts are
 * kubelet/dns-tools.ts's (NO_SERVERS).
 */
import type { ToolResult } from './net-tools';

/**
 * SYN_TIMEOUT_MS is how long Linux retries an unanswered SYN (net.ipv4.tcp_syn_retries=6:
 * 1+2+4+8+16+32+64 s) before connect(2) fails with ETIMEDOUT.
 */
export const SYN_TIMEOUT_MS = 127_000;
/**
 * RESOLVER_GIVE_UP_MS is how long a pod's resolver tries before giving up on a name: resolv.conf's
 * defaults (timeout 5 s, 2 attempts) for each of the four names ndots:5 and the search path make.
 * kubemu: an estimate; curl's own limit decides when it is shorter.
 */
export const RESOLVER_GIVE_UP_MS = 40_000;

/** WGET_DOWNLOAD_TIMED_OUT is busybox wget's message when its -T alarm fires. */
export const WGET_DOWNLOAD_TIMED_OUT = 'wget: download timed out';

/** optionValue finds `--long V`, `--long=V`, `-s V` or `-sV` in args; the last one wins, as curl and getopt read them. */
function optionValue(args: string[], short: string | undefined, long: string): string | undefined {
  let v: string | undefined;
  args.forEach((a, i) => {
    if (a === long || (short && a === short)) v = args[i + 1];
    else if (a.startsWith(`${long}=`)) v = a.slice(long.length + 1);
    else if (short && a.startsWith(short) && !a.startsWith('--') && a.length > short.length) v = a.slice(short.length);
  });
  return v;
}

function seconds(v: string | undefined): number | undefined {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : undefined;
}

/** curlLimitMs is curl's limit on connecting: the smaller of --connect-timeout and -m/--max-time. */
export function curlLimitMs(args: string[]): number | undefined {
  const limits = [seconds(optionValue(args, '-m', '--max-time')), seconds(optionValue(args, undefined, '--connect-timeout'))].filter((n): n is number => n !== undefined);
  return limits.length ? Math.min(...limits) : undefined;
}

/** curlTimedOut is curl's failure when its lookup or connection gets no answer. */
export function curlTimedOut(args: string[], why: 'timeout' | 'dns-timeout', host: string, port: number, silent: boolean): ToolResult {
  const limit = curlLimitMs(args);
  const showError = args.some((a) => a === '--show-error' || /^-[a-zA-Z]*S/.test(a));
  let msg: string;
  let code = 28;
  if (why === 'dns-timeout') {
    if (limit !== undefined && limit < RESOLVER_GIVE_UP_MS) msg = `curl: (28) Resolving timed out after ${limit} milliseconds`;
    else { msg = `curl: (6) Could not resolve host: ${host}`; code = 6; }
  } else if (limit !== undefined && limit < SYN_TIMEOUT_MS) msg = `curl: (28) Connection timed out after ${limit} milliseconds`;
  else msg = `curl: (28) Failed to connect to ${host} port ${port} after ${SYN_TIMEOUT_MS} ms: Couldn't connect to server`;
  return { stdout: '', stderr: silent && !showError ? '' : `${msg}\n`, code };
}

/** wgetTimedOut is busybox wget's failure when its connection gets no answer. */
export function wgetTimedOut(args: string[], host: string, ip: string, port: number, quiet: boolean): ToolResult {
  const limit = seconds(optionValue(args, '-T', '--timeout'));
  const connecting = quiet ? '' : `Connecting to ${host}${port === 80 ? '' : `:${port}`} (${ip}:${port})\n`;
  const msg = limit !== undefined && limit < SYN_TIMEOUT_MS ? WGET_DOWNLOAD_TIMED_OUT : `wget: can't connect to remote host (${ip}): Connection timed out`;
  return { stdout: '', stderr: `${connecting}${msg}\n`, code: 1 };
}
