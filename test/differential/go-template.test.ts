/**
 * -o go-template vs the real kubectl 1.32, offline: `create … --dry-run=client -o go-template=T`
 * run by kubemu (in-process) and by kubectl must print the same stdout, stderr and exit code.
 * kubectl's debugging dump after an execution error prints the object as encoded from its Go
 * struct (field order), so for those only its first line is compared. Without the oracle
 * binary it skips saying so (fails under CI=true).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { describeWithInputs } from '../helpers/required-input';
import { tempHome } from '../helpers/run-cli';
import { KUBECTL_1_32 } from './kubectl-oracle';

// The dispatcher `kubectl` words some errors differently, so this compares with the versioned binary.
const KUBECTL = KUBECTL_1_32;

const TEMPLATES = [
  '{{.metadata.name}}', '{{.kind}}/{{.apiVersion}}', '{{.spec.replicas}}', '{{.nope}}', '{{.nope.deeper}}',
  '{{range .spec.template.spec.containers}}{{.name}}={{.image}}{{"\\n"}}{{end}}',
  '{{range $i, $c := .spec.template.spec.containers}}{{$i}}:{{$c.name}} {{end}}',
  '{{range $k, $v := .metadata.labels}}{{$k}}={{$v}};{{end}}', '{{.metadata.labels}}', '{{.}}',
  '{{if .spec.replicas}}has{{else}}none{{end}}', '{{if eq .kind "Deployment" "X"}}yes{{else if .spec}}spec{{end}}',
  '{{with .spec.strategy}}{{.}}{{else}}no strategy{{end}}', '{{len .spec.template.spec.containers}}', '{{len .metadata.name}}',
  '{{index .metadata.labels "app"}}', '{{index .spec.template.spec.containers 0 | printf "%v"}}', '{{printf "%5d|%-6s|%q|%x|%t" .spec.replicas .kind .kind 255 true}}',
  '{{printf "%s" .spec.replicas}}', '{{printf "%d"}}', '{{printf "%d" 1 2}}', '{{print 1 2 "a" "b" 3}}', '{{println "a" 1}}',
  '{{and .spec.replicas .kind}} {{or .nope "" "x"}} {{not .spec.paused}}', '{{lt 1 2}} {{le 2 2}} {{gt "b" "a"}} {{ge 1 2}} {{ne .kind "x"}}',
  '{{exists . "spec" "template"}} {{exists . "spec" "nope"}}', '{{"aGVsbG8=" | base64decode}}', '{{"!!" | base64decode}}',
  '{{- /* a comment */ -}} {{.kind -}}  !', '{{range .spec.template.spec.containers}}{{if .image}}{{break}}{{end}}x{{end}}done',
  '{{$n := .metadata.name}}{{range .spec.template.spec.containers}}{{$n}}/{{.name}}{{end}}', '{{(index .spec.template.spec.containers 0).image}}',
  '{{html "<a&b>"}} {{js "it\'s"}} {{urlquery "a b&c"}}', '{{slice .kind 1 3}}',
  // errors
  '{{.nope', '{{end}}', '{{if .kind}}x', '{{upper .kind}}', '{{len 3}}', '{{.metadata.name.x}}', '{{range 3}}{{end}}', '{{index .spec.template.spec.containers 5}}',
  '{{$x}}', '{{.kind | .spec}}', '{{"a" "b"}}', '{{eq .spec "x"}}', '{{lt "a" 1}}',
];

describeWithInputs('-o go-template vs kubectl 1.32', [{ what: 'kubectl.1.32 beside the kubectl on PATH', present: KUBECTL !== undefined }], () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('prints what kubectl prints', () => {
    const differences: string[] = [];
    for (const t of TEMPLATES) {
      const args = ['create', 'deployment', 'web', '--image=nginx', '--replicas=2', '--dry-run=client', '-o', `go-template=${t}`];
      const theirs = spawnSync(KUBECTL!, args, { encoding: 'utf8', env: { ...process.env, KUBECONFIG: '/dev/null' } });
      const ours = home.run(args);
      const dump = theirs.stdout.startsWith('Error executing template:');
      const same = ours.code === theirs.status && ours.stderr === theirs.stderr
        && (dump ? ours.stdout.split('\n')[0] === theirs.stdout.split('\n')[0] : ours.stdout === theirs.stdout);
      if (!same) differences.push(`${t}\n  kubectl: ${JSON.stringify([theirs.status, theirs.stdout.slice(0, 200), theirs.stderr])}\n  kubemu:  ${JSON.stringify([ours.code, ours.stdout.slice(0, 200), ours.stderr])}`);
    }
    expect(differences.join('\n')).toBe('');
  });
});
