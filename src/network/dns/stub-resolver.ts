/**
 * stub-resolver: how a client turns the name it was given into the names it asks, from its
 * /etc/resolv.conf (`search` list, `options ndots:N`). Clients differ, and users see it:
 *  - libc getaddrinfo (curl, wget, getent) and bind's nslookup/host: a name with fewer than
 *    ndots dots tries the search domains first, then the name itself; one with ndots or more
 *    tries itself first; a trailing dot means only itself (glibc resolv/res_query.c
 *    __res_context_search, bind bin/dig/dighost.c next_origin);
 *  - busybox nslookup: a name without any dot gets every search domain, any other name only
 *    itself, so `nslookup web.default` asks for `web.default.` (busybox networking/nslookup.c
 *    add_query_with_search);
 *  - dig: only the name itself, unless +search.
 */

/** ResolvConf is the part of /etc/resolv.conf resolution depends on. */
export interface ResolvConf { nameservers: string[]; search: string[]; ndots: number }

/** parseResolvConf reads resolv.conf text (the last `search` line wins, as in libc). */
export function parseResolvConf(text: string): ResolvConf {
  const conf: ResolvConf = { nameservers: [], search: [], ndots: 1 };
  for (const line of text.split('\n')) {
    const [key, ...args] = line.trim().split(/\s+/);
    if (key === 'nameserver' && args[0]) conf.nameservers.push(args[0]);
    else if (key === 'search' || key === 'domain') conf.search = args;
    else if (key === 'options') {
      for (const o of args) {
        const m = /^ndots:(\d+)$/.exec(o);
        if (m) conf.ndots = Math.min(15, Number(m[1]));
      }
    }
  }
  return conf;
}

/** libcCandidates are the names getaddrinfo (and bind's tools) try for name, in order. */
export function libcCandidates(name: string, conf: ResolvConf): string[] {
  if (name.endsWith('.')) return [name];
  const searched = conf.search.map((d) => `${name}.${d}.`);
  const dots = name.split('.').length - 1;
  return dots >= conf.ndots ? [`${name}.`, ...searched] : [...searched, `${name}.`];
}

/** busyboxCandidates are the names busybox nslookup asks for name (without trailing dots, as it prints them). */
export function busyboxCandidates(name: string, conf: ResolvConf): string[] {
  if (name.includes('.') || !conf.search.length) return [name];
  return conf.search.map((d) => `${name}.${d}`);
}
