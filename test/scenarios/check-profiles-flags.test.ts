/**
 * kubemu check beyond the first slice, through the real CLI on fixtures in testdata/check:
 * profiles (presets and validated files), --k8s-version's removed and deprecated
 * apiVersions, --strict/--lenient/--ignore/--images, --until complete, the findings about
 * objects that point at others, and SARIF and several reports from one run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_DATA, checkRunner } from '../helpers/check-cli';

const DATA = CHECK_DATA;
const check = checkRunner();
const lines = (s: string) => s.split('\n').filter(Boolean);

describe('kubemu check profiles', () => {
  it('flags what a bundle expects of the cluster on the default profile, and passes on a profile file that has it', () => {
    const plain = check('needs-cluster.yaml -o github');
    expect(plain.code).toBe(1);
    expect(lines(plain.stdout).map((l) => l.split('::')[1])).toEqual([
      'error file=needs-cluster.yaml,line=1,title=KM010-unschedulable',
      'error file=needs-cluster.yaml,line=25,title=KM001-rejected',
      'notice file=needs-cluster.yaml,line=35,title=KM003-namespace-created',
      'error file=needs-cluster.yaml,line=35,title=KM030-pvc-pending',
      undefined,
    ]);
    const r = check('needs-cluster.yaml --profile profiles/prod.yaml');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(lines(r.stdout).at(-1)).toBe('3 objects in 1 file: 3 passed, 0 failed (until ready, profile prod-eu, seed 1, simulated 3.6s)');
  });

  it('refuses an invalid profile file with file:line and the field, exit 2', () => {
    const cpu = check('good.yaml --profile profiles/bad-cpu.yaml');
    expect([cpu.code, cpu.stdout, cpu.stderr]).toEqual([2, '', 'error: profiles/bad-cpu.yaml:6: nodes[0].cpu: invalid quantity "4 cores"\n']);
    const field = check('good.yaml --profile profiles/bad-field.yaml');
    expect([field.code, field.stderr]).toEqual([2, 'error: profiles/bad-field.yaml:7: secrets[0].data: unknown field "data" (known: namespace, name, keys, type)\n']);
    const none = check('good.yaml --profile nope');
    expect([none.code, none.stderr]).toEqual([2, 'error: the profile "nope" is neither a built-in profile nor a readable file\n']);
  });

  it('has aks-small (system and user pools, no control plane) and small-prod (three zones) presets', () => {
    const aks = check('unschedulable.yaml --profile aks-small --until scheduled -o github');
    expect(lines(aks.stdout)[0]).toContain('0/3 nodes are available: 3 Insufficient cpu.');
    const prod = check('unschedulable.yaml --profile small-prod --until scheduled -o github');
    expect(lines(prod.stdout)[0]).toContain('0/6 nodes are available: 3 Insufficient cpu, 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.');
    expect(check('good.yaml --profile aks-small').code).toBe(0);
  });
});

describe('kubemu check --k8s-version', () => {
  it("refuses apiVersions the target does not serve with kubectl's text, and warns of deprecated ones with the API server's", () => {
    const now = check('versions.yaml --until admitted -o github');
    expect(now.code).toBe(1);
    expect(lines(now.stdout).slice(0, 2)).toEqual([
      '::error file=versions.yaml,line=1,title=KM005-removed-api::cronjob.batch/nightly: error: resource mapping not found for name: "nightly" namespace: "" from "versions.yaml": no matches for kind "CronJob" in version "batch/v1beta1"%0Aensure CRDs are installed first',
      '::error file=versions.yaml,line=14,title=KM005-removed-api::flowschema.flowcontrol.apiserver.k8s.io/batch-jobs: error: resource mapping not found for name: "batch-jobs" namespace: "" from "versions.yaml": no matches for kind "FlowSchema" in version "flowcontrol.apiserver.k8s.io/v1beta3"%0Aensure CRDs are installed first',
    ]);
    const older = check('versions.yaml --k8s-version 1.29 --until admitted -o github');
    expect(lines(older.stdout)[1]).toBe('::warning file=versions.yaml,line=14,title=KM004-deprecated-api::flowschema.flowcontrol.apiserver.k8s.io/batch-jobs: Warning: flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is deprecated in v1.29+, unavailable in v1.32+; use flowcontrol.apiserver.k8s.io/v1 FlowSchema');
    const bad = check('versions.yaml --k8s-version 1.24');
    expect([bad.code, bad.stderr]).toEqual([2, 'error: invalid argument "1.24" for "--k8s-version" flag: must be one of: 1.25, 1.26, 1.27, 1.28, 1.29, 1.30, 1.31, 1.32\n']);
  });
});

describe('kubemu check flags', () => {
  it('--lenient makes unknown fields warnings, --strict makes warnings errors, --ignore drops a rule', () => {
    const lenient = check('versions.yaml --k8s-version 1.29 --lenient --ignore KM005 --until admitted -o github');
    expect([lenient.code, lines(lenient.stdout).slice(1)]).toEqual([0, [
      '::warning file=versions.yaml,line=25,title=KM006-unknown-field::configmap/settings -n default: Warning: unknown field "unknownTop"',
      '3 objects in 1 file: 2 passed, 1 failed (until admitted, profile kubeadm, seed 1, simulated 0s)',
    ]]);
    const strict = check('versions.yaml --k8s-version 1.29 --strict --ignore KM005-removed-api --ignore KM001 --until admitted -o github');
    expect(strict.code).toBe(1);
    expect(lines(strict.stdout)[0]).toMatch(/^::error file=versions.yaml,line=14,title=KM004-deprecated-api::/);
    const both = check('versions.yaml --strict --lenient');
    expect([both.code, both.stderr]).toEqual([2, 'error: --strict and --lenient cannot be used together\n']);
    const unknown = check('versions.yaml --ignore KM999');
    expect([unknown.code, unknown.stderr]).toEqual([2, 'error: invalid argument "KM999" for "--ignore" flag: no such rule (see docs/check.md)\n']);
  });

  it('--images FILE and --images-allow-any say which images exist', () => {
    expect(check('bad-image.yaml --sim-timeout 1m').code).toBe(1);
    expect(check('bad-image.yaml --images images.txt').code).toBe(0);
    expect(check('bad-image.yaml --images-allow-any').code).toBe(0);
  });

  it('--until complete waits for Jobs to complete and says which did not', () => {
    const r = check('complete.yaml --until complete --sim-timeout 2m -o github');
    expect([r.code, r.stdout]).toEqual([1, [
      '::error file=complete.yaml,line=11,title=KM027-not-complete::job.batch/forever -n default: job "forever" has not completed: 0 of 1 completions succeeded',
      '2 objects in 1 file: 1 passed, 1 failed (until complete, profile kubeadm, seed 1, simulated 2m0s)',
      '',
    ].join('\n')]);
  });
});

describe('kubemu check reference findings', () => {
  it('reports Ingress backends, HPA targets and requests, PDBs that allow no disruption, and isolating NetworkPolicies', () => {
    const r = check('references.yaml -o github');
    expect(r.code).toBe(1);
    expect(lines(r.stdout)).toEqual([
      '::error file=references.yaml,line=26,title=KM050-ingress-backend::ingress.networking.k8s.io/web -n default: ingress "web" backend: service "web" has no port 8080 (it has 80)',
      '::error file=references.yaml,line=26,title=KM050-ingress-backend::ingress.networking.k8s.io/web -n default: ingress "web" backend: services "api" not found',
      '::error file=references.yaml,line=37,title=KM051-hpa-target::horizontalpodautoscaler.autoscaling/web -n default: failed to get cpu utilization: missing request for cpu in container web of Pod web-56cd776789-8djtk',
      '::error file=references.yaml,line=47,title=KM051-hpa-target::horizontalpodautoscaler.autoscaling/worker -n default: the HPA controller was unable to get the target\'s current scale: deployments.apps "worker" not found',
      '::warning file=references.yaml,line=55,title=KM052-pdb-no-disruption::poddisruptionbudget.policy/web -n default: poddisruptionbudget "web" allows no disruption (minAvailable 2 ≥ 2 matching pods): every eviction, so kubectl drain and node upgrades, is refused with "Cannot evict pod as it would violate the pod\'s disruption budget."',
      '::warning file=references.yaml,line=64,title=KM053-networkpolicy-isolates::networkpolicy.networking.k8s.io/deny-all -n default: networkpolicy "deny-all" leaves service "web" port 80 unreachable: no pod, namespace or address may connect to its pods',
      '7 objects in 1 file: 4 passed, 3 failed (until ready, profile kubeadm, seed 1, simulated 3.8s)',
    ]);
  });

  it('reports Pod Security refusals (enforce) and warnings (warn, or the enforce level when warn is unset) as KM054, in the API server\'s words', () => {
    const r = check('pod-security.yaml -o github');
    expect(r.code).toBe(1);
    const restricted = (c: string) => `violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "${c}" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "${c}" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "${c}" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "${c}" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`;
    expect(lines(r.stdout).map((l) => l.replace(/web-5f84b7585b-[a-z0-9]{5}/, 'web-5f84b7585b-XXXXX'))).toEqual([
      // Without a warn label, warn follows the stricter enforce level: the Deployment is warned about, its pods refused.
      `::warning file=pod-security.yaml,line=8,title=KM054-pod-security::deployment.apps/web -n secure: Warning: ${restricted('web').replace('violates', 'would violate')}`,
      `::error file=pod-security.yaml,line=8,title=KM054-pod-security::deployment.apps/web -n secure: Error creating: pods "web-5f84b7585b-XXXXX" is forbidden: ${restricted('web')}`,
      `::error file=pod-security.yaml,line=23,title=KM054-pod-security::pod/p -n secure: Error from server (Forbidden): error when creating "pod-security.yaml": pods "p" is forbidden: ${restricted('c')}`,
      '::warning file=pod-security.yaml,line=41,title=KM054-pod-security::deployment.apps/priv -n audited: Warning: would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)',
      '5 objects in 1 file: 3 passed, 2 failed (until ready, profile kubeadm, seed 1, simulated 10m0s)',
    ]);
  });

  it('reports a ResourceQuota refusal as its own rule', () => {
    const r = check('quota.yaml -o github --sim-timeout 1m');
    expect(lines(r.stdout)[0]!.replace(/big-c55d6cb75-[a-z0-9]{5}/, 'big-c55d6cb75-XXXXX')).toBe('::error file=quota.yaml,line=8,title=KM026-quota-exceeded::deployment.apps/big -n default: Error creating: pods "big-c55d6cb75-XXXXX" is forbidden: exceeded quota: small, requested: requests.cpu=500m, used: requests.cpu=1, limited: requests.cpu=1');
  });
});

/** sarifProblems lists, as JSON paths, the properties SARIF 2.1.0 requires (sarifLog, run, tool, toolComponent, reportingDescriptor, result, message, physicalLocation, region) that a log lacks or gets wrong. */
function sarifProblems(log: any): string[] {
  const problems: string[] = [];
  const need = (o: any, at: string, props: string[]) => { for (const p of props) if (o?.[p] === undefined) problems.push(`${at}.${p}`); };
  need(log, '$', ['version', 'runs']);
  if (log.version !== '2.1.0') problems.push('$.version must be 2.1.0');
  if (typeof log.$schema !== 'string' || !/^https?:\/\//.test(log.$schema)) problems.push('$.$schema');
  (log.runs ?? []).forEach((run: any, i: number) => {
    need(run, `runs[${i}]`, ['tool']);
    need(run.tool, `runs[${i}].tool`, ['driver']);
    need(run.tool?.driver, `runs[${i}].tool.driver`, ['name']);
    const driver = run.tool?.driver ?? {};
    if (driver.informationUri !== undefined && !/^https?:\/\//.test(driver.informationUri)) problems.push('informationUri must be absolute');
    const ids = (driver.rules ?? []).map((r: any, j: number) => {
      need(r, `rules[${j}]`, ['id']);
      if (r.shortDescription) need(r.shortDescription, `rules[${j}].shortDescription`, ['text']);
      if (r.defaultConfiguration && !['none', 'note', 'warning', 'error'].includes(r.defaultConfiguration.level)) problems.push(`rules[${j}].defaultConfiguration.level`);
      return r.id;
    });
    (run.results ?? []).forEach((res: any, k: number) => {
      need(res, `results[${k}]`, ['message']);
      if (res.message?.text === undefined && res.message?.id === undefined) problems.push(`results[${k}].message.text`);
      if (res.level !== undefined && !['none', 'note', 'warning', 'error'].includes(res.level)) problems.push(`results[${k}].level`);
      if (res.ruleIndex !== undefined && ids[res.ruleIndex] !== res.ruleId) problems.push(`results[${k}].ruleIndex`);
      for (const loc of res.locations ?? []) {
        const pl = loc.physicalLocation;
        if (pl && pl.artifactLocation === undefined && pl.address === undefined) problems.push(`results[${k}].physicalLocation`);
        if (pl?.region && !(pl.region.startLine >= 1 && (pl.region.startColumn ?? 1) >= 1)) problems.push(`results[${k}].region`);
      }
    });
  });
  return problems;
}

describe('kubemu check reports', () => {
  it('writes SARIF 2.1.0 with every required property, rules with levels, and results with file and line', () => {
    const r = check('mixed.yaml references.yaml -o sarif');
    const log = JSON.parse(r.stdout);
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].tool.driver.rules.find((x: any) => x.id === 'KM052-pdb-no-disruption').defaultConfiguration).toEqual({ level: 'warning' });
    expect(log.runs[0].results.find((x: any) => x.ruleId === 'KM040-service-no-pods')).toEqual({
      ruleId: 'KM040-service-no-pods', ruleIndex: 17, level: 'error',
      message: { text: 'service/lonely -n elsewhere: service "lonely" has no endpoints: its selector app=none matches no pod in namespace "elsewhere"' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'mixed.yaml' }, region: { startLine: 8, startColumn: 1 } } }],
    });
    expect(log.runs[0].results[0].level).toBe('note');
    expect(log.runs[0].results.map((x: any) => x.level)).toContain('warning');
    expect(sarifProblems({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ message: {} }] }] })).toEqual(['$.$schema', 'runs[0].tool.driver.name', 'results[0].message.text']);
  });

  it('writes several reports in one run, each --output-file going with the --output before it', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-check-reports-'));
    const r = check(`mixed.yaml --output junit --output-file ${out}/r.xml --output sarif --output-file ${out}/r.sarif --output text`);
    expect(r.stdout).toBe(fs.readFileSync(path.join(DATA, 'expected-mixed.text'), 'utf8'));
    expect(fs.readFileSync(path.join(out, 'r.xml'), 'utf8')).toBe(fs.readFileSync(path.join(DATA, 'expected-mixed.junit'), 'utf8'));
    expect(JSON.parse(fs.readFileSync(path.join(out, 'r.sarif'), 'utf8')).version).toBe('2.1.0');
    const two = check('mixed.yaml -o json -o text');
    expect([two.code, two.stderr]).toEqual([2, 'error: only one --output can go to stdout: give the others an --output-file\n']);
    fs.rmSync(out, { recursive: true, force: true });
  });
});
