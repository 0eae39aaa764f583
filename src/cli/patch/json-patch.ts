/**
 * json-patch: RFC 6902 JSON patch (kubectl patch --type json), with the error texts of
 * evanphx/json-patch that kubectl prints.
 */
import { isPlainObject } from './merge-patch';

/** JsonPatchError is a failed operation; its message is the library's text. */
export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';
}

interface Op { op?: string; path?: string; from?: string; value?: unknown }

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function splitPointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new JsonPatchError(`invalid path: ${path}`);
  return path.slice(1).split('/').map(unescape);
}

type Container = Record<string, unknown> | unknown[];

// findParent walks to the container holding the last token; undefined when a step is missing.
function findParent(doc: unknown, tokens: string[]): Container | undefined {
  let cur: unknown = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) {
      const i = Number(t);
      if (!/^\d+$/.test(t) || i >= cur.length) return undefined;
      cur = cur[i];
    } else if (isPlainObject(cur)) {
      if (!(t in cur)) return undefined;
      cur = cur[t];
    } else return undefined;
  }
  return Array.isArray(cur) || isPlainObject(cur) ? cur : undefined;
}

function getAt(c: Container, key: string): { found: boolean; value?: unknown } {
  if (Array.isArray(c)) {
    const i = Number(key);
    if (!/^\d+$/.test(key) || i >= c.length) return { found: false };
    return { found: true, value: c[i] };
  }
  return key in c ? { found: true, value: c[key] } : { found: false };
}

/** applyJsonPatch applies the operations in order to a copy of doc (evanphx/json-patch v4 semantics). */
export function applyJsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new JsonPatchError('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let root = structuredClone(doc);
  for (const item of ops as (Op | null)[]) {
    // A null operation has no fields; one without a string op is of kind "unknown", as Operation.Kind says.
    const raw: Op = item ?? {};
    const op = typeof raw.op === 'string' ? raw.op : 'unknown';
    const path = raw.path ?? '';
    const tokens = splitPointer(path);
    const key = tokens[tokens.length - 1] ?? '';
    const noPath = () => new JsonPatchError(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
    const badIndex = (i: string) => new JsonPatchError(`error in ${op} for path: '${path}': Unable to access invalid index: ${i}: invalid index referenced`);
    switch (op) {
      case 'add': case 'replace': {
        if (!tokens.length) { root = structuredClone(raw.value); break; }
        const parent = findParent(root, tokens);
        if (!parent) throw noPath();
        if (Array.isArray(parent)) {
          const i = key === '-' ? parent.length : Number(key);
          if (op === 'add') {
            if ((!/^\d+$/.test(key) && key !== '-') || i > parent.length) throw badIndex(key);
            parent.splice(i, 0, structuredClone(raw.value));
          } else {
            if (!getAt(parent, key).found) throw new JsonPatchError(`Object to be patched is missing field (${path}: missing value)`);
            parent[i] = structuredClone(raw.value);
          }
        } else {
          // v4 replace sets a missing object key rather than failing.
          parent[key] = structuredClone(raw.value);
        }
        break;
      }
      case 'remove': {
        const parent = findParent(root, tokens);
        if (!parent) throw noPath();
        if (!getAt(parent, key).found) {
          if (Array.isArray(parent)) throw badIndex(key);
          throw new JsonPatchError(`error in remove for path: '${path}': Unable to remove nonexistent key: ${key}: missing value`);
        }
        if (Array.isArray(parent)) parent.splice(Number(key), 1); else delete parent[key];
        break;
      }
      case 'test': {
        const parent = tokens.length ? findParent(root, tokens) : undefined;
        const got = tokens.length ? (parent ? getAt(parent, key) : { found: false }) : { found: true, value: root };
        if (!got.found || JSON.stringify(got.value) !== JSON.stringify(raw.value)) throw new JsonPatchError(`testing value ${path} failed: test failed`);
        break;
      }
      case 'move': case 'copy': {
        const fromTokens = splitPointer(raw.from ?? '');
        const fp = findParent(root, fromTokens);
        const fkey = fromTokens[fromTokens.length - 1] ?? '';
        const got = fp ? getAt(fp, fkey) : { found: false };
        if (!got.found) throw new JsonPatchError(`error in ${op} for path: '${fkey}': Unable to remove nonexistent key: ${fkey}: missing value`);
        if (op === 'move') { if (Array.isArray(fp)) fp.splice(Number(fkey), 1); else delete (fp as Record<string, unknown>)[fkey]; }
        root = applyJsonPatch(root, [{ op: 'add', path, value: got.value }]);
        break;
      }
      default:
        throw new JsonPatchError(`Unexpected kind: ${op}`);
    }
  }
  return root;
}
