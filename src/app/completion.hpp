#pragma once
// zsh and fish completion scripts generated from the CLI11 definition of the commands
// (`rocelint --completion zsh|fish`; the build writes them, a test compares them with the
// committed tools/completion/ files). Value choices come from IsMember checks ({a,b}), file and
// directory arguments from ExistingFile / ExistingDirectory / ExistingPath checks.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace rocelint::completion {

struct OptionSpec {
  std::vector<std::string> longs;
  std::vector<std::string> shorts;
  std::string description;
  bool takes_value = false;
  std::vector<std::string> choices;
  enum class Arg { Any, File, Dir } arg = Arg::Any;
};

struct CommandSpec {
  std::string name;
  std::string description;
  std::vector<OptionSpec> options;
  bool positional_paths = false;  ///< takes file or directory arguments
  bool positional_rules = false;  ///< takes rule ids (explain)
};

inline OptionSpec::Arg argKind(const std::string& type) {
  if (type.find("DIR") != std::string::npos) return OptionSpec::Arg::Dir;
  if (type.find("FILE") != std::string::npos || type.find("PATH") != std::string::npos) return OptionSpec::Arg::File;
  return OptionSpec::Arg::Any;
}

inline std::vector<std::string> choicesOf(const std::string& type) {
  std::vector<std::string> out;
  std::size_t open = type.find(":{");
  if (open == std::string::npos) return out;
  std::size_t close = type.find('}', open);
  std::string list = type.substr(open + 2, close - open - 2);
  for (std::size_t start = 0; start <= list.size();) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    if (comma > start) out.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

inline std::vector<CommandSpec> commands(const CLI::App& app) {
  std::vector<CommandSpec> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    CommandSpec c;
    c.name = sub->get_name();
    c.description = sub->get_description();
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->get_positional() && !opt->nonpositional()) {
        c.positional_paths = c.positional_paths || argKind(opt->get_type_name()) != OptionSpec::Arg::Any ||
                             opt->get_name().find("path") != std::string::npos;
        c.positional_rules = c.positional_rules || opt->get_name().find("rule") != std::string::npos;
        continue;
      }
      OptionSpec o;
      for (const std::string& l : opt->get_lnames()) o.longs.push_back(l);
      for (const std::string& s : opt->get_snames()) o.shorts.push_back(s);
      o.description = opt->get_description();
      o.takes_value = opt->get_items_expected_max() != 0;
      o.choices = choicesOf(opt->get_type_name());
      o.arg = argKind(opt->get_type_name());
      if (o.longs.size() == 1 && o.longs[0] == "help") o.description = "Print this help message and exit";
      c.options.push_back(std::move(o));
    }
    out.push_back(std::move(c));
  }
  return out;
}

/// `text` with `bad` characters backslash-escaped (zsh _arguments specs, fish strings).
inline std::string escape(const std::string& text, const std::string& bad) {
  std::string out;
  for (char c : text) {
    if (bad.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

inline std::string zsh(const CLI::App& app) {
  std::string s =
      "#compdef rocelint\n"
      "# zsh completion for rocelint, generated from its command-line definition by `rocelint --completion zsh`\n"
      "# (the build writes it; tools/completion/_rocelint is checked against it). Do not edit.\n\n"
      "_rocelint() {\n"
      "  local -a commands\n"
      "  commands=(\n";
  std::vector<CommandSpec> cmds = commands(app);
  auto quote = [](const std::string& t) {  // inside '...'
    std::string out;
    for (char c : t) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out;
  };
  for (const CommandSpec& c : cmds) s += "    '" + quote(c.name + ":" + c.description) + "'\n";
  s += "  )\n"
       "  if (( CURRENT == 2 )); then\n"
       "    _describe -t commands 'rocelint command' commands\n"
       "    return\n"
       "  fi\n"
       "  local cmd=$words[2]\n"
       "  shift words\n"
       "  (( CURRENT-- ))\n"
       "  case $cmd in\n";
  for (const CommandSpec& c : cmds) {
    s += "    " + c.name + ")\n      _arguments -s";
    for (const OptionSpec& o : c.options) {
      std::vector<std::string> names;
      for (const std::string& n : o.shorts) names.push_back("-" + n);
      for (const std::string& n : o.longs) names.push_back("--" + n);
      std::string action;
      if (o.takes_value) {
        if (!o.choices.empty()) {
          action = ":value:(";
          for (std::size_t i = 0; i < o.choices.size(); ++i) action += (i ? " " : "") + o.choices[i];
          action += ")";
        } else if (o.arg == OptionSpec::Arg::Dir) {
          action = ":directory:_files -/";
        } else if (o.arg == OptionSpec::Arg::File || o.longs == std::vector<std::string>{"output"}) {
          action = ":file:_files";
        } else {
          action = ":value: ";
        }
      }
      std::string desc = "[" + escape(o.description, "[]\\") + "]";
      std::string exclusion;
      if (names.size() > 1) {
        exclusion = "(";
        for (std::size_t i = 0; i < names.size(); ++i) exclusion += (i ? " " : "") + names[i];
        exclusion += ")";
      }
      for (const std::string& n : names) s += " \\\n        '" + quote(exclusion + n + desc + action) + "'";
    }
    if (c.positional_rules) {
      s += " \\\n        '*:rule:($(rocelint rules 2>/dev/null | cut -d\" \" -f1))'";
    } else if (c.positional_paths) {
      s += " \\\n        '*:path:_files'";
    }
    s += "\n      ;;\n";
  }
  s += "  esac\n"
       "}\n\n"
       "_rocelint \"$@\"\n";
  return s;
}

inline std::string fish(const CLI::App& app) {
  std::string s =
      "# fish completion for rocelint, generated from its command-line definition by `rocelint --completion fish`\n"
      "# (the build writes it; tools/completion/rocelint.fish is checked against it). Do not edit.\n\n"
      "complete -c rocelint -f\n";
  std::vector<CommandSpec> cmds = commands(app);
  auto str = [](const std::string& t) { return "'" + escape(t, "\\'") + "'"; };
  for (const CommandSpec& c : cmds)
    s += "complete -c rocelint -n __fish_use_subcommand -a " + c.name + " -d " + str(c.description) + "\n";
  for (const CommandSpec& c : cmds) {
    std::string when = "-n '__fish_seen_subcommand_from " + c.name + "'";
    s += "\n";
    for (const OptionSpec& o : c.options) {
      std::string line = "complete -c rocelint " + when;
      for (const std::string& n : o.shorts) line += " -s " + n;
      for (const std::string& n : o.longs) line += " -l " + n;
      if (o.takes_value) {
        line += " -r";
        if (!o.choices.empty()) {
          std::string list;
          for (std::size_t i = 0; i < o.choices.size(); ++i) list += (i ? " " : "") + o.choices[i];
          line += " -a " + str(list);
        } else if (o.arg == OptionSpec::Arg::Dir) {
          line += " -a '(__fish_complete_directories)'";
        } else if (o.arg == OptionSpec::Arg::File || o.longs == std::vector<std::string>{"output"}) {
          line += " -F";
        }
      }
      s += line + " -d " + str(o.description) + "\n";
    }
    if (c.positional_rules) {
      s += "complete -c rocelint " + when + " -a '(rocelint rules 2>/dev/null | string split -f1 \" \")'\n";
    } else if (c.positional_paths) {
      s += "complete -c rocelint " + when + " -F\n";
    }
  }
  return s;
}

}  // namespace rocelint::completion
