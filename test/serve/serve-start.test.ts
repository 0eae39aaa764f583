/**
 * kubemu serve's start on a fresh home: the default cluster is created on first use, as every
 * verb creates it, so the README's `kubemu serve &` works before any other command; another
 * cluster that does not exist is refused. No kubectl needed.
 */
import { afterAll, expect, it } from 'vitest';
import { kubemu, kubemuStart, newHome, removeHome } from '../reliability/spawn-cli';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const homes: string[] = [];
afterAll(() => { for (const h of homes) removeHome(h); });

it('creates the default cluster on first use and serves it; refuses a named cluster that does not exist', async () => {
  const home = newHome('serve-start');
  homes.push(home);
  expect(kubemu(home, ['serve', '--port', '0', '--cluster', 'nosuch'])).toMatchObject({
    stdout: '', stderr: "error: cluster \"nosuch\" does not exist; create it with 'kubemu cluster create nosuch'\n", code: 1 });
  const server = kubemuStart(home, ['serve', '--port', '0']);
  for (let i = 0; i < 400 && !server.stdout().includes('Context "'); i++) await sleep(50);
  expect(server.stdout()).toMatch(/^Serving cluster "kubemu" at https:\/\/127\.0\.0\.1:\d+\nContext "kubemu-serve" in .+\/serve\/kubemu\.kubeconfig\n$/);
  process.kill(server.pid, 'SIGTERM');
  const end = await server.done;
  expect(end).toMatchObject({ code: 0, stderr: '' });
  expect(end.stdout.endsWith('Stopped.\n')).toBe(true);
  expect(kubemu(home, ['cluster', 'list']).stdout).toContain('kubemu');
});
