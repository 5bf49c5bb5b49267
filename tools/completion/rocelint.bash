# bash completion for rocelint (installed to share/bash-completion/completions/rocelint)
_rocelint() {
  local cur prev words cword
  _init_completion || return
  local commands="check diff rules explain"
  local common="--format --fail-on --config --source-root -o --output --no-suppress --follow-outside-links --max-file-size -q --quiet -v --verbose --help"
  local sub="" w
  for w in "${words[@]:1:cword-1}"; do
    case "$w" in check|diff|rules|explain) sub=$w; break ;; esac
  done
  case "$prev" in
    --format) COMPREPLY=($(compgen -W "text json sarif junit markdown" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "error warning note" -- "$cur")); return ;;
    --config|--baseline|--write-baseline|-o|--output) _filedir; return ;;
    --source-root) _filedir -d; return ;;
  esac
  case "$sub" in
    "") COMPREPLY=($(compgen -W "$commands --version --help" -- "$cur")) ;;
    check)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$common --baseline --write-baseline" -- "$cur")); else _filedir; fi ;;
    diff)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$common" -- "$cur")); else _filedir -d; fi ;;
    explain)
      COMPREPLY=($(compgen -W "$(rocelint rules 2>/dev/null | cut -d' ' -f1)" -- "$cur")) ;;
  esac
}
complete -F _rocelint rocelint
