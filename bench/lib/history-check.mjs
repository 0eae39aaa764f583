/**
 * history-check: the pure R1 history checker (BENCHMARKS §5 R1). It takes the completed
 * command records of a concurrent-writers run (see bench/r1-history.mjs), the objects
 * read at the end and the `doctor` result, and counts violations by kind:
 *   lostUpdate   (a) replaying the acknowledged writes in resourceVersion order does not
 *                    predict each write's result or the final stored state
 *   rvOrder      (b) written resourceVersions not unique / not increasing in real-time order
 *   staleReplace (c) a stale replace not refused with kubectl's Conflict text, or a
 *                    replace that succeeded over an acknowledged newer write
 *   generation   (d) Deployment generation not +1 exactly on spec change, or observedGeneration > generation
 *   busy         (e) "database is locked" / SQLITE_BUSY / busy text on any stream
 *   debugCheck   (f) `kubemu doctor` (invariants + PRAGMA integrity_check) failed
 *   unexpectedExit   a command failed with something other than NotFound / Conflict
 * No I/O: importable from tests.
 */

/** BUSY matches lock-contention text that must never reach a user. */
export const BUSY = /database is locked|SQLITE_BUSY|\bbusy\b/i;

/** conflictText is kubectl's message for a replace refused with 409. */
export function conflictText(file, resource, name) {
  return `Error from server (Conflict): error when replacing "${file}": Operation cannot be fulfilled on ${resource} "${name}": the object has been modified; please apply your changes to the latest version and try again`;
}
/** notFoundReplaceText is kubectl's message for a replace of a missing object. */
export function notFoundReplaceText(file, resource, name) {
  return `Error from server (NotFound): error when replacing "${file}": ${resource} "${name}" not found`;
}

/** summarize keeps what the checker needs from a stored object (null for none). */
export function summarize(o) {
  if (!o || !o.metadata) return null;
  return {
    uid: o.metadata.uid, rv: Number(o.metadata.resourceVersion),
    generation: o.metadata.generation, observedGeneration: o.status?.observedGeneration,
    labels: o.metadata.labels ?? {}, data: o.data ?? {}, replicas: o.spec?.replicas,
  };
}

/** NOT_FOUND: kubectl's texts for a verb on an object deleted meanwhile (scale words it its own way). */
const NOT_FOUND = /^Error from server \(NotFound\)|^error: no objects passed to scale \S+ "[^"]+" not found$/;
const RESOURCE = { configmap: 'configmaps', deployment: 'deployments.apps' };
const sortObj = (m) => Object.fromEntries(Object.entries(m ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
/** controlled is the part of an object the workload writes: ConfigMap data, labels, Deployment replicas. */
function controlled(kind, s) {
  return JSON.stringify(kind === 'configmap' ? { data: sortObj(s.data), labels: sortObj(s.labels) } : { labels: sortObj(s.labels), replicas: s.replicas });
}

/** applyOp predicts the controlled fields after write w on model m (null = object absent). */
function applyOp(kind, m, w) {
  const base = m ?? { data: {}, labels: {}, replicas: undefined };
  const next = { data: { ...base.data }, labels: { ...base.labels }, replicas: base.replicas };
  switch (w.op) {
    case 'apply': if (kind === 'configmap') next.data.k = w.value; else next.replicas = w.replicas; break;
    case 'patch': if (kind === 'configmap') next.data.p = w.value; else next.replicas = w.replicas; break;
    case 'scale': next.replicas = w.replicas; break;
    case 'label': next.labels[w.labelKey] = w.value; break;
    case 'replace': next.data.k = w.value; break;
    default: break;
  }
  return next;
}

/**
 * checkHistory verifies one run. records: completed command records
 * ({ op, kind, name, file?, stale?, rvRead?, code, err1, busy, start, end, obj? (summarize of the
 * object the command printed), value?, replicas?, labelKey? }); final: { "kind/name": summary|null };
 * check: { code, stdout }; extraBusy: lock texts seen outside the records (final reads).
 */
export function checkHistory({ records, final, check, extraBusy = 0 }) {
  const counts = { lostUpdate: 0, rvOrder: 0, staleReplace: 0, generation: 0, busy: extraBusy, debugCheck: 0, unexpectedExit: 0 };
  const details = [];
  const bad = (kind, msg) => { counts[kind]++; if (details.length < 50) details.push(`${kind}: ${msg}`); };
  const key = (r) => `${r.kind}/${r.name}`;

  // (e) lock texts, (c) replace refusals, unexpected failures.
  for (const r of records) {
    if (r.busy) bad('busy', `${r.op} ${key(r)}: ${r.err1}`);
    if (r.op === 'replace') {
      const conflict = conflictText(r.file, RESOURCE[r.kind], r.name);
      const notFound = notFoundReplaceText(r.file, RESOURCE[r.kind], r.name);
      if (r.stale && !(r.code === 1 && (r.err1 === conflict || r.err1 === notFound))) {
        bad('staleReplace', `stale replace of ${key(r)} (rv ${r.rvRead}) exited ${r.code}: ${r.err1 || '(silent overwrite)'}`);
        continue;
      }
      if (r.code !== 0 && !(r.code === 1 && (r.err1 === conflict || r.err1 === notFound))) bad('unexpectedExit', `replace ${key(r)} exited ${r.code}: ${r.err1}`);
    } else if (r.code !== 0 && !NOT_FOUND.test(r.err1 ?? '')) {
      bad('unexpectedExit', `${r.op} ${key(r)} exited ${r.code}: ${r.err1}`);
    }
    if (r.code === 0 && r.write && !r.obj) bad('unexpectedExit', `${r.op} ${key(r)} printed no object`);
  }

  // (b) global uniqueness of written resourceVersions across objects.
  const acked = records.filter((r) => r.code === 0 && r.write && r.obj);
  const rvOwner = new Map();
  for (const w of acked) {
    const o = rvOwner.get(w.obj.rv);
    if (o !== undefined && o !== key(w)) bad('rvOrder', `resourceVersion ${w.obj.rv} written for both ${o} and ${key(w)}`);
    rvOwner.set(w.obj.rv, key(w));
  }

  const keys = new Set([...acked.map(key), ...Object.keys(final)]);
  for (const k of keys) {
    const kind = k.split('/')[0];
    const writes = acked.filter((w) => key(w) === k).sort((a, b) => a.obj.rv - b.obj.rv || a.start - b.start);
    const deletes = records.filter((r) => r.op === 'delete' && r.code === 0 && key(r) === k);

    // (b) real-time order: a write that began after another finished must get a larger rv (or the same rv as an identical no-op).
    for (const x of writes) for (const y of writes) {
      if (x.end < y.start && (y.obj.rv < x.obj.rv || (y.obj.rv === x.obj.rv && controlled(kind, x.obj) !== controlled(kind, y.obj)))) {
        bad('rvOrder', `${k}: ${y.op} started after ${x.op} (rv ${x.obj.rv}) completed but wrote rv ${y.obj.rv}`);
      }
    }

    // (a)/(c)/(d) replay in resourceVersion order.
    let model = null, last = null;
    for (const w of writes) {
      const s = w.obj;
      if (s.observedGeneration !== undefined && s.generation !== undefined && s.observedGeneration > s.generation) {
        bad('generation', `${k} rv ${s.rv}: observedGeneration ${s.observedGeneration} > generation ${s.generation}`);
      }
      if (last && s.rv === last.obj.rv) {
        if (controlled(kind, s) !== controlled(kind, last.obj)) bad('rvOrder', `${k}: two writes returned rv ${s.rv} with different content`);
        continue;
      }
      let prev = model;
      if (!last || s.uid !== last.obj.uid) {
        if (w.op !== 'apply') bad('lostUpdate', `${k}: ${w.op} (rv ${s.rv}) hit an incarnation no acknowledged create made`);
        prev = null;
        if (kind === 'deployment' && s.generation !== 1) bad('generation', `${k}: created with generation ${s.generation}`);
      } else if (w.op === 'replace' && !w.stale && last.obj.rv > Number(w.rvRead)) {
        bad('staleReplace', `${k}: replace read rv ${w.rvRead} but overwrote acknowledged rv ${last.obj.rv} (silent overwrite)`);
      }
      model = applyOp(kind, prev, w);
      if (controlled(kind, model) !== controlled(kind, s)) {
        bad('lostUpdate', `${k}: ${w.op} wrote rv ${s.rv} = ${controlled(kind, s)}, replay predicts ${controlled(kind, model)}`);
        model = { data: s.data, labels: s.labels, replicas: s.replicas }; // resynchronise to count each loss once
      }
      if (kind === 'deployment' && prev && last.obj.uid === s.uid) {
        const want = prev.replicas !== model.replicas ? 1 : 0;
        if (s.generation - last.obj.generation !== want) {
          bad('generation', `${k}: ${w.op} rv ${s.rv} moved generation ${last.obj.generation} -> ${s.generation} (spec ${want ? 'changed' : 'unchanged'})`);
        }
      }
      last = w;
    }

    // (a) the final stored state.
    const f = final[k] ?? null;
    if (!last) {
      if (f) bad('lostUpdate', `${k} exists but no acknowledged write created it`);
      continue;
    }
    if (f) {
      if (f.uid !== last.obj.uid || f.rv < last.obj.rv) bad('lostUpdate', `${k}: final rv ${f.rv} / uid differ from the last acknowledged write (rv ${last.obj.rv})`);
      else if (controlled(kind, f) !== controlled(kind, model)) bad('lostUpdate', `${k}: final ${controlled(kind, f)}, replay predicts ${controlled(kind, model)}`);
      const after = deletes.find((d) => d.start > last.end);
      if (after) bad('lostUpdate', `${k}: acknowledged delete after the last write, but the object exists`);
      if (kind === 'deployment') {
        if (f.uid === last.obj.uid && f.generation !== last.obj.generation) bad('generation', `${k}: generation ${f.generation} at the end, ${last.obj.generation} at the last spec write`);
        if (f.observedGeneration > f.generation) bad('generation', `${k}: final observedGeneration ${f.observedGeneration} > generation ${f.generation}`);
      }
    } else if (!deletes.some((d) => d.end > last.start)) {
      bad('lostUpdate', `${k}: acknowledged write rv ${last.obj.rv} vanished with no later delete`);
    }
  }

  // (f) invariants and integrity_check.
  if (!check || check.code !== 0 || !/^ok: /.test(check.stdout ?? '')) bad('debugCheck', `doctor: ${(check?.stdout ?? '').trim().split('\n').slice(0, 3).join(' | ')}`);

  const violations = Object.values(counts).reduce((a, b) => a + b, 0);
  return { counts, details, pass: violations === 0 };
}
