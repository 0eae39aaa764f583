/**
 * exercise-cli: what `kubemu exercise` prints — list, start (the task), check (✓/✗ table,
 * score line, exit code), hint, solution, report and its JUnit XML — on one exercise cluster
 * shared by the file's tests, in order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

const home = tempHome();
afterAll(() => home.cleanup());

describe('kubemu exercise', () => {
  it('list shows the bundled exercises of a track, not started', () => {
    const r = home.run('exercise list --track basics');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('NAME               TRACK    TOPIC             STATUS');
    expect(r.stdout).toMatch(/^pod-basics {9}basics {3}pods {14}-$/m);
    expect(r.stdout).not.toMatch(/ ckad /);
  });

  it('start sets the exercise up on ex-NAME, makes it current and prints the task', () => {
    const r = home.run('exercise start pod-basics --seed 3 --clock manual');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe([
      'Exercise pod-basics (basics, pods; seed 3) is ready on cluster ex-pod-basics, now the current cluster.',
      '',
      '# Run a pod with a label',
      '',
      'Create a pod named `pine` in the `default` namespace that runs the image `nginx:1.27`',
      'and carries the label `tier=frontend`. It must be Running and Ready.',
      '',
      'When you are done: kubemu exercise check    Stuck: kubemu exercise hint',
      '',
    ].join('\n'));
    expect(home.run('cluster list').stdout).toMatch(/^\* +ex-pod-basics +manual +3 +3$/m);
  });

  it('check fails untouched, with the reason per check and exit code 1', () => {
    const r = home.run('exercise check');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe([
      '    CHECK                            WEIGHT   RESULT',
      '✗   Pod pine exists                  1        Pod pine in namespace default not found',
      '✗   It runs nginx:1.27               1        Pod pine in namespace default not found',
      '✗   It has the label tier=frontend   1        Pod pine in namespace default not found',
      '✗   It is Ready                      1        Pod pine in namespace default not found',
      '',
      'Score: 0/4 (0%) — not passed yet',
      '',
    ].join('\n'));
  });

  it('hint shows the next hint; hint N a given one; a missing one is an error', () => {
    expect(home.run('exercise hint').stdout).toBe('Hint 1/2: `kubectl run` creates a single pod; `--labels` sets its labels.\n');
    expect(home.run('exercise hint 2').stdout).toBe('Hint 2/2: kubectl run pine --image=nginx:1.27 --labels=tier=frontend\n');
    expect(home.run('exercise hint 3')).toEqual({ stdout: '', stderr: 'error: hint 3 does not exist (this exercise has 2)\n', code: 1 });
  });

  it('solution prints the reference solution with the variant\'s values', () => {
    expect(home.run('exercise solution').stdout).toBe('# Reference solution: pod-basics (seed 3)\nkubectl run pine --image=nginx:1.27 --labels=tier=frontend\n');
  });

  it('check passes once the task is done, exit code 0', () => {
    expect(home.run('run pine --image=nginx:1.27 --labels=tier=frontend').code).toBe(0);
    const r = home.run('exercise check');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      '    CHECK                            WEIGHT   RESULT',
      '✓   Pod pine exists                  1        Pod pine in namespace default exists',
      '✓   It runs nginx:1.27               1        .spec.containers[0].image is "nginx:1.27"',
      '✓   It has the label tier=frontend   1        .metadata.labels.tier is "frontend"',
      '✓   It is Ready                      1        Ready is True',
      '',
      'Score: 4/4 (100%) — passed. Next: kubemu exercise next',
      '',
    ].join('\n'));
  });

  it('list and report show the progress; report --junit is JUnit XML', () => {
    expect(home.run('exercise list --track basics').stdout).toMatch(/^pod-basics {9}basics {3}pods {14}passed 4\/4$/m);
    expect(home.run('exercise report').stdout).toBe([
      'NAME         TRACK    CLUSTER         SEED   STATUS       HINTS   SOLUTION',
      'pod-basics   basics   ex-pod-basics   3      passed 4/4   2       yes',
      '',
    ].join('\n'));
    const junit = home.run('exercise report --junit').stdout;
    expect(junit).toContain('<testsuites name="kubemu exercises" tests="4" failures="0">');
    expect(junit).toContain('<testcase classname="basics.pod-basics" name="It is Ready"></testcase>');
  });

  it('next starts the next exercise not passed, on its own cluster', () => {
    const r = home.run('exercise next --seed 5 --clock manual');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Exercise deploy-create (basics, deployments; seed 5) is ready on cluster ex-deploy-create, now the current cluster.');
    expect(home.run('exercise report').stdout).toMatch(/^deploy-create +basics +ex-deploy-create +5 +started +0 +no$/m);
  });

  it('acting on a cluster without an exercise, or starting an unknown one, is a one-line error', () => {
    expect(home.run('exercise check --cluster nothere')).toEqual({ stdout: '', stderr: 'error: no exercise on cluster "nothere" (start one: kubemu exercise start NAME)\n', code: 1 });
    expect(home.run('exercise start nope')).toEqual({ stdout: '', stderr: 'error: unknown exercise "nope" (see: kubemu exercise list)\n', code: 1 });
  });
});
