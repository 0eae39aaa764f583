#!/usr/bin/env python3
"""
cpu-ab: CPU time (user + system) of commands, interleaved, from wait4's rusage in
microseconds. GNU time reports CPU in 10 ms steps, too coarse for start-up A/B comparisons of
a few milliseconds; Node's spawnSync reports no rusage at all. The first command is the
baseline (usually `node -e ''`); each round runs every command once, rotating the order, after
two warm-up rounds, and the medians are printed with their ratio to the baseline's.
Usage: python3 bench/cpu-ab.py ROUNDS '[["node","-e",""],["node","A/bin/kubemu","get","pods"],...]'
(the environment, e.g. KUBEMU_HOME, is passed to every command).
"""
import json
import os
import statistics
import sys

rounds = int(sys.argv[1])
cmds = json.loads(sys.argv[2])
env = dict(os.environ)
res = [[] for _ in cmds]
devnull = os.open('/dev/null', os.O_WRONLY)
for r in range(rounds + 2):
    for k in range(len(cmds)):
        i = (k + r) % len(cmds)
        pid = os.fork()
        if pid == 0:
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execvpe(cmds[i][0], cmds[i], env)
        _, status, ru = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(cmds[i])} exited {os.waitstatus_to_exitcode(status)}")
        if r >= 2:
            res[i].append((ru.ru_utime + ru.ru_stime) * 1000)
med = [statistics.median(x) for x in res]
for c, m, x in zip(cmds, med, res):
    q = statistics.quantiles(x, n=4)
    print(f"{m:8.1f} ms  x{m / med[0]:.3f}  p25 {q[0]:.1f}  p75 {q[2]:.1f}  {' '.join(c[1:])[:80]}")
