/**
 * authorizer-library: the `authorizer` variable of admission-policy CEL (apiserver's cel
 * library authz): authorizer.group(g).resource(r)[.subresource(s)][.namespace(n)][.name(x)]
 * .check(verb), authorizer.serviceAccount(ns, name).check(verb), authorizer.path(p).check(verb)
 * and authorizer.requestResource.check(verb); a check's Decision answers allowed(), reason(),
 * errored() and error(). Every check asks the API server's authorizer about the requesting user.
 */
import { CelEvalError, CelObject } from '../../cel/cel';

/** CheckAttributes is one authorization question without the user (the library supplies it). */
export interface CheckAttributes {
  verb: string; group: string; resource: string; subresource: string; namespace: string; name: string; path?: string;
}

/** Authorize answers a question for the requesting user. */
export type Authorize = (a: CheckAttributes) => { allowed: boolean; reason: string };

const str = (args: unknown[], fn: string, n = 1): string[] => {
  if (args.length !== n || args.some((a) => typeof a !== 'string')) throw new CelEvalError(`no such overload: ${fn}`);
  return args as string[];
};

class Decision extends CelObject {
  readonly celType = 'kubernetes.authorization.Decision';
  constructor(private readonly d: { allowed: boolean; reason: string }) { super(); }
  method(name: string): unknown {
    switch (name) {
      case 'allowed': return this.d.allowed;
      case 'reason': return this.d.reason;
      case 'errored': return false;
      case 'error': return '';
      default: return undefined;
    }
  }
}

class ResourceCheck extends CelObject {
  readonly celType = 'kubernetes.authorization.ResourceCheck';
  constructor(private readonly authorize: Authorize, private readonly a: Omit<CheckAttributes, 'verb'>) { super(); }
  method(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'subresource': return new ResourceCheck(this.authorize, { ...this.a, subresource: str(args, name)[0]! });
      case 'namespace': return new ResourceCheck(this.authorize, { ...this.a, namespace: str(args, name)[0]! });
      case 'name': return new ResourceCheck(this.authorize, { ...this.a, name: str(args, name)[0]! });
      case 'check': return new Decision(this.authorize({ ...this.a, verb: str(args, name)[0]! }));
      default: return undefined;
    }
  }
}

class GroupCheck extends CelObject {
  readonly celType = 'kubernetes.authorization.GroupCheck';
  constructor(private readonly authorize: Authorize, private readonly group: string) { super(); }
  method(name: string, args: unknown[]): unknown {
    if (name !== 'resource') return undefined;
    return new ResourceCheck(this.authorize, { group: this.group, resource: str(args, name)[0]!, subresource: '', namespace: '', name: '' });
  }
}

class PathCheck extends CelObject {
  readonly celType = 'kubernetes.authorization.PathCheck';
  constructor(private readonly authorize: Authorize, private readonly path: string) { super(); }
  method(name: string, args: unknown[]): unknown {
    if (name !== 'check') return undefined;
    return new Decision(this.authorize({ verb: str(args, name)[0]!, group: '', resource: '', subresource: '', namespace: '', name: '', path: this.path }));
  }
}

/** Authorizer is the `authorizer` variable; request is the admission request's resource (authorizer.requestResource). */
export class Authorizer extends CelObject {
  readonly celType = 'kubernetes.authorization.Authorizer';
  constructor(private readonly authorize: Authorize, private readonly request: Omit<CheckAttributes, 'verb'>) { super(); }
  method(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'group': return new GroupCheck(this.authorize, str(args, name)[0]!);
      case 'path': return new PathCheck(this.authorize, str(args, name)[0]!);
      case 'serviceAccount': {
        const [namespace, sa] = str(args, name, 2);
        return new ResourceCheck(this.authorize, { group: '', resource: 'serviceaccounts', subresource: '', namespace: namespace!, name: sa! });
      }
      default: return undefined;
    }
  }
  override field(name: string): unknown {
    if (name === 'requestResource') return new ResourceCheck(this.authorize, this.request);
    return super.field(name);
  }
}
