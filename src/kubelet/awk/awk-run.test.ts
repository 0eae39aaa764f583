/**
 * The awk applet against busybox's: each script's stdout and stderr (2>&1) as busybox 1.35
 * printed them, run by the container shell over the same files (its usage banner is the
 * image's build). busybox's Debian build has no math library, so `^`, sqrt() and the like are
 * checked by value below instead.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from '../shell';

const FILES = { '/data/hosts': '127.0.0.1\tlocalhost\n10.0.0.5\tweb\n', '/data/a.txt': 'hello\n' };
const cfg: ShellConfig = { env: { PATH: '/bin', HOME: '/root' }, files: FILES, startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined };
/** run is what a script wrote to stdout and stderr, in order, as text. */
const run = (script: string): string => runArgv(['sh', '-c', script], cfg).lines.map((l) => (l.partial ? l.text : `${l.text}\n`)).join('');

describe('awk', () => {
  const cases: [string, string][] = [
    ["awk 'BEGIN{print 1+1, 7/2, 10%3, -3%2, 1e6, 1e16, 123456789012, 0.1+0.2, 1/3, 100000*100000}'", "2 3.5 1 -1 1000000 10000000000000000 123456789012 0.3 0.333333 10000000000\n"],
    ["awk 'BEGIN{x; print x+0, length(x), \"a\" \"b\", 1 \" \" 2, 3 \" \" -1}'", "0 0 ab 1 2 3-1\n"],
    ["awk 'BEGIN{print length(\"hello\"), substr(\"hello\",2,3), substr(\"hello\",0), substr(\"hello\",-1,3), index(\"hello\",\"l\"), toupper(\"ab\"), int(-3.7), int(\"3abc\")}'", "5 ell hello hel 3 AB -3 3\n"],
    ["awk 'BEGIN{n=split(\"a:b:c\",a,\":\"); print n, a[1], a[3]; s=\"aaa\"; print gsub(/a/,\"b\",s), s; t=\"hello\"; sub(/l+/,\"[&]\",t); print t; print match(\"foobar\", /ob/), RSTART, RLENGTH}'", "3 a c\n3 bbb\nhe[ll]o\n3 3 2\n"],
    ["awk 'BEGIN{printf \"%d %s %5.2f %c %c\\n\", \"12abc\", 3, \"2.5\", 65, \"hi\"; x=sprintf(\"%03d\", 7); print x}'", "12 3  2.50 A h\n007\n"],
    ["echo 65 | awk '{ printf \"%c|%c|%c\\n\", $1, \"65\", 66 }'", "A|6|B\n"],
    ["awk 'BEGIN { printf \"%d\\n\", 2147483648 * 4; printf \"%d %x %u\\n\", -1e30, -1, -1 }'", "-2147483648\n-2147483648 ffffffff 4294967295\n"],
    ["awk 'BEGIN { print 1==1.0, \"10\"<\"9\", 10<9, \"a\"<\"b\"; x = \"10\"; y = 9; print (x < y) }'", "1 1 0 1\n1\n"],
    ["awk 'BEGIN{ x = 5; x += 2; x++; print x--, x, ++x; i = 5; print i++ + ++i, i }'", "8 7 8\n12 7\n"],
    ["awk 'BEGIN{ while (i < 3) { i++; if (i==2) continue; print i }; do { j++ } while (j < 5); print j; for (k=0;k<2;k++) print \"k\" k }'", "1\n3\n5\nk0\nk1\n"],
    ["awk 'BEGIN{exit 3} END{print \"end\"}'; echo $?", "end\n3\n"],
    ["echo x | awk '{ exit 4 } END { print \"end\" }'; echo $?", "end\n4\n"],
    ["awk 'BEGIN{OFS=\"-\"; $0=\"a b c\"; $1=$1; print; print NF; $5=\"e\"; print; NF=2; print}'", "a-b-c\n3\na-b-c--e\na-b\n"],
    ["awk 'BEGIN{CONVFMT=\"%.2g\"; x=3.14159; y=x \"\"; print y; print x; OFMT=\"%.2f\"; print 100/3}'", "3.1\n3.14159\n33.33\n"],
    ["awk 'function fact(n) { return n <= 1 ? 1 : n * fact(n-1) } BEGIN { print fact(10) }'", "3628800\n"],
    ["awk 'function fill(arr) { arr[\"k\"] = 1 } function g(x) { x = 5 } BEGIN { fill(z); for (k in z) print k; y = 1; g(y); print y }'", "k\n1\n"],
    ["awk 'BEGIN{print 2 \" \" 3 * 4; print 1 - -1; print !0, !\"\", !\"a\"; x = \"3x\"; print x+1}'", "2 12\n2\n1 1 0\n4\n"],
    ["echo \"010 0x1A 1e3 .5 +3 -2x  7 \" | awk '{print $1+0, $2+0, $3+0, $4+0, $5+0, $6+0, $7+0; print ($1 < 9), ($7 == 7), (\"7 \" == 7)}'", "8 26 1000 0.5 3 -2 7\n1 1 0\n"],
    ["awk 'BEGIN{print 010, 0x10, \"0x10\"+0, \"\\101\\x42\", length(\"a\\tb\")}'", "8 16 16 AB 3\n"],
    ["printf 'a:b\\n' | awk -F: -v x=5 '{print $2, x}'", "b 5\n"],
    ["printf 'a\\tb c\\n' | awk -F'\\t' '{print $2}'", "b c\n"],
    ["printf 'a1b2c\\n' | awk -F'[0-9]' '{print $3, NF}'", "c 3\n"],
    ["echo \" a  b \" | awk '{print NF, \"[\" $1 \"]\"; $1 = $1; print \"[\" $0 \"]\"}'", "2 [a]\n[a b]\n"],
    ["printf 'a:b\\nc:d\\n' | awk '{ FS = \":\"; print $1 }'", "a:b\nc\n"],
    ["awk -F'\\t' 'NR==2 {print $1}' data/hosts", "10.0.0.5\n"],
    ["awk '/web/' data/hosts", "10.0.0.5\tweb\n"],
    ["awk '$2 ~ /^l/ {print \"local:\", $1} $2 !~ /^l/ {print \"other:\", $1}' data/hosts", "local: 127.0.0.1\nother: 10.0.0.5\n"],
    ["awk '{print FILENAME, FNR, NR}' data/hosts data/a.txt", "data/hosts 1 1\ndata/hosts 2 2\ndata/a.txt 1 3\n"],
    ["awk '{print}' /nope; echo $?", "awk: /nope: No such file or directory\n1\n"],
    ["printf '3\\n1\\n2\\n' | awk '{s+=$1} END {print s, s/NR}'", "6 2\n"],
    ["printf 'a 1\\nb 2\\na 3\\nzed 4\\napple 5\\n' | awk '{c[$1]+=$2} END {for (k in c) print k, c[k]}'", "a 4\nb 2\napple 5\nzed 4\n"],
    ["printf 'x\\ny\\nz\\n' | awk 'NR==1,NR==2 { print \"a:\" $0 } /y/,/nomatch/ { print \"b:\" $0 } NR%2'", "a:x\nx\na:y\nb:y\nb:z\nz\n"],
    ["printf '1\\n2\\n3\\n' | awk '{printf \"%s,\", $1}'", "1,2,3,"],
    ["awk 'BEGIN { s = \"abc\"; gsub(/x*/, \"-\", s); print s; t = \"hello world\"; n = gsub(/o/, \"&&\", t); print n, t; sub(/world/, \"\\\\&\", t); print t }'", "-a-b-c-\n2 helloo woorld\nhelloo woorld\n"],
    ["awk 'BEGIN { printf \"%i|%5s|%-5s|%.2s|%x|%o|%e|%c|%5.1f%%\\n\", 42.9, \"ab\", \"ab\", \"abc\", 255, 8, 1234.5, 256+65, 45.678 }'", "42|   ab|ab   |ab|ff|10|1.234500e+03|A| 45.7%\n"],
    ["awk 'BEGIN { a[\"z\"]; a[\"b\"]; a[\"m\"]; n = 0; for (k in a) n++; print n; delete a; print length(a); if (!(3 in a)) print \"no\" }'", "3\n0\nno\n"],
    ["echo \"CPU 250m\" | awk '{ sub(/m$/, \"\", $2); print $2 / 1000 }'", "0.25\n"],
    ["echo \"a,b,,d\" | awk -F, '{print NF; print $3 \"|\" $4}'", "4\n|d\n"],
    ["echo \"a b c\" | awk '{ NF--; print; $5 = \"e\"; print; print NF }'", "a b\na b   e\n5\n"],
    ["printf 'x 1\\ny 2\\nz 01\\nw 1.0\\n' | awk '$2 == 1 { print \"num:\" $1 } $2 == \"1\" { print \"str:\" $1 }'", "num:x\nstr:x\nnum:z\nnum:w\n"],
    ["awk 'BEGIN { a[\"1\"] = \"x\"; a[01] = \"y\"; a[0.5+0.5] = \"z\"; print a[\"1\"]; CONVFMT = \"%.2f\"; b[0.1] = 1; for (k in b) print k }'", "z\n0.10\n"],
    ["awk 'BEGIN { printf \"%s %s|\\n\", \"a\"; printf \"no newline\" }'", "a |\nno newline"],
    ["awk 'BEGIN { print \"to err\" > \"/dev/stderr\"; print \"out\"; print 3 > 2 ? \"/dev/stdout\" : \"x\" }'", "to err\nout\n3\n"],
    ["awk -v 'msg=hi\\tthere' 'BEGIN { print msg }'", "hi\tthere\n"],
    ["awk 'BEGIN { \"echo hi\" | getline v; print \"v=\" v; system(\"echo from system\"); print \"b\\na\" | \"sort\"; close(\"sort\"); print \"done\" }'", "v=hi\nfrom system\na\nb\ndone\n"],
    ["awk 'BEGIN { print 1,2 > \"/tmp/awkt1\"; close(\"/tmp/awkt1\"); while ((getline line < \"/tmp/awkt1\") > 0) print \"read:\", line; print \"r\" (getline line < \"/nope\") }'", "read: 1 2\nr-1\n"],
    ["awk 'BEGIN { print length() }' </dev/null", "0\n"],
    ["awk 'BEGIN { getline; print \"[\" $0 \"]\", NR }' </dev/null", "[] 0\n"],
    ["echo l | awk '{ print v, NR }' v=7 -", "7 1\n"],
    ["awk 'BEGIN { print length(ARGV), ARGC, ARGV[0], ARGV[2] }' x y", "3 3 awk y\n"],
    ["awk 'BEGIN { printf \"%.10g|%g|%g|%G\\n\", 1/3, 1e100, 123456789, 0.00001; print 1e6, 1e5 * 10 + 0.5, 999999.5 }'", "0.3333333333|1e+100|1.23457e+08|1E-05\n1000000 1e+06 1e+06\n"],
    ["awk 'BEGIN { print substr(\"abcdef\", -1); print substr(\"abcdef\", 1.5, 2.5); print substr(\"x\", 2, 0) \"|\" index(\"\", \"\") }'", "abcdef\nab\n|0\n"],
    ["awk 'BEGIN { print rand(), rand(); srand(5); print rand(); print srand(7) }'", "0.783099 0.197551\n0.992755\n5\n"],
    ["awk 'BEGIN{print'", "awk: cmd. line:1: Unexpected token\n"],
    ["awk 'BEGIN { printf \"%*d\\n\", 5, 3 }'", "awk: cmd. line:1: %*x formats are not supported\n"],
    ["awk 'BEGIN { print 1/0 }'; echo $?", "awk: cmd. line:1: Division by zero\n1\n"],
    ["awk -q 'BEGIN{}'; echo $?", "awk: invalid option -- 'q'\nBusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: awk [OPTIONS] [AWK_PROGRAM] [FILE]...\n\n\t-v VAR=VAL\tSet variable\n\t-F SEP\t\tUse SEP as field separator\n\t-f FILE\t\tRead program from FILE\n\t-e AWK_PROGRAM\n1\n"],
    ["awk 'BEGIN { nextfile; print \"x\" } END { print \"e\" }' </dev/null", "e\n"],
    ["printf 'a b\\nc d\\n' | awk '{ print $NF, $(NF-1) }'", "b a\nd c\n"],
  ];
  it.each(cases)('%s', (script, out) => expect(run(script)).toBe(out));

  it('does arithmetic with the math library', () => {
    expect(run("awk 'BEGIN { x = 2; x ^= 3; print x, 2 ** 3, 2^3^2, -2^2, 2^-1, sqrt(2), exp(1), log(10), sin(0), cos(0), atan2(1, 1) * 4, 2^53, 2^63 }'"))
      .toBe('8 8 512 -4 0.5 1.41421 2.71828 2.30259 0 1 3.14159 9007199254740992 9.22337e+18\n');
    expect(run("awk 'BEGIN { print 1e300 * 1e300, -1e300 * 1e300, log(0) }'")).toBe('inf -inf -inf\n');
  });

  it('reads a program over several lines, with comments', () => {
    expect(run("awk 'BEGIN { print 1,\n2; if (1)\nprint \"nl-if\"; x = 1 ; # comment\nprint x }'")).toBe('1 2\nnl-if\n1\n');
    expect(run("printf 'BEGIN { print \"from file\" }\\n' > /p.awk; awk -f /p.awk")).toBe('from file\n');
  });

  it('cannot run away: a loop, a growing string or a deep program ends as a command that outran its budget', () => {
    for (const script of [
      "awk 'BEGIN { while (1) {} }'",
      "awk 'BEGIN { s = \"x\"; while (1) s = s s }'",
      "awk 'BEGIN { printf \"%999999999d\", 1 }'",
      `awk 'BEGIN { print ${'('.repeat(20_000)}1${')'.repeat(20_000)} }'`,
    ]) {
      const p = runArgv(['sh', '-c', script], cfg);
      expect(p.exit, script).toBeUndefined();
    }
    expect(run("awk 'function f(n) { return f(n + 1) } BEGIN { f(1) }'; echo $?")).toBe('awk: cmd. line:1: Recursion too deep\n1\n');
  });

  it('reads -v values and operand assignments with a string\'s escapes, as busybox does', () => {
    expect(run("awk -v 'x=a\\101\\qb\\tc' 'BEGIN { print x }'; echo l | awk '{ print y }' 'y=\\x41\\n'")).toBe('aAqb\tc\nA\n\n');
  });

  it('runs loops busybox runs in milliseconds within the budget', () => {
    expect(run('awk \'BEGIN { while (i++ < 50000) printf "a" }\' | wc -c; awk \'BEGIN { for (i = 0; i < 20000; i++) s += i; print s }\'')).toBe('50000\n199990000\n');
  });

  it('writes files through the container filesystem, refused where it is read-only', () => {
    const p = runArgv(['sh', '-c', "awk 'BEGIN { print \"a\" > \"/data/out\"; print \"b\" > \"/data/out\"; print \"c\" >> \"/data/a.txt\" }'"], cfg);
    expect(Object.fromEntries(p.files.map((f) => [f.path, f.content]))).toEqual({ '/data/out': 'a\nb\n', '/data/a.txt': 'hello\nc\n' });
    const ro = runArgv(['sh', '-c', "awk 'BEGIN { print 1 > \"/etc/x\" }'"], { ...cfg, readOnly: { root: false, writableMounts: [], readOnlyMounts: ['/etc'] } });
    expect(ro.lines.map((l) => l.text)).toEqual(["awk: can't open '/etc/x': Read-only file system"]);
  });
});
