#!/usr/bin/env node
/**
 * gen-quantity-paths: writes src/api/quantity-paths.json, the places in each built-in kind where
 * a resource.Quantity is stored, from the decoder's go-types.json. The store checks those on
 * every read (a quantity is what components parse), so it needs the paths without loading the
 * decoder's whole schema. Path syntax: fields joined by ".", "[]" for a list's items and "*"
 * for a map's values ("spec.containers[].resources.limits.*").
 *
 * Usage: node scripts/gen-quantity-paths.mjs [--check]   (--check: exit 1 if the file is stale)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { kinds, types } = JSON.parse(readFileSync(`${root}src/apiserver/schema/go-types.json`, 'utf8'));
const OUT = `${root}src/api/quantity-paths.json`;

/** pathsOf lists the quantity paths under a type expression, prefixed by `at`. */
function pathsOf(expr, at, seen) {
  if (expr.startsWith('*')) return pathsOf(expr.slice(1), at, seen);
  if (expr.startsWith('[]')) return pathsOf(expr.slice(2), `${at}[]`, seen);
  if (expr.startsWith('map[')) {
    let depth = 0, i = 3;
    for (; i < expr.length; i++) { if (expr[i] === '[') depth++; else if (expr[i] === ']' && --depth === 0) break; }
    return pathsOf(expr.slice(i + 1), `${at}.*`, seen);
  }
  const t = types[expr];
  if (!t || seen.has(expr)) return [];
  if (t.k === 'c') return t.c === 'quantity' ? [at] : [];
  if (t.k === 'n') return pathsOf(t.u, at, seen);
  const inner = new Set(seen).add(expr);
  const out = [];
  for (const [json, type, flags] of t.f) {
    // An inline (embedded) struct's fields are the outer struct's own.
    const next = flags & 2 || json === '' ? at : at ? `${at}.${json}` : json;
    out.push(...pathsOf(type, next, inner));
  }
  return out;
}

/** apiVersionOf turns a schema id's package ("apps/v1", "core/v1") into the apiVersion objects carry. */
function kindKey(id) {
  const [pkg, kind] = id.split('.');
  const [group, version] = pkg.split('/');
  return `${group === 'core' ? version : `${group}/${version}`}/${kind}`;
}

const table = {};
for (const id of kinds) {
  const paths = pathsOf(id, '', new Set());
  if (paths.length) table[kindKey(id)] = paths;
}
const text = `${JSON.stringify(table)}\n`;
if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(OUT, 'utf8'); } catch { /* missing counts as stale */ }
  if (current !== text) { console.error(`${OUT} is stale: run node scripts/gen-quantity-paths.mjs`); process.exit(1); }
} else writeFileSync(OUT, text);
