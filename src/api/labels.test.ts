import { describe, expect, it } from 'vitest';
import {
  isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, parseSelector, selectorHints, validateLabelKey, validateLabelValue,
} from './labels';
import { labelSelectorHints } from './label-selector';

const NAME_PART = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

describe('validators', () => {
  const cases: { name: string; fn: (v: string) => string[]; value: string; want: string[] }[] = [
    { name: 'key: plain', fn: validateLabelKey, value: 'app', want: [] },
    { name: 'key: prefixed', fn: validateLabelKey, value: 'app.kubernetes.io/name', want: [] },
    { name: 'key: leading dash', fn: validateLabelKey, value: '-app', want: [NAME_PART] },
    { name: 'key: empty name part', fn: validateLabelKey, value: 'example.com/', want: ['name part must be non-empty', NAME_PART] },
    { name: 'key: empty prefix', fn: validateLabelKey, value: '/app', want: ['prefix part must be non-empty'] },
    { name: 'key: bad prefix', fn: validateLabelKey, value: 'app.kubernetes_io/name', want: [`prefix part ${SUBDOMAIN}`] },
    { name: 'key: two slashes', fn: validateLabelKey, value: 'a/b/c', want: ["a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"] },
    { name: 'key: 64-char name', fn: validateLabelKey, value: 'a'.repeat(64), want: ['name part must be no more than 63 characters'] },
    { name: 'value: empty is fine', fn: validateLabelValue, value: '', want: [] },
    { name: 'value: space', fn: validateLabelValue, value: 'hello world', want: [LABEL_VALUE] },
    { name: 'value: too long', fn: validateLabelValue, value: 'x'.repeat(64), want: ['must be no more than 63 characters'] },
    { name: 'subdomain: ok', fn: isDNS1123Subdomain, value: 'a.b-c', want: [] },
    { name: 'subdomain: upper', fn: isDNS1123Subdomain, value: 'Web', want: [SUBDOMAIN] },
    { name: 'dns label: upper', fn: isDNS1123Label, value: 'Dev', want: [DNS_LABEL] },
    { name: 'dns label: dots', fn: isDNS1123Label, value: 'a.b', want: ['must not contain dots'] },
    { name: 'dns label: too long', fn: isDNS1123Label, value: 'a'.repeat(64), want: ['must be no more than 63 characters'] },
    { name: 'dns1035: leading digit', fn: isDNS1035Label, value: '1-web', want: [DNS1035] },
    { name: 'dns1035: ok', fn: isDNS1035Label, value: 'web-1', want: [] },
  ];
  for (const tc of cases) it(tc.name, () => expect(tc.fn(tc.value)).toEqual(tc.want));
});

describe('parseSelector matching', () => {
  const labels = { app: 'web', tier: 'front', env: 'prod', n: '5' };
  const cases: [string, boolean][] = [
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app=api', false],
    ['app!=api', true],
    ['missing!=x', true],
    ['app in (web,api)', true],
    ['app in (api)', false],
    ['app notin (api)', true],
    ['missing notin (api)', true],
    ['app', true],
    ['!app', false],
    ['!missing', true],
    ['app=web,tier=front', true],
    ['app=web, tier=back', false],
    ['  app  =  web  ', true],
    ['n>4', true],
    ['n<4', false],
    ['missing=', false],
    ['env in (prod, staging),!canary', true],
    ['in in (in)', false],
  ];
  for (const [sel, want] of cases) it(`"${sel}" → ${want}`, () => expect(parseSelector(sel).matches(labels)).toBe(want));

  it('treats missing labels as empty', () => {
    expect(parseSelector('!a').matches(undefined)).toBe(true);
    expect(parseSelector('a=').matches({ a: '' })).toBe(true);
  });
  it('renders the canonical sorted form', () => {
    expect(parseSelector('z in (b,a),!y,a==1,x').toString()).toBe('a==1,x,!y,z in (a,b)');
  });
});

describe('parseSelector errors', () => {
  const cases: [string, string][] = [
    ['-app=web', `unable to parse requirement: <nil>: Invalid value: "-app": ${NAME_PART}`],
    ['app:monolith', `unable to parse requirement: <nil>: Invalid value: "app:monolith": ${NAME_PART}`],
    ['app=-web', `unable to parse requirement: values[0][app]: Invalid value: "-web": ${LABEL_VALUE}`],
    ['app=web,', "found '', expected: identifier after ','"],
    ['app=web tier=x', "found 'tier', expected: ',' or 'end of string'"],
    ['=web', "found '=', expected: !, identifier, or 'end of string'"],
    ['app in web', "unable to parse requirement: found 'web' expected: '('"],
    ['app in (web', "unable to parse requirement: found ''', expected: ',' or ')'".replace("'''", "''")],
    ['app foo', "unable to parse requirement: found 'foo', expected: in, notin, =, ==, !=, gt, lt"],
    ['app>x', 'unable to parse requirement: values[0]: Invalid value: "x": for \'Gt\', \'Lt\' operators, the value must be an integer'],
    ['!=x', "found '!=', expected: !, identifier, or 'end of string'"],
    ['!app=web', "found '=', expected: ',' or 'end of string'"],
  ];
  for (const [sel, msg] of cases) it(`"${sel}"`, () => expect(() => parseSelector(sel)).toThrow(new Error(msg)));
});

describe('selector matching cost', () => {
  // probes counts every way matching can look at a label set (property reads, key listing).
  function probed(labels: Record<string, string>): { target: Record<string, string>; count: () => number } {
    let n = 0;
    const target = new Proxy(labels, {
      get: (t, k, r) => { n++; return Reflect.get(t, k, r); },
      has: (t, k) => { n++; return Reflect.has(t, k); },
      ownKeys: (t) => { n++; return Reflect.ownKeys(t); },
      getOwnPropertyDescriptor: (t, k) => { n++; return Reflect.getOwnPropertyDescriptor(t, k); },
    });
    return { target, count: () => n };
  }

  it('looks at each label of an object a bounded number of times, whatever the number of terms', () => {
    const sel = parseSelector(Array.from({ length: 10_000 }, (_, i) => `k${i}!=v${i}`).join(','));
    const p = probed({ app: 'web', tier: 'front', k7: 'x' });
    expect(sel.matches(p.target)).toBe(true);
    expect(p.count()).toBeLessThanOrEqual(1 + 3 * 3);
  });

  it('matches 5 000 objects against 10 000 != terms with set lookups', { timeout: 10_000 }, () => {
    const sel = parseSelector(Array.from({ length: 10_000 }, (_, i) => `k${i}!=v${i}`).join(','));
    let n = 0;
    for (let i = 0; i < 5000; i++) if (sel.matches({ app: `a${i}`, [`k${i}`]: i % 2 ? `v${i}` : 'other' })) n++;
    expect(n).toBe(2500);
  });
});

describe('selector hints (ListQuery.mayContain)', () => {
  it('name what a selected object\'s JSON holds, from the first requirement that needs a label', () => {
    expect(selectorHints(parseSelector('tier!=x,app in (web,db)'))).toEqual(['"app":"db"', '"app":"web"']);
    expect(selectorHints(parseSelector('app.kubernetes.io/name=web'))).toEqual(['"app.kubernetes.io/name":"web"']);
    expect(selectorHints(parseSelector('!canary,app'))).toEqual(['"app":']);
    expect(selectorHints(parseSelector('!canary,a notin (b)'))).toBeUndefined();
    expect(selectorHints(parseSelector(''))).toBeUndefined();
    expect(labelSelectorHints({ matchLabels: { app: 'web', tier: 'f' } })).toEqual(['"app":"web"']);
    expect(labelSelectorHints({ matchExpressions: [{ key: 'a', operator: 'NotIn', values: ['x'] }, { key: 'b', operator: 'In', values: ['1', '2'] }] })).toEqual(['"b":"1"', '"b":"2"']);
    expect(labelSelectorHints({ matchExpressions: [{ key: 'a', operator: 'Exists' }] })).toEqual(['"a":']);
    expect(labelSelectorHints({})).toBeUndefined();
    expect(labelSelectorHints(undefined)).toBeUndefined();
  });
});
