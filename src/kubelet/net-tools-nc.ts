/**
 * net-tools-nc: busybox `nc` as connectivity checks use it — `nc -z [-v] [-w SEC] HOST PORT`
 * says whether a TCP connection opens: exit 0 when it does, 1 when it is refused, dropped by
 * a NetworkPolicy (after -w or the kernel's SYN timeout; simulated time does not wait) or the
 * name does not resolve. -v reports the outcome on stderr as busybox's nc does.
 * kubemu: no data is exchanged (what stdin would send is not read); with -u the probe always
 * succeeds, as a UDP "connection" needs no answer.
 */
import type { Fetch, NetContext, ToolResult } from './net-tools';

/** NC_TOOL is the command name. */
export const NC_TOOL = 'nc';
/** NC_USAGE is busybox nc's usage line, printed for missing arguments. */
export const NC_USAGE = 'BusyBox v1.36.1 multi-call binary.\n\nUsage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n';

/** NC_VALUE_FLAGS take a value (-w 2, -i 1, -p 80, -s ADDR, -e PROG, -o FILE). */
const NC_VALUE_FLAGS = new Set(['w', 'i', 'p', 's', 'e', 'o']);

/** runNc runs nc with args (argv without the command) from the calling pod; fetchUrl is net-tools' connection (passed in, so the two files do not import each other). */
export function runNc(args: string[], ctx: NetContext, fetchUrl: (url: string, ctx: NetContext) => Fetch): ToolResult {
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-') { positionals.push(a); continue; }
    for (let j = 1; j < a.length; j++) {
      const f = a[j]!;
      flags.add(f);
      if (NC_VALUE_FLAGS.has(f)) { if (j === a.length - 1) i++; break; }
    }
  }
  const [host, port] = positionals;
  if (!host || !port || !/^\d+$/.test(port)) return { stdout: '', stderr: NC_USAGE, code: 1 };
  const verbose = flags.has('v');
  const r = fetchUrl(`http://${host}:${port}/`, ctx);
  if (!r.ok && (r.why === 'resolve' || r.why === 'dns-timeout')) return { stdout: '', stderr: `nc: bad address '${host}'\n`, code: 1 };
  const ip = r.ip ?? host;
  const where = `${host} (${ip}:${port})`;
  if (r.ok || flags.has('u')) return { stdout: '', stderr: verbose ? `${where} open\n` : '', code: 0 };
  const why = r.why === 'timeout' ? 'Connection timed out' : 'Connection refused';
  return { stdout: '', stderr: verbose ? `nc: ${where}: ${why}\n` : '', code: 1 };
}

