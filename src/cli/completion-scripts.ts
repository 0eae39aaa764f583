/**
 * completion-scripts: the shell functions `kubemu completion SHELL` prints. Each asks the
 * program itself for candidates with cobra's protocol (`kubemu __complete WORDS… CURRENT`:
 * one `word<TAB>description` a line, then `:<directive>`; complete.ts answers it), so
 * completion knows every verb, flag, resource type and object name kubemu does. They are
 * registered for `kubemu`, and for `kubectl` and `k` as used with `alias kubectl=kubemu`.
 * Directive bits: 2 = no space after the word, 4 = no file names when nothing matches.
 */

const NAMES = 'kubemu kubectl k';

const BASH = `# bash completion for kubemu (and kubectl, k as its aliases)
# Load it with: source <(kubemu completion bash)
__kubemu_complete() {
    local line="\${COMP_LINE:0:COMP_POINT}" words cur out directive reply word prefix
    read -ra words <<< "$line"
    [[ $line == *[[:space:]] || \${#words[@]} -eq 0 ]] && words+=("")
    cur="\${words[\${#words[@]}-1]}"
    out=$(kubemu __complete "\${words[@]:1}" 2>/dev/null) || return
    directive=\${out##*:}
    out=\${out%:*}
    # bash may have split the current word at = or :; answer with the part it is completing.
    prefix="\${cur%"\${COMP_WORDS[COMP_CWORD]}"}"
    COMPREPLY=()
    while IFS= read -r reply; do
        [[ -z $reply ]] && continue
        word="\${reply%%$'\\t'*}"
        COMPREPLY+=("\${word#"$prefix"}")
    done <<< "$out"
    (( directive & 2 )) && compopt -o nospace 2>/dev/null
    (( (directive & 4) == 0 && \${#COMPREPLY[@]} == 0 )) && compopt -o default 2>/dev/null
    return 0
}
# kubectl's name for its completion function: the exam's \`complete -o default -F __start_kubectl k\` works too.
__start_kubectl() { __kubemu_complete "$@"; }
complete -F __kubemu_complete ${NAMES}
`;

const ZSH = `#compdef ${NAMES}
# zsh completion for kubemu (and kubectl, k as its aliases)
# Load it with: source <(kubemu completion zsh)
_kubemu_complete() {
    local out directive line
    local -a cands descs
    out=$(kubemu __complete "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
    directive=\${out##*:}
    for line in "\${(@f)\${out%:*}}"; do
        [[ -z $line ]] && continue
        cands+=("\${line%%$'\\t'*}")
    done
    if (( directive & 2 )); then compadd -Q -S '' -a cands; else compadd -Q -a cands; fi
    (( (directive & 4) == 0 && \${#cands} == 0 )) && _files
    return 0
}
# kubectl's name for its completion function, for \`compdef _kubectl k\`.
_kubectl() { _kubemu_complete "$@"; }
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _kubemu_complete "$@"; else compdef _kubemu_complete ${NAMES}; fi
`;

const FISH = `# fish completion for kubemu (and kubectl, k as its aliases)
# Load it with: kubemu completion fish | source
function __kubemu_complete
    set -l args (commandline -opc)[2..-1] (commandline -ct)
    set -l out (kubemu __complete $args 2>/dev/null)
    for line in $out[1..-2]
        echo $line
    end
end
${NAMES.split(' ').map((n) => `complete -c ${n} -f -a '(__kubemu_complete)'`).join('\n')}
`;

/** COMPLETION_SCRIPTS are the supported shells' scripts. */
export const COMPLETION_SCRIPTS: Readonly<Record<string, string>> = { bash: BASH, zsh: ZSH, fish: FISH };
