/**
 * etcd-table: etcdctl's and etcdutl's `-w table` output, as olekukonko/tablewriter v0.0.5
 * renders it with the settings etcd's printers use: a border of + - |, headers upper-cased
 * and centred (the odd space on the right), every cell aligned right.
 */

/** humanizeBytes is go-humanize's Bytes (SI units, one decimal under 10), as etcd prints sizes. */
export function humanizeBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const sizes = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  const e = Math.floor(Math.log(n) / Math.log(1000));
  const val = Math.floor((n / 1000 ** e) * 10 + 0.5) / 10;
  // Go's %.0f rounds a half to even (20.5 is "20").
  const whole = val - Math.floor(val) === 0.5 ? (Math.floor(val) % 2 === 0 ? Math.floor(val) : Math.ceil(val)) : Math.round(val);
  return `${val < 10 ? val.toFixed(1) : String(whole)} ${sizes[e]}`;
}

/** tableHeader is tablewriter's Title: underscores and dots become spaces, upper case. */
function tableHeader(h: string): string {
  return h.replace(/[_.]/g, ' ').toUpperCase().trim();
}

/** renderEtcdTable renders a header and rows as tablewriter does with ALIGN_RIGHT. */
export function renderEtcdTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = header.map(tableHeader);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+\n`;
  const centred = (s: string, w: number) => {
    const gap = w - s.length;
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + s + ' '.repeat(gap - left);
  };
  const out = [line, `|${head.map((h, i) => ` ${centred(h, widths[i]!)} `).join('|')}|\n`, line];
  for (const r of rows) out.push(`|${widths.map((w, i) => ` ${(r[i] ?? '').padStart(w)} `).join('|')}|\n`);
  out.push(line);
  return out.join('');
}
