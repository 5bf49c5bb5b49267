// CFG: what the inputs contained that rocelint could not use (Batfish-style parse coverage).

#include <fmt/format.h>

#include <map>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

Finding noteFinding(const InputNote& note) {
  Finding f;
  f.switch_name = note.switch_name;
  f.port = note.port;
  f.location = note.src;
  f.message = note.message;
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
    f.message = count > 1 ? fmt::format("{} (and {} more entries with this field)", note->message, count - 1) : note->message;
    f.fix_action = ReviewUnmodeledStatement{};
    sink.add(std::move(f));
  }
}

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
  for (const Switch& sw : ctx.fabric.switches) {
    auto check = [&](const Port* port, const std::optional<Reference>& ref, Term table, bool exists) {
      if (!ref || exists) return;
      sink.add(at(sw, port ? port->name : "", std::nullopt, ref->src,
                  fmt::format("{} references {} \"{}\", which is not defined on {}", port ? port->name : "global",
                              placeholder(table), ref->name, sw.name),
                  DefineReferenced{table, ref->name}));
    };
    if (sw.global_dscp_to_tc) {
      check(nullptr, sw.global_dscp_to_tc, Term::DscpToTcMap,
            sw.findMap(MapKind::DscpToTc, sw.global_dscp_to_tc->name));
    }
    for (const Port& port : sw.ports) {
      for (std::size_t k = 0; k < kMapKinds; ++k) {
        auto kind = static_cast<MapKind>(k);
        const auto& ref = port.qos.map(kind);
        check(&port, ref, mapTerm(kind), ref && sw.findMap(kind, ref->name));
      }
      check(&port, port.qos.scheduler, Term::Scheduler,
            port.qos.scheduler && sw.schedulers.count(port.qos.scheduler->name));
      for (const PortQueue& queue : port.queues) {
        check(&port, queue.scheduler, Term::Scheduler, queue.scheduler && sw.schedulers.count(queue.scheduler->name));
        check(&port, queue.wred_profile, Term::EcnProfile,
              queue.wred_profile && sw.wred_profiles.count(queue.wred_profile->name));
      }
    }
  }
}

}  // namespace

void registerCfgRules(std::vector<Rule>& rules) {
  rules.push_back({"CFG001", Severity::Note, "field not understood in a table rocelint reads", unknownFields});
  rules.push_back({"CFG002", Severity::Error, "reference to an undefined QoS map, scheduler or port", undefinedReferences});
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
}

}  // namespace rocelint::rules
