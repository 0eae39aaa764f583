/**
 * practice-shell: the files `kubemu shell` writes under $KUBEMU_HOME/shell — a bin folder of
 * shims (kubectl, k, kubemu, ssh, etcdctl, etcdutl) that run this kubemu, and the rc files
 * bash and zsh start with: the shims first on PATH, kubectl's completion, and a prompt that
 * shows the current context and namespace (as kube-ps1 does in an exam terminal). The shims
 * are files, not aliases, so a verify script that calls `kubectl` runs unchanged.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPLETION_SCRIPTS } from './completion-scripts';

/** ShellLayout is where the shell's files live. */
export interface ShellLayout { dir: string; bin: string; bashrc: string; zdotdir: string; completion: string }

/** shellLayout is the layout under a kubemu home. */
export function shellLayout(home: string): ShellLayout {
  const dir = path.join(home, 'shell');
  return { dir, bin: path.join(dir, 'bin'), bashrc: path.join(dir, 'bashrc'), zdotdir: path.join(dir, 'zsh'), completion: path.join(dir, 'completion') };
}

/** quote is a POSIX shell single-quoted word. */
export const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * SHIMS maps each program on the shell's PATH to the kubemu words it runs: `k` is the exam's
 * alias of kubectl, `ssh NODE` opens kubemu's node host (`ssh root@node01` as well).
 */
export const SHIMS: Readonly<Record<string, readonly string[]>> = {
  kubemu: [], kubectl: [], k: [], ssh: ['ssh'], etcdctl: ['etcdctl'], etcdutl: ['etcdutl'],
};

/** Runner is how a shim starts kubemu: this Node and this kubemu's bin script. */
export interface Runner { node: string; script: string }

/** shimText is one shim: the home baked in (a script run from elsewhere finds the same clusters), then kubemu. */
export function shimText(runner: Runner, home: string, words: readonly string[]): string {
  const argv = [runner.node, runner.script, ...words].map(quote).join(' ');
  return `#!/bin/sh\n: "\${KUBEMU_HOME:=${home.replace(/["\\$`]/g, '\\$&')}}"\nexport KUBEMU_HOME\nexec ${argv} "$@"\n`;
}

/** envLines are the exports that put the shims first on PATH (what --print-env prints). */
export function envLines(home: string, layout: ShellLayout): string {
  return `export KUBEMU_HOME=${quote(home)}\nexport PATH=${quote(layout.bin)}:"$PATH"\n`;
}

/**
 * PROMPT_FN keeps $KUBEMU_PS1 (context/namespace) current: the key is the kubeconfig files'
 * and config.json's change times and the variables that pick a context, so `kubemu shell
 * --prompt` (a process) runs only after something may have switched context or namespace.
 */
const PROMPT_FN = `__kubemu_prompt_key() {
    local f rest="$KUBEMU_HOME/config.json:$KUBEMU_HOME/kubeconfig:\${KUBECONFIG:-}:" key="\${KUBECONFIG:-}|\${KUBEMU_CLUSTER:-}"
    while [ -n "$rest" ]; do
        f=\${rest%%:*}
        rest=\${rest#*:}
        [ -n "$f" ] && [ -e "$f" ] && key="$key|$(stat -c %y "$f" 2>/dev/null || stat -f %Fm "$f" 2>/dev/null)"
    done
    printf '%s' "$key"
}
__kubemu_prompt() {
    local key
    key=$(__kubemu_prompt_key)
    if [ "$key" != "\${__KUBEMU_PROMPT_KEY-}" ]; then
        __KUBEMU_PROMPT_KEY=$key
        KUBEMU_PS1=$(kubemu shell --prompt 2>/dev/null)
    fi
}
`;

/** bashrc is what bash reads at start: the user's own ~/.bashrc first, so the shell's PATH and prompt win. */
export function bashrc(home: string, layout: ShellLayout): string {
  return `# kubemu shell: kubectl, k, ssh and etcdctl run kubemu; completion; context/namespace in the prompt
[ -f ~/.bashrc ] && . ~/.bashrc
${envLines(home, layout)}export KUBEMU_SHELL=1
. ${quote(path.join(layout.completion, 'kubemu.bash'))}
${PROMPT_FN}PROMPT_COMMAND="__kubemu_prompt\${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
[ -n "\${PS1-}" ] || PS1='\\u@\\h:\\w\\$ '
case $PS1 in *KUBEMU_PS1*) ;; *) PS1='(\\[\\e[36m\\]$KUBEMU_PS1\\[\\e[0m\\]) '$PS1 ;; esac
`;
}

/** zshrc is ZDOTDIR/.zshrc: the user's own first (from their ZDOTDIR or home), then the shell's. */
export function zshrc(home: string, layout: ShellLayout, userZdotdir: string): string {
  return `# kubemu shell: kubectl, k, ssh and etcdctl run kubemu; completion; context/namespace in the prompt
[ -f ${quote(path.join(userZdotdir, '.zshrc'))} ] && ZDOTDIR=${quote(userZdotdir)} . ${quote(path.join(userZdotdir, '.zshrc'))}
${envLines(home, layout)}export KUBEMU_SHELL=1
autoload -Uz compinit && compinit -u -d ${quote(path.join(layout.zdotdir, '.zcompdump'))}
. ${quote(path.join(layout.completion, 'kubemu.zsh'))}
${PROMPT_FN}setopt prompt_subst
autoload -Uz add-zsh-hook && add-zsh-hook precmd __kubemu_prompt
[ -n "\${PROMPT-}" ] || PROMPT='%n@%m:%~%# '
case $PROMPT in *KUBEMU_PS1*) ;; *) PROMPT='(%F{cyan}$KUBEMU_PS1%f) '$PROMPT ;; esac
`;
}

/** writeShellFiles writes (or rewrites) the shims, completion scripts and rc files; returns the layout. */
export function writeShellFiles(home: string, runner: Runner, userZdotdir: string): ShellLayout {
  const layout = shellLayout(home);
  for (const d of [layout.dir, layout.bin, layout.zdotdir, layout.completion]) fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  for (const [name, words] of Object.entries(SHIMS)) fs.writeFileSync(path.join(layout.bin, name), shimText(runner, home, words), { mode: 0o755 });
  fs.writeFileSync(path.join(layout.completion, 'kubemu.bash'), COMPLETION_SCRIPTS.bash!);
  fs.writeFileSync(path.join(layout.completion, 'kubemu.zsh'), COMPLETION_SCRIPTS.zsh!);
  fs.writeFileSync(layout.bashrc, bashrc(home, layout));
  fs.writeFileSync(path.join(layout.zdotdir, '.zshrc'), zshrc(home, layout, userZdotdir));
  return layout;
}

/** findKubemuScript finds this kubemu's bin/kubemu, walking up from a module's folder (dist/ or src/cli/commands/). */
export function findKubemuScript(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'bin', 'kubemu');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
