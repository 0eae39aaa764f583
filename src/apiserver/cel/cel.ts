/**
 * cel: the Common Expression Language as kubemu's admission policies use it, behind one small
 * interface so the evaluator can be replaced by a maintained CEL package without touching
 * its callers. compileCel parses once (a syntax error is the policy's compile error);
 * a program evaluates against named variables and throws CelEvalError.
 */
import { evaluateCel, CelEvalError, type Activation } from './evaluate';
import { parseCel, CelSyntaxError } from './parse';

export { CelEvalError, CelSyntaxError };
export { CelObject } from './evaluate';

/** CelProgram is a compiled expression. */
export interface CelProgram {
  readonly source: string;
  evaluate(vars: Readonly<Record<string, unknown>> | Activation): unknown;
}

/** compileCel parses source; throws CelSyntaxError. */
export function compileCel(source: string): CelProgram {
  const ast = parseCel(source);
  return {
    source,
    evaluate(vars) {
      const resolve: Activation = typeof vars === 'function' ? vars
        : (name) => (Object.prototype.hasOwnProperty.call(vars, name) ? { found: true, value: vars[name] } : { found: false });
      return evaluateCel(ast, resolve);
    },
  };
}
