/**
 * exec: runs a parsed Go template over JSON-shaped data as kubectl's go-template printer does:
 * the object decoded into map[string]interface{} (integers as int64), missing keys printed as
 * "<no value>" unless --allow-missing-template-keys=false, Go's truth rules, range over slices
 * and maps (keys sorted), and Go's execution error texts.
 */
import { formatGoValue, isGoMap, sortedKeys } from '../jsonpath-go-format';
import { FUNCTIONS, FuncError, NO_VALUE, isTrue } from './funcs';
import { type Arg, type Command, type ControlNode, type Node, type Pipe, argString, commandString, parseTemplate, pipeString } from './parse';

/** TemplateExecError is an execution error: `template: output:LINE:COL: executing "output" at <…>: …`. */
export class TemplateExecError extends Error {}

/** STEP_LIMIT bounds one execution (range inside range over big lists): past it the template fails. */
export const STEP_LIMIT = 2_000_000;

class Break { constructor(readonly kind: 'break' | 'continue') {} }

interface State { text: string; missingKeyError: boolean; out: string[]; vars: [string, unknown][]; steps: number; at: { pos: number; what: string } }

/** compileGoTemplate parses a template once; execute runs it over one value. */
export function compileGoTemplate(text: string): { execute(data: unknown, allowMissingKeys: boolean): string } {
  const nodes = parseTemplate(text, new Set(Object.keys(FUNCTIONS)));
  return {
    execute(data, allowMissingKeys) {
      const s: State = { text, missingKeyError: !allowMissingKeys, out: [], vars: [['$', data]], steps: 0, at: { pos: 0, what: '' } };
      walkList(s, data, nodes);
      return s.out.join('');
    },
  };
}

function fail(s: State, message: string): never {
  const before = s.text.slice(0, s.at.pos);
  const line = 1 + (before.match(/\n/g)?.length ?? 0);
  const col = s.at.pos - (before.lastIndexOf('\n') + 1);
  throw new TemplateExecError(`template: output:${line}:${col}: executing "output" at <${s.at.what}>: ${message}`);
}

function at(s: State, pos: number, what: string): void { s.at = { pos, what }; }

function step(s: State): void {
  if (++s.steps > STEP_LIMIT) fail(s, `template execution exceeded ${STEP_LIMIT} steps`);
}

function walkList(s: State, dot: unknown, nodes: readonly Node[]): void {
  for (const n of nodes) walk(s, dot, n);
}

function walk(s: State, dot: unknown, n: Node): void {
  step(s);
  switch (n.t) {
    case 'text': s.out.push(n.text); return;
    case 'action': {
      const v = evalPipeline(s, dot, n.pipe);
      if (!n.pipe.decl.length) s.out.push(printValue(v));
      return;
    }
    case 'break': case 'continue': throw new Break(n.t);
    case 'if': case 'with': {
      const mark = s.vars.length;
      try {
        const v = evalPipeline(s, dot, n.pipe);
        if (isTrue(v)) walkList(s, n.t === 'with' ? v : dot, n.list);
        else if (n.elseList) walkList(s, dot, n.elseList);
      } finally { s.vars.length = mark; }
      return;
    }
    case 'range': walkRange(s, dot, n as ControlNode); return;
  }
}

function walkRange(s: State, dot: unknown, n: ControlNode): void {
  const mark = s.vars.length;
  try {
    at(s, n.pipe.pos, pipeString(n.pipe));
    const v = evalPipeline(s, dot, { ...n.pipe, decl: [] });
    const each = (key: unknown, elem: unknown): boolean => {
      step(s);
      if (n.pipe.decl.length === 1) setVar(s, n.pipe.decl[0]!, elem, n.pipe.isAssign);
      if (n.pipe.decl.length === 2) { setVar(s, n.pipe.decl[0]!, key, n.pipe.isAssign); setVar(s, n.pipe.decl[1]!, elem, n.pipe.isAssign); }
      const inner = s.vars.length;
      try { walkList(s, elem, n.list); } catch (e) {
        if (!(e instanceof Break)) throw e;
        if (e.kind === 'break') return false;
      } finally { s.vars.length = inner; }
      return true;
    };
    let ran = false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) { ran = true; if (!each(i, v[i])) break; }
    } else if (isGoMap(v)) {
      for (const k of sortedKeys(v)) { ran = true; if (!each(k, v[k])) break; }
    } else if (v !== NO_VALUE && v !== null && v !== undefined) {
      at(s, n.pipe.pos, pipeString({ ...n.pipe, decl: [] }));
      fail(s, `range can't iterate over ${formatGoValue(v)}`);
    }
    if (!ran && n.elseList) walkList(s, dot, n.elseList);
  } finally { s.vars.length = mark; }
}

function setVar(s: State, name: string, value: unknown, assign: boolean): void {
  if (assign) {
    for (let i = s.vars.length - 1; i >= 0; i--) if (s.vars[i]![0] === name) { s.vars[i]![1] = value; return; }
  }
  s.vars.push([name, value]);
}

function getVar(s: State, name: string): unknown {
  for (let i = s.vars.length - 1; i >= 0; i--) if (s.vars[i]![0] === name) return s.vars[i]![1];
  return fail(s, `undefined variable: ${name}`);
}

/** printValue is how an action prints its value: nil and missing values as "<no value>". */
function printValue(v: unknown): string {
  if (v === NO_VALUE || v === null || v === undefined) return '<no value>';
  return formatGoValue(v);
}

/** MISSING marks "no piped value" (distinct from a nil one). */
const MISSING = Symbol('missing');

function evalPipeline(s: State, dot: unknown, p: Pipe): unknown {
  let value: unknown = MISSING;
  for (const c of p.cmds) value = evalCommand(s, dot, c, value);
  for (const name of p.decl) setVar(s, name, value, p.isAssign);
  return value;
}

function evalCommand(s: State, dot: unknown, c: Command, final: unknown): unknown {
  const first = c.args[0]!;
  const rest = c.args.slice(1);
  switch (first.t) {
    case 'field': return evalFields(s, dot, dot, first, first.ident, rest, final);
    case 'variable': {
      const v = getVar(s, first.ident[0]!);
      return first.ident.length === 1 ? noArgs(s, c, v, rest, final) : evalFields(s, dot, v, first, first.ident.slice(1), rest, final);
    }
    case 'chain': {
      const v = evalArg(s, dot, first.node);
      return evalFields(s, dot, v, first, first.field, rest, final);
    }
    case 'identifier': return callFunction(s, dot, c, first.name, rest, final);
    case 'pipe': return noArgs(s, c, evalPipeline(s, dot, first.pipe), rest, final);
    default: return noArgs(s, c, evalArg(s, dot, first), rest, final);
  }
}

function noArgs(s: State, c: Command, v: unknown, rest: readonly Arg[], final: unknown): unknown {
  if (rest.length || final !== MISSING) { at(s, c.args[0]!.pos, argString(c.args[0]!)); fail(s, `can't give argument to non-function ${argString(c.args[0]!)}`); }
  return v;
}

function evalFields(s: State, dot: unknown, receiver: unknown, node: Arg, fields: readonly string[], args: readonly Arg[], final: unknown): unknown {
  at(s, node.pos, argString(node));
  let v = receiver;
  fields.forEach((name, i) => {
    const last = i === fields.length - 1;
    if ((args.length || final !== MISSING) && last && isGoMap(v)) fail(s, `${name} is not a method but has arguments`);
    v = field(s, v, name);
  });
  return v;
}

function field(s: State, v: unknown, name: string): unknown {
  if (v === NO_VALUE || v === null || v === undefined) {
    if (s.missingKeyError) fail(s, `nil data; no entry for key ${JSON.stringify(name)}`);
    return NO_VALUE;
  }
  if (isGoMap(v)) {
    if (Object.hasOwn(v, name)) return v[name];
    if (s.missingKeyError) fail(s, `map has no entry for key ${JSON.stringify(name)}`);
    return NO_VALUE;
  }
  return fail(s, `can't evaluate field ${name} in type interface {}`);
}

function evalArg(s: State, dot: unknown, a: Arg): unknown {
  switch (a.t) {
    case 'dot': return dot;
    case 'nil': return null;
    case 'bool': return a.value;
    case 'string': return a.value;
    case 'number': return a.value;
    case 'field': return evalFields(s, dot, dot, a, a.ident, [], MISSING);
    case 'variable': {
      const v = getVar(s, a.ident[0]!);
      return a.ident.length === 1 ? v : evalFields(s, dot, v, a, a.ident.slice(1), [], MISSING);
    }
    case 'chain': return evalFields(s, dot, evalArg(s, dot, a.node), a, a.field, [], MISSING);
    case 'pipe': return evalPipeline(s, dot, a.pipe);
    case 'identifier': return callFunction(s, dot, { pos: a.pos, args: [a] }, a.name, [], MISSING);
  }
}

function callFunction(s: State, dot: unknown, c: Command, name: string, argNodes: readonly Arg[], final: unknown): unknown {
  const fn = FUNCTIONS[name]!;
  at(s, c.pos, commandString(c));
  const here = s.at;
  // and/or evaluate their arguments only as far as they need (Go 1.18+).
  const lazy = argNodes.map((a) => () => { const v = evalArg(s, dot, a); s.at = here; return v; });
  if (final !== MISSING) lazy.push(() => final);
  try {
    return fn(lazy);
  } catch (e) {
    if (e instanceof FuncError) { s.at = here; fail(s, e.wrapped ? `error calling ${name}: ${e.message}` : e.message); }
    throw e;
  }
}
