# bash completion for rocelint (installed to share/bash-completion/completions/rocelint).
# tests/test_cli_gate.cpp (CliDocs) fails when a command or option of the CLI is missing here.
_rocelint() {
  local cur prev words cword
  _init_completion || return
  local commands="check diff graph fix rules explain inputs"
  local common="--format --fail-on --exit-zero --color --select --ignore --config --source-root --link-base -o --output
    --follow-outside-links --max-file-size --max-switches --max-ports --max-links --max-depth --max-yaml-alias-nodes
    --no-suppress -q --quiet -v --verbose --failures --whatif-time-limit --solver-time-limit --transient --help"
  local sub="" w
  for w in "${words[@]:1:cword-1}"; do
    case "$w" in check|diff|graph|fix|rules|explain|inputs) sub=$w; break ;; esac
  done
  case "$prev" in
    --format)
      if [[ $sub == graph ]]; then COMPREPLY=($(compgen -W "dot" -- "$cur"))
      elif [[ $sub == rules ]]; then COMPREPLY=($(compgen -W "text json" -- "$cur"))
      else COMPREPLY=($(compgen -W "text json sarif junit markdown github gitlab html" -- "$cur")); fi
      return ;;
    --fail-on) COMPREPLY=($(compgen -W "error warning note" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --failures) COMPREPLY=($(compgen -W "0 1 2" -- "$cur")); return ;;
    --select|--ignore) COMPREPLY=($(compgen -W "$(rocelint rules 2>/dev/null | cut -d' ' -f1)" -- "${cur##*,}")); return ;;
    --config|--baseline|--write-baseline|-o|--output) _filedir; return ;;
    --source-root|--out|--state) _filedir -d; return ;;
    --link-base) return ;;
    --max-file-size|--max-switches|--max-ports|--max-links|--max-depth|--max-yaml-alias-nodes|--whatif-time-limit|--solver-time-limit) return ;;
  esac
  case "$sub" in
    "") COMPREPLY=($(compgen -W "$commands --version --help" -- "$cur")) ;;
    check)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$common --baseline --write-baseline --state" -- "$cur")); else _filedir; fi ;;
    diff)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$common" -- "$cur")); else _filedir -d; fi ;;
    graph)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--format --config --cycles-only --all --transient -q --quiet -o --output --help" -- "$cur")); else _filedir; fi ;;
    fix)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--out --config --help" -- "$cur")); else _filedir -d; fi ;;
    inputs)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "-0 --null --help" -- "$cur")); else _filedir; fi ;;
    rules)
      COMPREPLY=($(compgen -W "--format --help" -- "$cur")) ;;
    explain)
      COMPREPLY=($(compgen -W "$(rocelint rules 2>/dev/null | cut -d' ' -f1)" -- "$cur")) ;;
  esac
}
complete -F _rocelint rocelint
