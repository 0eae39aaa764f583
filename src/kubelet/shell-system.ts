/**
 * shell-system: the applets that describe the container itself — id, whoami, ps, df, du — as
 * busybox prints them, from who the process runs as and the container's files.
 * kubemu: the image's /etc/passwd and /etc/group are busybox's (root, wheel, nobody …).
 */
import { throughDataLink } from './atomic-writer';

/** ProcessUser is who a container's processes run as. */
export interface ProcessUser { uid: number; gid: number; groups: number[] }

/** USERS and GROUPS are the names busybox's /etc/passwd and /etc/group give. */
const USERS: Record<number, string> = { 0: 'root', 1: 'daemon', 2: 'bin', 3: 'sys', 8: 'mail', 65534: 'nobody' };
const GROUPS: Record<number, string> = { 0: 'root', 1: 'daemon', 2: 'bin', 3: 'sys', 10: 'wheel', 65534: 'nobody' };

const ROOT: ProcessUser = { uid: 0, gid: 0, groups: [0, 10] };

/** userName and groupName are the names the image's /etc/passwd and /etc/group give an id. */
export const userName = (uid: number): string | undefined => USERS[uid];
export const groupName = (gid: number): string | undefined => GROUPS[gid];

const named = (id: number, names: Record<number, string>) => (names[id] !== undefined ? `${id}(${names[id]})` : String(id));

/** busyboxId is `id`'s line: uid=1000 gid=3000 groups=2000,3000, names where the image knows them. */
export function busyboxId(user: ProcessUser = ROOT): string {
  return `uid=${named(user.uid, USERS)} gid=${named(user.gid, GROUPS)} groups=${user.groups.map((g) => named(g, GROUPS)).join(',')}`;
}

/** whoami is the user's name, or busybox's failure for a uid without one. */
export function whoami(user: ProcessUser = ROOT): { ok: boolean; text: string } {
  const name = USERS[user.uid];
  return name !== undefined ? { ok: true, text: name } : { ok: false, text: `whoami: unknown uid ${user.uid}` };
}

/** processUser reads a container's user from its and its pod's securityContext (the image's root by default). */
export function processUser(podSC: Record<string, any> | undefined, sc: Record<string, any> | undefined): ProcessUser {
  const uid = Number(sc?.runAsUser ?? podSC?.runAsUser ?? 0);
  const explicitGid = sc?.runAsGroup ?? podSC?.runAsGroup;
  const gid = Number(explicitGid ?? 0);
  const extra: number[] = [...(podSC?.fsGroup !== undefined ? [Number(podSC.fsGroup)] : []), ...((podSC?.supplementalGroups ?? []) as number[]).map(Number)];
  if (uid === 0 && explicitGid === undefined && !extra.length) return ROOT;
  // The runtime adds the primary group to the supplementary ones (as root, busybox's /etc/group adds wheel).
  const groups = [...new Set([gid, ...extra, ...(uid === 0 && gid === 0 ? [10] : [])])].sort((a, b) => a - b);
  return { uid, gid, groups };
}

/** ps lists the processes the container sees (its /proc: pid-namespace.ts) and ps itself, as busybox's ps prints them. */
export function ps(processes: ReadonlyArray<readonly [number, string]>, self: string, user: ProcessUser = ROOT): string[] {
  const who = (USERS[user.uid] ?? String(user.uid)).slice(0, 8).padEnd(8);
  const row = (pid: number, cmd: string) => `${String(pid).padStart(5)} ${who}  0:00 ${cmd}`;
  const shown = processes.filter(([, cmd]) => cmd);
  // A container whose command is ps is that process; else ps is the newest one (7 when PID 1 is alone).
  if (shown.length && shown[shown.length - 1]![1] === self) return ['PID   USER     TIME  COMMAND', ...shown.map(([pid, cmd]) => row(pid, cmd))];
  const last = processes.reduce((m, [pid]) => Math.max(m, pid), 1);
  return ['PID   USER     TIME  COMMAND', ...shown.map(([pid, cmd]) => row(pid, cmd)), row(last + 6, self)];
}

/** DF_ROWS are the container's mounts: [filesystem, 1K-blocks, used, mount point]. */
const DF_ROWS: [string, number, number, string][] = [
  ['overlay', 61202244, 10281564, '/'],
  ['tmpfs', 65536, 0, '/dev'],
  ['shm', 65536, 0, '/dev/shm'],
  ['/dev/vda1', 61202244, 10281564, '/etc/hosts'],
];

function human(kb: number): string {
  const units = ['K', 'M', 'G', 'T'];
  let v = kb;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${v}.0K` : `${v < 10 ? v.toFixed(1) : Math.round(v)}${units[u]}`;
}

/** df is busybox df's table (-h: human-readable sizes). */
export function df(h: boolean): string[] {
  const head = h ? 'Filesystem                Size      Used Available Use% Mounted on' : 'Filesystem           1K-blocks      Used Available Use% Mounted on';
  return [head, ...DF_ROWS.map(([fs, size, used, at]) => {
    const pct = size ? Math.ceil((used * 100) / size) : 0;
    const cols = h ? [human(size), human(used), human(size - used)].map((c) => c.padStart(9)) : [size, used, size - used].map((c) => String(c).padStart(9));
    return `${fs.padEnd(20)} ${cols.join(' ')} ${String(pct).padStart(3)}% ${at}`;
  })];
}

/** du sums the files under each path in 4 KiB blocks (-s: one total per path; -h: human sizes). */
export function du(args: string[], files: Map<string, string>): string[] {
  const paths = args.filter((a) => !a.startsWith('-'));
  const h = args.some((a) => /^-[a-z]*h/.test(a));
  const out: string[] = [];
  for (const p of paths.length ? paths : ['.']) {
    const dir = p === '.' || p === '/' ? '' : p.replace(/\/$/, '');
    let kb = 0;
    let found = false;
    for (const [k, c] of files) {
      if ((k === dir || k.startsWith(`${dir}/`)) && !throughDataLink(k)) { found = true; kb += 4 * Math.max(1, Math.ceil(c.length / 4096)); }
    }
    if (!found && dir) { out.push(`du: can't open '${p}': No such file or directory`); continue; }
    out.push(`${h ? human(kb) : kb}\t${p}`);
  }
  return out;
}

/** ROOT_DIRS is what `ls /` shows in the common library images. */
export const ROOT_DIRS = ['bin', 'dev', 'etc', 'home', 'lib', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'];

