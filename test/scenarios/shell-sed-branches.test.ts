/**
 * shell-sed-branches: busybox sed's labels and branches through `kubectl exec` — the one-liners
 * practice tasks use to join lines (`:a;N;$!ba;s/\n/ /g`) and to loop a substitution (`t`),
 * with busybox's failure for a missing label (after what was already printed, exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('sed branches in a busybox container', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('sedb', 7);
    expect(home.run('run box --image=busybox --command -- sleep 3600').code).toBe(0);
    expect(home.run('tick 20s').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  const sh = (script: string) => home.run(['exec', 'box', '--', 'sh', '-c', script]);

  it('joins lines with a label and b', () => {
    expect(sh("printf 'a\\nb\\nc\\n' | sed ':a;N;$!ba;s/\\n/,/g'")).toEqual({ code: 0, stderr: '', stdout: 'a,b,c\n' });
  });

  it('t loops a substitution until nothing changes; T branches when nothing did', () => {
    expect(sh("echo 1234567 | sed -e :x -e 's/^\\([0-9]*\\)\\([0-9]\\{3\\}\\)/\\1,\\2/' -e tx")).toEqual({ code: 0, stderr: '', stdout: '1,234,567\n' });
    expect(sh("printf 'key=v\\nplain\\n' | sed 's/=/: /;T;s/^/> /'")).toEqual({ code: 0, stderr: '', stdout: '> key: v\nplain\n' });
  });

  it('a branch to a missing label fails when it is taken', () => {
    expect(sh("printf 'one\\ntwo\\n' | sed '2bend'")).toEqual({ code: 1, stderr: "sed: can't find label for jump to 'end'\ncommand terminated with exit code 1\n", stdout: 'one\n' });
  });
});
