// CFG: what the inputs contained that rocelint could not use (Batfish-style parse coverage).

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

#include "families.hpp"

namespace rocelint::rules {
namespace {

Finding noteFinding(const InputNote& note) {
  Finding f;
  f.switch_name = note.switch_name;
  f.port = note.port;
  f.location = note.src;
  f.message = note.message;
  if (note.related_src.known()) f.related.push_back(RelatedLocation{note.related_message, note.related_src});
  return f;
}

void notesOfKind(const RuleContext& ctx, FindingSink& sink, InputNote::Kind kind, const std::string& fix) {
  for (const InputNote& note : ctx.fabric.notes) {
    if (note.kind != kind) continue;
    Finding f = noteFinding(note);
    f.fix = note.fix.empty() ? fix : note.fix;
    sink.add(std::move(f));
  }
}

void unknownFields(const RuleContext& ctx, FindingSink& sink) {
  // One finding per (switch, table.field); the first occurrence is the location.
  std::map<std::pair<std::string, std::string>, std::pair<const InputNote*, int>> groups;
  for (const InputNote& note : ctx.fabric.notes) {
    if (note.kind != InputNote::Kind::UnknownField) continue;
    auto& [first, count] = groups[{note.switch_name, note.group}];
    if (first == nullptr) first = &note;
    ++count;
  }
  for (const auto& [key, group] : groups) {
    const auto& [note, count] = group;
    Finding f;
    f.switch_name = note->switch_name;
    f.location = note->src;
    f.message =
        count > 1 ? fmt::format("{} (and {} more entries with this field)", note->message, count - 1) : note->message;
    if (note->fix.empty()) {
      f.fix_action = ReviewUnmodeledStatement{};
    } else {
      f.fix = note->fix;  // the parser knows a better way round what it could not read
    }
    sink.add(std::move(f));
  }
}

// Every parser resolves its own references and records the ones that name nothing, with the fix
// in its own syntax, so one rule reports them whatever the syntax.
void undefinedReferences(const RuleContext& ctx, FindingSink& sink) {
  for (const InputNote& note : ctx.fabric.notes) {
    if (note.kind != InputNote::Kind::UndefinedPort) continue;
    Finding f = noteFinding(note);
    if (note.fix.empty()) {
      f.fix_action = DefinePort{note.port};
    } else {
      f.fix = note.fix;
    }
    sink.add(std::move(f));
  }
  notesOfKind(ctx, sink, InputNote::Kind::UndefinedReference, "define what the name refers to, or correct the name");
}

// A file left out of the fabric: the switch it describes is missing, and so is every check that
// needs it; the ports that face it say where.
void leftOutFiles(const RuleContext& ctx, FindingSink& sink) {
  for (const InputNote& note : ctx.fabric.notes) {
    if (note.kind != InputNote::Kind::MalformedFile) continue;
    Finding f;
    f.location = note.src;
    f.fix = note.fix;
    int facing = 0;
    for (const Switch& sw : ctx.fabric.switches) {
      for (const Port& port : sw.ports) {
        if (note.switch_name.empty() || !port.neighbor || port.neighbor->device != note.switch_name) continue;
        ++facing;
        f.related.push_back({fmt::format("{} {} faces {}, which is missing: its link, PFC, map and deadlock checks "
                                         "through {} did not run",
                                         sw.name, port.name, note.switch_name, note.switch_name),
                             port.neighbor->src});
      }
    }
    std::string format =
        note.referenced_kind.empty() ? std::string("the file") : "this " + note.referenced_kind + " file";
    std::string state = note.not_read ? "was not read" : "is not well-formed";
    std::string missing =
        note.switch_name.empty()
            ? std::string("the fabric is analysed without it")
            : fmt::format("switch {} is missing from the analysis{}", note.switch_name,
                          facing > 0 ? fmt::format(" ({} port(s) of the fabric face it)", facing) : std::string());
    f.message = fmt::format("{}: {} {}, so it is left out of the fabric; {}", note.message, format, state, missing);
    sink.add(std::move(f));
  }
}

// An inline suppression that accepted no finding (nothing to hide any more, or a rule id that is
// no rule): stale, it would hide the next finding of that rule there with an old reason.
void unusedInlineSuppressions(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  if (ctx.inline_suppression_uses == nullptr) return;
  std::unordered_map<std::string, const Switch*> owner;
  for (const Switch& sw : fabric.switches) {
    for (const std::string& file : sw.files) owner.try_emplace(file, &sw);
  }
  static const Switch kNoSwitch;
  for (std::size_t i = 0; i < fabric.inline_suppressions.size(); ++i) {
    if ((*ctx.inline_suppression_uses)[i] > 0) continue;
    const InlineSuppression& s = fabric.inline_suppressions[i];
    std::string unknown;
    for (const std::string& id : s.rules) {
      bool family = std::any_of(allRules().begin(), allRules().end(), [&](const Rule& r) { return r.family() == id; });
      if (findRule(id) == nullptr && !family) unknown += (unknown.empty() ? "" : ", ") + id;
    }
    std::string rules;
    for (const std::string& id : s.rules) rules += (rules.empty() ? "" : ",") + id;
    auto it = owner.find(s.src.file());
    const Switch& sw = it != owner.end() ? *it->second : kNoSwitch;
    // A data suppression names a JSON subtree, or the whole file (its lines have no end there).
    std::string lines = !s.json_pointer.empty()                          ? s.json_pointer
                        : s.last_line == std::numeric_limits<int>::max() ? std::string("the whole file")
                        : s.first_line == s.last_line                    ? fmt::format("line {}", s.first_line)
                                                      : fmt::format("lines {}-{}", s.first_line, s.last_line);
    sink.add(at(sw, "", std::nullopt, s.src,
                unknown.empty()
                    ? fmt::format("inline suppression of {} (\"{}\") matches no finding on {}", rules, s.reason, lines)
                    : fmt::format("inline suppression names {}, which is no rule id or family, and matches no "
                                  "finding on {}",
                                  unknown, lines),
                unknown.empty() ? fmt::format("remove the {}: what it suppressed is gone, and a stale suppression "
                                              "hides the next finding there",
                                              s.json_pointer.empty() ? "comment" : "suppression entry")
                                : "write rule ids as `rocelint rules` lists them (PFC003, or a family such as WD)"));
  }
}

}  // namespace

void registerCfgRules(std::vector<Rule>& rules) {
  rules.push_back({"CFG001", Severity::Note, "field not understood in a table rocelint reads", unknownFields});
  rules.push_back(
      {"CFG002", Severity::Error, "reference to an undefined QoS map, scheduler or port", undefinedReferences});
  rules.push_back({"CFG003", Severity::Note, "the same field is set differently in two files of one switch",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     notesOfKind(ctx, sink, InputNote::Kind::Conflict,
                                 "keep each field in one file per switch, or make the files agree");
                   }});
  rules.push_back({"CFG004", Severity::Note, "file skipped: format not recognised or not supported yet",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     notesOfKind(ctx, sink, InputNote::Kind::SkippedFile,
                                 "move files rocelint should not read out of the fabric directory");
                   }});
  rules.push_back({"CFG005", Severity::Error, "a value has the wrong type or is out of range, so it was ignored",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     notesOfKind(ctx, sink, InputNote::Kind::InvalidValue, "correct the value to the type shown");
                   }});
  rules.push_back({"CFG006", Severity::Error,
                   "a file was not read or is not well-formed, and was left out of the fabric", leftOutFiles});
  rules.push_back({"CFG007", Severity::Warning, "a switch's configuration has interfaces but no port was modelled",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     notesOfKind(
                         ctx, sink, InputNote::Kind::NoPorts,
                         "check how rocelint read the interface names (CFG001 and CFG005 notes at those lines)");
                   }});
  Rule unused{"CFG008", Severity::Warning, "an inline suppression matches no finding", unusedInlineSuppressions};
  unused.after_suppressions = true;
  rules.push_back(std::move(unused));
}

}  // namespace rocelint::rules
