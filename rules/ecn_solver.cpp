// ECN (solver): ECN marks before PFC pauses, proved per switch by src/buffer_solver.cpp.

#include <fmt/format.h>

#include <cmath>

#include "families.hpp"
#include "rocelint/buffer_solver.hpp"

namespace rocelint::rules {
namespace {

std::string alphaText(int th) { return th >= 0 ? fmt::format("{}", 1 << th) : fmt::format("1/{}", 1 << (-th)); }

std::string classState(const PgClass& cls, double shared) {
  return fmt::format("{} x {} holding {:.0f}", cls.count, cls.profile,
                     static_cast<double>(cls.guaranteed_bytes) + shared);
}

/// The first port of the PG class with this priority, and how many PGs of it have that priority.
std::pair<std::string, int> firstMember(const PgClass& cls, int priority) {
  std::string port;
  int same = 0;
  for (const auto& [name, pg] : cls.members) {
    if (pg != priority) continue;
    if (port.empty()) port = name;
    ++same;
  }
  return {port, same};
}

void pfcBeforeEcn(const RuleContext& ctx, FindingSink& sink) {
  for (const SwitchBufferResult& result : ctx.buffer_proofs()) {
    const SwitchBufferProblem& problem = result.problem;
    const Switch* sw = ctx.fabric.findSwitch(problem.switch_name);
    if (sw == nullptr) continue;
    int lossless = 0;
    for (const PgClass& cls : problem.classes) lossless += cls.count;
    for (std::size_t i = 0; i < result.answers.size(); ++i) {
      const EcnPfcAnswer& answer = result.answers[i];
      if (!answer.violated) continue;
      const EcnPfcQuestion& question = problem.questions[i];
      const PgClass& mine = problem.classes[question.pg_class];
      auto [port, same] = firstMember(mine, question.priority);
      std::string state;
      for (std::size_t c = 0; c < problem.classes.size(); ++c) {
        state += (c ? ", " : "") + classState(problem.classes[c], answer.class_shared_bytes[c]);
      }
      std::string trigger = mine.dynamic
                                ? fmt::format("{} + alpha {} x {:.0f} free = {:.0f}", mine.guaranteed_bytes,
                                              alphaText(mine.dynamic_th), answer.free_bytes, answer.trigger_bytes)
                                : fmt::format("{} + static_th {} = {:.0f}", mine.guaranteed_bytes, mine.static_th_bytes,
                                              answer.trigger_bytes);
      auto limit = static_cast<std::uint64_t>(std::floor(answer.pg_total_bytes));
      // Graded: when no reachable state lets the queue reach the ECN minimum before the PG pauses,
      // ECN is off in effect (an error, as ECN001 says of a queue without marking); otherwise
      // only some states pause first (a warning).
      std::string graded =
          answer.ecn_can_mark_first
              ? std::string()
              : fmt::format(
                    "; in no reachable buffer state does the queue reach {} bytes before the PG pauses, so "
                    "ECN never marks and PFC is the only brake",
                    question.ecn_min_bytes);
      if (answer.grade_unknown) {
        graded = "; whether some state lets ECN mark first was not decided within the solver time limit";
      }
      Finding found =
          at(*sw, port, question.priority, question.ecn_min_src,
             fmt::format(
                 "lossless PG {} on {} {} ({} PG(s) of this priority use {} {}) can pause its upstream before "
                 "ECN "
                 "marks: with all {} lossless PGs of pool {} ({} bytes) congested at once ({} bytes each), the PG's "
                 "PFC trigger is {} bytes, while queue {} of {} marks only from {} {} "
                 "green_min_threshold {} bytes{}",
                 question.priority, sw->name, port, same, placeholder(Term::BufferProfile), mine.profile, lossless,
                 problem.pool, problem.pool_bytes, state, trigger, question.queue, question.egress_port,
                 placeholder(Term::EcnProfile), question.wred_profile, question.ecn_min_bytes, graded),
             LowerEcnMinimum{question.wred_profile, limit});
      Finding& f =
          answer.ecn_can_mark_first ? sink.addAtMost(std::move(found), Severity::Warning) : sink.add(std::move(found));
      f.related.push_back(
          related(fmt::format("{} {} size", placeholder(Term::BufferPool), problem.pool), problem.pool_src));
    }
  }
}

void solverUnanswered(const RuleContext& ctx, FindingSink& sink) {
  for (const SwitchBufferResult& result : ctx.buffer_proofs()) {
    const SwitchBufferProblem& problem = result.problem;
    const Switch* sw = ctx.fabric.findSwitch(problem.switch_name);
    if (sw == nullptr) continue;
    for (std::size_t i = 0; i < result.answers.size(); ++i) {
      const EcnPfcAnswer& answer = result.answers[i];
      if (!answer.unknown) continue;
      const EcnPfcQuestion& question = problem.questions[i];
      const PgClass& mine = problem.classes[question.pg_class];
      std::string port = firstMember(mine, question.priority).first;
      std::string limit = ctx.params.solver_time_limit_s > 0
                              ? fmt::format("within the solver time limit of {:g} s", ctx.params.solver_time_limit_s)
                              : std::string("from Z3");
      sink.add(at(*sw, port, question.priority, question.ecn_min_src,
                  fmt::format("whether lossless PG {} on {} {} ({} {}) can pause its upstream before queue {} of {} "
                              "marks ECN ({} {}) got no answer {} ({}): ECN004 has no verdict for it",
                              question.priority, sw->name, port, placeholder(Term::BufferProfile), mine.profile,
                              question.queue, question.egress_port, placeholder(Term::EcnProfile),
                              question.wred_profile, limit, answer.unknown_reason),
                  "raise the limit (--solver-time-limit SECONDS, or params.solver_time_limit_s in .rocelint.yaml; 0 "
                  "means no limit)"));
    }
  }
}

}  // namespace

void registerEcnSolverRules(std::vector<Rule>& rules) {
  rules.push_back({"ECN004", Severity::Error,
                   "PFC can fire before ECN marks: a reachable buffer state pauses a lossless PG below the ECN minimum "
                   "(an error when no state lets ECN mark first)",
                   pfcBeforeEcn});
  rules.push_back({"ECN005", Severity::Warning, "The ECN-before-PFC solver gave no answer within its time limit",
                   solverUnanswered});
}

}  // namespace rocelint::rules
