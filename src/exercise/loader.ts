/**
 * loader: reads an exercise file and validates every field, failing with one line
 * `file:line: field: problem` (the line of the offending value, from check/yaml-positions),
 * so an author's typo never yields an exercise that checks the wrong thing. Placeholders are
 * checked too: every {{var}} must name a declared variable.
 */
import { load } from 'js-yaml';
import { yamlLines } from '../check/yaml-positions';
import { FieldReader } from '../yaml/field-reader';
import { FAULTS } from './faults';
import { TRACKS, type Check, type CheckSpec, type CheckTarget, type Exercise, type Step, type Track, type Variable } from './model';
import { placeholders } from './variables';

/** ExerciseFileError is an exercise file that cannot be used; the message is the line to print. */
export class ExerciseFileError extends Error { override readonly name = 'ExerciseFileError'; }

type Obj = Record<string, unknown>;

const TOP_FIELDS = ['name', 'title', 'track', 'topic', 'weight', 'variables', 'setup', 'task', 'checks', 'hints', 'solution'];
const TARGET_FIELDS = ['kind', 'name', 'namespace'];
/** CHECK_FIELDS: each check type and the fields its mapping takes. */
const CHECK_FIELDS: Record<CheckSpec['type'], readonly string[]> = {
  exists: TARGET_FIELDS,
  absent: TARGET_FIELDS,
  jsonpath: [...TARGET_FIELDS, 'path', 'equals', 'matches'],
  condition: [...TARGET_FIELDS, 'type', 'status'],
  count: ['kind', 'namespace', 'selector', 'equals'],
  canI: ['as', 'verb', 'resource', 'namespace', 'expect'],
  connect: ['from', 'namespace', 'to', 'expect'],
  nodeFile: ['node', 'path', 'exists', 'contains'],
  logs: ['pod', 'namespace', 'container', 'contains'],
  command: ['run', 'stdoutMatches', 'exitCode'],
};
const CHECK_TYPES = Object.keys(CHECK_FIELDS) as CheckSpec['type'][];

/** Fields reads the values of one exercise file, failing at the line of the path it names. */
class Fields extends FieldReader {
  protected error(line: string): Error { return new ExerciseFileError(line); }
  /** lineOf is the line of a path, or of its nearest parent in the file (a missing field is reported where its mapping is). */
  override lineOf(at: string): number {
    for (let p = at; ;) {
      const line = this.lines.get(p);
      if (line !== undefined) return line;
      if (!p) return 1;
      const parent = p.replace(/(\.[^.[]+|\[\d+\])$/, '');
      p = parent === p ? '' : parent;
    }
  }
  string(v: unknown, at: string): string {
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string' || !v) this.fail(at, v === undefined ? 'required' : 'must be a non-empty string');
    return v as string;
  }
  optString(v: unknown, at: string): string | undefined {
    return v === undefined ? undefined : this.string(v, at);
  }
  /** expected is a value to compare with: any string, empty included (`equals: ""` asks for nothing printed). */
  expected(v: unknown, at: string): string | undefined {
    return v === '' ? '' : this.optString(v, at);
  }
  number(v: unknown, at: string, fallback?: number): number {
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) this.fail(at, v === undefined ? 'required' : 'must be a whole number ≥ 0');
    return v as number;
  }
  oneOf<T extends string>(v: unknown, at: string, allowed: readonly T[]): T {
    const s = this.string(v, at);
    if (!allowed.includes(s as T)) this.fail(at, `must be one of: ${allowed.join(', ')}`);
    return s as T;
  }
}

function readVariable(f: Fields, v: unknown, at: string): Variable {
  const o = f.object(v, at, ['oneOf', 'range', 'word']);
  const keys = Object.keys(o);
  if (keys.length !== 1) f.fail(at, 'must have exactly one of oneOf, range, word');
  if (o.oneOf !== undefined) {
    const values = f.list(o.oneOf, `${at}.oneOf`).map((x, i) => f.string(x, `${at}.oneOf[${i}]`));
    if (!values.length) f.fail(`${at}.oneOf`, 'must list at least one value');
    return { oneOf: values };
  }
  if (o.range !== undefined) {
    const r = f.list(o.range, `${at}.range`);
    if (r.length !== 2) f.fail(`${at}.range`, 'must be [low, high]');
    const lo = f.number(r[0], `${at}.range[0]`), hi = f.number(r[1], `${at}.range[1]`);
    if (hi < lo) f.fail(`${at}.range`, 'high must not be below low');
    return { range: [lo, hi] };
  }
  if (o.word !== true) f.fail(`${at}.word`, 'must be true');
  return { word: true };
}

function readStep(f: Fields, v: unknown, at: string): Step {
  if (typeof v === 'string') return { run: f.string(v, at) };
  if (!v || typeof v !== 'object' || Array.isArray(v)) f.fail(at, 'must be a command line or a mapping with run, apply or fault');
  const o = v as Obj;
  if (o.fault !== undefined) {
    const name = f.oneOf(o.fault, `${at}.fault`, Object.keys(FAULTS));
    const fault = FAULTS[name]!;
    const args: Record<string, string> = {};
    f.object(o, at, ['fault', ...fault.args, ...fault.optional]);
    for (const a of fault.args) args[a] = f.string(o[a], `${at}.${a}`);
    for (const a of fault.optional) if (o[a] !== undefined) args[a] = f.string(o[a], `${at}.${a}`);
    return { fault: name, args };
  }
  if (o.apply !== undefined) {
    f.object(o, at, ['apply']);
    return { apply: f.string(o.apply, `${at}.apply`) };
  }
  f.object(o, at, ['run', 'stdin']);
  const stdin = f.optString(o.stdin, `${at}.stdin`);
  return stdin === undefined ? { run: f.string(o.run, `${at}.run`) } : { run: f.string(o.run, `${at}.run`), stdin };
}

function readTarget(f: Fields, o: Obj, at: string): CheckTarget {
  const t: CheckTarget = { kind: f.string(o.kind, `${at}.kind`), name: f.string(o.name, `${at}.name`) };
  const ns = f.optString(o.namespace, `${at}.namespace`);
  return ns === undefined ? t : { ...t, namespace: ns };
}

function readSpec(f: Fields, type: CheckSpec['type'], v: unknown, at: string): CheckSpec {
  const o = f.object(v, at, CHECK_FIELDS[type]);
  const ns = f.optString(o.namespace, `${at}.namespace`);
  switch (type) {
    case 'exists': case 'absent':
      return { type, target: readTarget(f, o, at) };
    case 'jsonpath': {
      const equals = f.expected(o.equals, `${at}.equals`), matches = f.optString(o.matches, `${at}.matches`);
      if ((equals === undefined) === (matches === undefined)) f.fail(at, 'needs exactly one of equals, matches');
      if (matches !== undefined) try { new RegExp(matches); } catch (e) { f.fail(`${at}.matches`, (e as Error).message); }
      return { type, target: readTarget(f, o, at), path: f.string(o.path, `${at}.path`), equals, matches };
    }
    case 'condition':
      return { type, target: readTarget(f, o, at), condition: f.string(o.type, `${at}.type`), status: f.oneOf(o.status ?? 'True', `${at}.status`, ['True', 'False', 'Unknown']) };
    case 'count':
      return { type, kind: f.string(o.kind, `${at}.kind`), namespace: ns, selector: f.optString(o.selector, `${at}.selector`), equals: f.number(o.equals, `${at}.equals`) };
    case 'canI': {
      const expect = o.expect === true || o.expect === 'yes' ? true : o.expect === false || o.expect === 'no' ? false : f.fail(`${at}.expect`, 'must be yes or no');
      return { type, as: f.string(o.as, `${at}.as`), verb: f.string(o.verb, `${at}.verb`), resource: f.string(o.resource, `${at}.resource`), namespace: ns, expect };
    }
    case 'connect':
      return { type, from: f.string(o.from, `${at}.from`), namespace: ns, to: f.string(o.to, `${at}.to`), expect: f.oneOf(o.expect, `${at}.expect`, ['allowed', 'denied'] as const) };
    case 'nodeFile': {
      if (o.exists !== undefined && typeof o.exists !== 'boolean') f.fail(`${at}.exists`, 'must be true or false');
      if (o.exists === undefined && o.contains === undefined) f.fail(at, 'needs exists or contains');
      return { type, node: f.string(o.node, `${at}.node`), path: f.string(o.path, `${at}.path`), exists: o.exists as boolean | undefined, contains: f.optString(o.contains, `${at}.contains`) };
    }
    case 'logs':
      return { type, pod: f.string(o.pod, `${at}.pod`), namespace: ns, container: f.optString(o.container, `${at}.container`), contains: f.string(o.contains, `${at}.contains`) };
    case 'command': {
      const m = f.optString(o.stdoutMatches, `${at}.stdoutMatches`);
      if (m !== undefined) try { new RegExp(m); } catch (e) { f.fail(`${at}.stdoutMatches`, (e as Error).message); }
      if (m === undefined && o.exitCode === undefined) f.fail(at, 'needs stdoutMatches or exitCode');
      return { type, run: f.string(o.run, `${at}.run`), stdoutMatches: m, exitCode: o.exitCode === undefined ? undefined : f.number(o.exitCode, `${at}.exitCode`) };
    }
  }
}

function readCheck(f: Fields, v: unknown, at: string): Check {
  const o = f.object(v, at, ['title', 'weight', ...CHECK_TYPES]);
  const types = CHECK_TYPES.filter((t) => o[t] !== undefined);
  if (types.length !== 1) f.fail(at, `needs exactly one of: ${CHECK_TYPES.join(', ')}`);
  const type = types[0]!;
  return { title: f.string(o.title, `${at}.title`), weight: f.number(o.weight, `${at}.weight`, 1), spec: readSpec(f, type, o[type], `${at}.${type}`) };
}

/** strings walks a value's strings with their paths (to check placeholders). */
function* strings(v: unknown, at: string): Generator<[string, string]> {
  if (typeof v === 'string') yield [v, at];
  else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* strings(v[i], `${at}[${i}]`);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* strings(x, at ? `${at}.${k}` : k);
}

/** parseExercise validates an exercise file's text. */
export function parseExercise(text: string, file: string): Exercise {
  let value: unknown;
  try { value = load(text); } catch (e) { throw new ExerciseFileError(`${file}: not YAML: ${(e as Error).message.split('\n')[0]}`); }
  const f = new Fields(file, yamlLines(text));
  const o = f.object(value, '', TOP_FIELDS);
  const name = f.string(o.name, 'name');
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) f.fail('name', 'must be lower-case letters, digits and "-"');
  const variables: Record<string, Variable> = {};
  if (o.variables !== undefined) {
    const vars = f.object(o.variables, 'variables', Object.keys(o.variables as Obj ?? {}));
    for (const [k, v] of Object.entries(vars)) variables[k] = readVariable(f, v, `variables.${k}`);
  }
  const ex: Exercise = {
    name,
    title: f.string(o.title, 'title'),
    track: f.oneOf<Track>(o.track, 'track', TRACKS),
    topic: f.string(o.topic, 'topic'),
    weight: f.number(o.weight, 'weight', 1),
    variables,
    setup: f.list(o.setup, 'setup').map((s, i) => readStep(f, s, `setup[${i}]`)),
    task: f.string(o.task, 'task'),
    checks: f.list(o.checks, 'checks').map((c, i) => readCheck(f, c, `checks[${i}]`)),
    hints: f.list(o.hints, 'hints').map((h, i) => f.string(h, `hints[${i}]`)),
    solution: f.list(o.solution, 'solution').map((s, i) => readStep(f, s, `solution[${i}]`)),
    file,
  };
  if (!ex.checks.length) f.fail('checks', 'must list at least one check');
  if (!ex.solution.length) f.fail('solution', 'must list at least one step');
  for (const [s, at] of strings(value, '')) {
    for (const p of placeholders(s)) if (!(p in variables)) f.fail(at, `{{${p}}} is not a declared variable`);
  }
  return ex;
}
