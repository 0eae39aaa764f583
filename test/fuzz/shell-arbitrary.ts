/**
 * shell-arbitrary: fast-check arbitraries for hostile container scripts — the shapes pod
 * specs use (loops, substitutions, pipes, redirects, `if`, subshells) nested at random,
 * with huge counts, endless writers, deep nesting, and then cut short or sprinkled with
 * stray quotes, `${`, `$(`, backquotes and operators.
 */
import fc from 'fast-check';

/** ATOMS are simple commands, some harmless, some that write or wait without end. */
const ATOMS = ['echo a', 'echo "$X b"', ':', 'true', 'false', 'date', 'env', 'sleep 1', 'sleep infinity', 'yes', 'sleep 3 & wait', 'nginx & sleep 1', 'cat /etc/cfg', 'cat',
  'touch /tmp/f', 'rm /tmp/f', 'echo x >> /tmp/log', 'cat /tmp/log', 'seq 3', 'seq 1000000000', 'x=$((x+1))', 'echo ${#X} ${X%b} ${Y:-d}',
  'exit 3', 'nosuch', '[ -f /tmp/f ]', 'test "$x" -gt 2', 'printf "%s\\n" a', 'sh -c "echo inner"', 'tail -f /dev/null', 'echo $((1/0))',
  // The applets with languages or patterns of their own, and patterns a backtracking engine would choke on.
  "awk '{print $1*2, NF}' /etc/cfg", "awk -F= '{a[$1]++} END{for(k in a) print k, a[k]}' /etc/cfg", "awk 'BEGIN{while(1)x=x \"ab\"}'",
  "awk 'function f(n){return f(n+1)} BEGIN{f(1)}'", "awk 'BEGIN{printf \"%0999999d\", 1}'", 'printf "%-5s|%05.1f|%x\\n" a 2.25 255',
  'printf "%999999999d" 1', "find / -name '*cfg*'", 'find /tmp -exec echo {} \\;', 'echo a b c | xargs -n1 echo', 'seq 3 | xargs -I{} sh -c "echo {}"',
  'echo hi | base64 | base64 -d', 'stat -c %a /etc/cfg', 'which sh', "echo $(seq 100) | grep -E '(a|a)*b'", "seq 1000 | tr -d '\\n' | sed -E 's/(1|1)*2/x/'",
  "yes | head -c 100000 | awk '/(y|y)*z/'", 'expr aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa : "\\(a*\\)*b"',
  // Traps: run when the shell ends, or when a SIGTERM comes (the fuzz runs each trapping script stopped, too).
  "trap 'echo t; exit 2' TERM", "trap 'yes' EXIT", "trap 'while true; do :; done' TERM", "trap '' TERM", "trap 'exit 300' EXIT", 'trap - TERM',
  'sleep 3 & kill $!', 'kill -0 1', 'kill -9 %1', 'wait %1', "trap 'kill $!; wait' TERM"];

/** COUNTS are loop bounds: small, large and absurd. */
const COUNTS = ['1', '3', '100', '1000', '100000', '1000000000'];

/** STRAYS are characters and fragments that open or close constructs. */
export const STRAYS = ["'", '"', '`', '$', '${', '$(', '$((', '(', ')', '{', '}', ';', ';;', '|', '&&', '\\', '\n', '#', 'do', 'done', 'fi', 'then'];

const atom = fc.constantFrom(...ATOMS);
const count = fc.constantFrom(...COUNTS);

/** script is a well-formed script, nested a few levels deep. */
const { script } = fc.letrec<{ script: string }>((tie) => ({
  script: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: atom },
    fc.tuple(tie('script'), fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n', ' & '), tie('script')).map(([a, op, b]) => `${a}${op}${b}`),
    tie('script').map((s) => `while true; do ${s}; done`),
    fc.tuple(tie('script'), fc.constantFrom('1', '0.5', '')).map(([s, t]) => `while true; do ${s}; ${t ? `sleep ${t}` : ':'}; done`),
    fc.tuple(count, tie('script')).map(([n, s]) => `for i in $(seq ${n}); do ${s}; done`),
    fc.tuple(tie('script'), tie('script')).map(([c, s]) => `i=0; while [ $i -lt 5 ]; do ${s}; i=$((i+1)); ${c}; done`),
    tie('script').map((s) => `x=$(${s})`),
    tie('script').map((s) => `echo "$(${s})"`),
    tie('script').map((s) => `echo \`${s.replace(/[`\\]/g, '')}\``),
    tie('script').map((s) => `( ${s} )`),
    tie('script').map((s) => `{ ${s}; }`),
    fc.tuple(tie('script'), tie('script'), tie('script')).map(([c, a, b]) => `if ${c}; then ${a}; else ${b}; fi`),
    tie('script').map((s) => `sh -c '${s.replace(/'/g, '')}'`),
  ),
}));

/** nested repeats an opening construct many times around a core (deep nesting). */
const nested = fc.tuple(fc.constantFrom(['$(', ')'], ['(', ')'], ['{ ', '; }'], ['"$(', ')"'], ['${X:-', '}'], ['$((', '))'], ['if true; then ', '; fi']),
  fc.integer({ min: 1, max: 3000 }), fc.boolean(), atom)
  .map(([[open, close], n, balanced, core]) => `${open.repeat(n)}${core}${balanced ? close.repeat(n) : close.repeat(Math.floor(n / 2))}`);

/** mutate cuts a script short, or inserts, deletes or replaces text at a few places. */
function mutate(s: string, edits: { at: number; kind: number; stray: string }[]): string {
  let out = s;
  for (const e of edits) {
    const at = out.length ? e.at % (out.length + 1) : 0;
    if (e.kind === 0) out = out.slice(0, at);
    else if (e.kind === 1) out = out.slice(0, at) + e.stray + out.slice(at);
    else if (e.kind === 2) out = out.slice(0, at) + out.slice(at + 1);
    else out = out.slice(0, at) + e.stray + out.slice(at + e.stray.length);
  }
  return out;
}

const edit = fc.record({ at: fc.nat(), kind: fc.nat({ max: 3 }), stray: fc.constantFrom(...STRAYS) });

/** hostileScript is a script to hand to `sh -c`: generated, deeply nested, mutated or plain noise. */
export const hostileScript: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: script },
  { weight: 4, arbitrary: fc.tuple(script, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([s, edits]) => mutate(s, edits)) },
  { weight: 1, arbitrary: fc.tuple(nested, fc.array(edit, { maxLength: 2 })).map(([s, edits]) => mutate(s, edits)) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...STRAYS, 'a', ' ', 'echo', '$X', '$((1+', 'seq 9;'), { maxLength: 40 }).map((parts) => parts.join('')) },
);
