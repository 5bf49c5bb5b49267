// The only module that includes z3++.h: the switch buffer model as linear real arithmetic.
// Variables are shared-buffer occupancies; constraints are the pool and each PG's PFC trigger
// (alpha x free buffer, or a static threshold); the question is whether a PG can cross its
// trigger while the egress queue it feeds is below the WRED/ECN minimum. docs/buffer-model.md.

#include "rocelint/buffer_solver.hpp"

#include <fmt/format.h>
#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "parallel.hpp"
#include "rocelint/qos.hpp"

namespace rocelint {
namespace {

bool programmed(const Switch& sw, const Port& port) {
  return !port.isAdminDown() && (port.declared || !sw.has_port_table);
}

double toDouble(const z3::expr& value) {
  if (value.is_numeral()) {
    std::string text = value.get_decimal_string(6);
    if (!text.empty() && text.back() == '?') text.pop_back();
    return std::stod(text);
  }
  return 0;
}

/// alpha = 2^th as an exact rational.
z3::expr alpha(z3::context& ctx, int th) {
  return th >= 0 ? ctx.real_val(static_cast<int>(1u << th), 1) : ctx.real_val(1, static_cast<int>(1u << (-th)));
}

z3::expr bytes(z3::context& ctx, std::uint64_t value) { return ctx.real_val(std::to_string(value).c_str()); }

/// Builds the constraints shared by the satisfiability check and the optimisation.
struct Encoding {
  z3::expr free;
  z3::expr pg;                                               // shared bytes of the PG under test
  std::vector<z3::expr> shared;                              // shared bytes per PG of each class (the other PGs)
  std::vector<std::pair<std::string, z3::expr>> assertions;  // name -> constraint
  std::size_t reachable = 0;  // assertions [0, reachable) say which states exist; the rest ask the question
  z3::expr ecn_first;         // the converse: the queue reaches the ECN minimum, the PG is below its trigger
};

Encoding encode(z3::context& ctx, const SwitchBufferProblem& problem, const EcnPfcQuestion& question) {
  Encoding e{ctx.real_const("free"), ctx.real_const("pg_shared"), {}, {}, 0, ctx.bool_val(false)};
  z3::expr used = e.pg;
  for (std::size_t c = 0; c < problem.classes.size(); ++c) {
    const PgClass& cls = problem.classes[c];
    z3::expr s = ctx.real_const(fmt::format("class{}_shared", c).c_str());
    e.shared.push_back(s);
    int others = cls.count - (c == question.pg_class ? 1 : 0);
    used = used + ctx.real_val(others) * s;
    // Another PG holds at most its own trigger: beyond it its upstream is paused and what
    // still arrives lands in headroom, not in the shared pool.
    z3::expr cap = cls.dynamic ? alpha(ctx, cls.dynamic_th) * e.free : bytes(ctx, cls.static_th_bytes);
    e.assertions.push_back(
        {fmt::format("class {} ({} PGs): 0 <= shared <= trigger", cls.profile, cls.count), s >= 0 && s <= cap});
  }
  e.assertions.push_back({fmt::format("pool {}: free = {} - shared occupancy >= 0", problem.pool, problem.pool_bytes),
                          e.free == bytes(ctx, problem.pool_bytes) - used && e.free >= 0 && e.pg >= 0});
  e.reachable = e.assertions.size();
  const PgClass& mine = problem.classes[question.pg_class];
  z3::expr trigger = mine.dynamic ? alpha(ctx, mine.dynamic_th) * e.free : bytes(ctx, mine.static_th_bytes);
  e.ecn_first = e.pg < trigger && bytes(ctx, mine.guaranteed_bytes) + e.pg >= bytes(ctx, question.ecn_min_bytes);
  e.assertions.push_back({fmt::format("PG of {} crosses its PFC trigger", mine.profile), e.pg >= trigger});
  e.assertions.push_back({fmt::format("queue {} below {} green_min_threshold {}", question.queue, question.wred_profile,
                                      question.ecn_min_bytes),
                          bytes(ctx, mine.guaranteed_bytes) + e.pg < bytes(ctx, question.ecn_min_bytes)});
  return e;
}

}  // namespace

namespace {

// Bounds every check of one question by the time left (0: none).
void limit(z3::context& ctx, unsigned timeout_ms, z3::solver& solver) {
  if (timeout_ms == 0) return;
  z3::params p(ctx);
  p.set("timeout", timeout_ms);
  solver.set(p);
}

void limit(z3::context& ctx, unsigned timeout_ms, z3::optimize& opt) {
  if (timeout_ms == 0) return;
  z3::params p(ctx);
  p.set("timeout", timeout_ms);
  opt.set(p);
}

EcnPfcAnswer unknownAnswer(std::string reason) {
  EcnPfcAnswer answer;
  answer.unknown = true;
  answer.unknown_reason = std::move(reason);
  return answer;
}

// The PG's state in a model (a witness that PFC fires first).
void readWitness(const z3::model& model, const Encoding& e, const SwitchBufferProblem& problem,
                 const EcnPfcQuestion& question, EcnPfcAnswer& answer) {
  answer.free_bytes = toDouble(model.eval(e.free, true));
  answer.class_shared_bytes.clear();
  for (const auto& s : e.shared) answer.class_shared_bytes.push_back(toDouble(model.eval(s, true)));
  const PgClass& mine = problem.classes[question.pg_class];
  double pg_shared = toDouble(model.eval(e.pg, true));
  answer.pg_total_bytes = static_cast<double>(mine.guaranteed_bytes) + pg_shared;
  answer.trigger_bytes =
      static_cast<double>(mine.guaranteed_bytes) +
      (mine.dynamic ? std::ldexp(answer.free_bytes, mine.dynamic_th) : static_cast<double>(mine.static_th_bytes));
}

// A z3::context is expensive to create (tens to hundreds of ms); each worker thread reuses one.
EcnPfcAnswer solveIn(z3::context& ctx, const SwitchBufferProblem& problem, const EcnPfcQuestion& question,
                     unsigned timeout_ms) {
  EcnPfcAnswer answer;
  Encoding e = encode(ctx, problem, question);
  z3::solver solver(ctx, "QF_LRA");
  limit(ctx, timeout_ms, solver);
  std::map<std::string, std::string> names;
  for (std::size_t i = 0; i < e.assertions.size(); ++i) {
    std::string tag = fmt::format("a{}", i);
    names[tag] = e.assertions[i].first;
    solver.add(e.assertions[i].second, ctx.bool_const(tag.c_str()));  // assert_and_track
  }
  z3::check_result verdict = solver.check();
  if (verdict == z3::unknown) return unknownAnswer(solver.reason_unknown());
  if (verdict == z3::unsat) {
    z3::expr_vector core = solver.unsat_core();
    for (unsigned i = 0; i < core.size(); ++i) answer.core.push_back(names[core[i].to_string()]);
    std::sort(answer.core.begin(), answer.core.end());
    return answer;
  }
  answer.violated = true;
  readWitness(solver.get_model(), e, problem, question, answer);
  // The witness that fires PFC earliest (least shared bytes in the PG under test); if the
  // optimiser runs out of time, the first witness stands (it is a reachable state all the same).
  z3::optimize opt(ctx);
  limit(ctx, timeout_ms, opt);
  for (const auto& [name, constraint] : e.assertions) opt.add(constraint);
  opt.minimize(e.pg);
  if (opt.check() == z3::sat) readWitness(opt.get_model(), e, problem, question, answer);
  // Graded: is there at least one reachable state in which ECN marks first?
  z3::solver converse(ctx, "QF_LRA");
  limit(ctx, timeout_ms, converse);
  for (std::size_t i = 0; i < e.reachable; ++i) converse.add(e.assertions[i].second);
  converse.add(e.ecn_first);
  z3::check_result first = converse.check();
  answer.grade_unknown = first == z3::unknown;
  answer.ecn_can_mark_first = first != z3::unsat;
  return answer;
}

}  // namespace

EcnPfcAnswer solveQuestion(const SwitchBufferProblem& problem, const EcnPfcQuestion& question, unsigned timeout_ms) {
  z3::context ctx;
  return solveIn(ctx, problem, question, timeout_ms);
}

SwitchBufferProblem buildBufferProblem(const Switch& sw, const RuleParams& /*params*/) {
  SwitchBufferProblem problem;
  problem.switch_name = sw.name;
  // Lossless PGs with a configured profile, per ingress pool.
  struct Member {
    const Port* port;
    int pg;
    const BufferProfile* profile;
  };
  std::map<std::string, std::vector<Member>> by_pool;
  int runtime_pgs = 0;
  for (const Port& port : sw.ports) {
    if (!programmed(sw, port)) continue;
    PrioritySet pfc = port.qos.pfcPriorities();
    for (int p = 0; p < 8; ++p) {
      const auto& pg = port.pgs[static_cast<std::size_t>(p)];
      if (!pfc.test(static_cast<std::size_t>(p)) || !pg) continue;
      const BufferProfile* profile = pgProfile(sw, *pg);
      if (pg->null_profile || (profile != nullptr && profile->headroom_dynamic)) {
        ++runtime_pgs;
        continue;
      }
      if (profile == nullptr || !profile->pool || !profile->reservesHeadroom()) continue;
      by_pool[profile->pool->name].push_back({&port, p, profile});
    }
  }
  if (by_pool.empty()) {
    problem.skipped = runtime_pgs > 0 ? "its lossless PGs' profiles are computed at run time (dynamic model)"
                                      : "it has no lossless PG with a configured profile";
    return problem;
  }
  auto largest = std::max_element(by_pool.begin(), by_pool.end(),
                                  [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
  problem.pool = largest->first;
  auto pool_it = sw.pools.find(problem.pool);
  if (pool_it == sw.pools.end() || !pool_it->second.size_bytes) {
    problem.skipped = fmt::format("pool {} has no size (the dynamic model computes it at run time)", problem.pool);
    return problem;
  }
  const BufferPool& pool = pool_it->second;
  problem.pool_bytes = pool.size_bytes->value;
  problem.pool_src = pool.size_bytes->src;

  std::map<std::string, std::size_t> class_of;
  for (const Member& m : largest->second) {
    const BufferProfile& prof = *m.profile;
    auto [it, inserted] = class_of.try_emplace(prof.name, problem.classes.size());
    if (inserted) {
      PgClass cls;
      cls.profile = prof.name;
      std::uint64_t size = prof.size_bytes ? prof.size_bytes->value : 0;
      std::uint64_t xon = prof.xon_bytes ? prof.xon_bytes->value : 0;
      std::uint64_t xoff = prof.xoff_bytes ? prof.xoff_bytes->value : 0;
      // Mellanox-style size = xon + xoff: headroom is the xoff part; the rest is guaranteed.
      cls.guaranteed_bytes = size >= xon + xoff && xoff > 0 ? xon : size;
      bool pool_dynamic = pool.mode != ThresholdMode::Static;
      if (prof.dynamic_th && (pool_dynamic || !prof.static_th_bytes)) {
        cls.dynamic = true;
        cls.dynamic_th = std::clamp(prof.dynamic_th->value, -8, 7);
      } else if (prof.static_th_bytes) {
        cls.dynamic = false;
        cls.static_th_bytes = prof.static_th_bytes->value;
      } else {
        class_of.erase(it);
        continue;  // no threshold at all: nothing to reason about
      }
      problem.classes.push_back(cls);
    }
    PgClass& cls = problem.classes[it->second];
    ++cls.count;
    cls.members.push_back({m.port->name, m.pg});
  }

  // Questions: per class and priority, the egress queue of that TC whose ECN minimum is highest
  // (the adversary sends the PG's traffic there).
  for (std::size_t c = 0; c < problem.classes.size(); ++c) {
    std::set<int> priorities;
    for (const auto& [port, pg] : problem.classes[c].members) priorities.insert(pg);
    for (int p : priorities) {
      std::optional<EcnPfcQuestion> worst;
      for (const Port& egress : sw.ports) {
        if (!isConnected(sw, egress) || !egress.qos.pfcPriorities().test(static_cast<std::size_t>(p))) continue;
        int q = queueOfTc(sw, egress, p);
        const PortQueue* queue = egress.queue(q);
        if (queue == nullptr || !queue->wred_profile) continue;
        auto wred_it = sw.wred_profiles.find(queue->wred_profile->name);
        if (wred_it == sw.wred_profiles.end() || !wred_it->second.marks(Color::Green)) continue;
        const auto& green = wred_it->second.color(Color::Green);
        if (!green.min_threshold_bytes || (green.enabled && !green.enabled->value)) continue;
        if (worst && worst->ecn_min_bytes >= green.min_threshold_bytes->value) continue;
        worst = EcnPfcQuestion{
            c, p, q, egress.name, wred_it->first, green.min_threshold_bytes->value, green.min_threshold_bytes->src};
      }
      if (worst) problem.questions.push_back(*worst);
    }
  }
  if (problem.questions.empty()) problem.skipped = "no lossless egress queue has an ECN-marking WRED profile";
  return problem;
}

namespace {

/// The numbers that decide an answer: two questions with equal keys have equal answers.
std::string cacheKey(const SwitchBufferProblem& problem, const EcnPfcQuestion& question) {
  std::string key =
      fmt::format("{}|{}|{}|{}", problem.pool_bytes, question.pg_class, question.ecn_min_bytes, problem.classes.size());
  for (const PgClass& c : problem.classes) {
    key += fmt::format("|{},{},{},{},{}", c.guaranteed_bytes, c.dynamic, c.dynamic_th, c.static_th_bytes, c.count);
  }
  return key;
}

}  // namespace

std::vector<SwitchBufferResult> solveEcnBeforePfc(const Fabric& fabric, const RuleParams& params, SolverStats* stats) {
  auto start = std::chrono::steady_clock::now();
  std::vector<SwitchBufferResult> results(fabric.switches.size());
  std::vector<double> ms(fabric.switches.size(), 0.0);
  std::map<std::string, EcnPfcAnswer> cache;
  std::mutex cache_mutex;
  std::atomic<std::size_t> next{0};
  std::atomic<int> calls{0};
  // One budget for the whole fabric, counted from here: each question may use what is left.
  const double limit_s = params.solver_time_limit_s;
  auto timeLeftMs = [&]() -> std::optional<unsigned> {
    if (limit_s <= 0) return 0U;  // no limit
    double left =
        limit_s * 1000.0 - std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (left < 1.0) return std::nullopt;
    return static_cast<unsigned>(std::min(left, 4.0e9));
  };
  auto worker = [&](unsigned /*worker*/) {
    std::optional<z3::context> ctx;  // created on this thread's first cache miss
    for (std::size_t i = next++; i < fabric.switches.size(); i = next++) {
      auto t0 = std::chrono::steady_clock::now();
      SwitchBufferResult& result = results[i];
      result.problem = buildBufferProblem(fabric.switches[i], params);
      for (const EcnPfcQuestion& question : result.problem.questions) {
        std::string key = cacheKey(result.problem, question);
        {
          std::lock_guard<std::mutex> lock(cache_mutex);
          auto hit = cache.find(key);
          if (hit != cache.end()) {
            result.answers.push_back(hit->second);
            continue;
          }
        }
        std::optional<unsigned> timeout_ms = timeLeftMs();
        if (!timeout_ms) {
          result.answers.push_back(unknownAnswer("not asked: the time limit was already spent"));
          continue;
        }
        if (!ctx) ctx.emplace();
        EcnPfcAnswer answer = solveIn(*ctx, result.problem, question, *timeout_ms);
        ++calls;
        std::lock_guard<std::mutex> lock(cache_mutex);
        if (!answer.unknown) cache.emplace(key, answer);
        result.answers.push_back(std::move(answer));
      }
      ms[i] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
  };
  util::runWorkers(util::workerCount(fabric.switches.size(), 8), worker);
  if (stats != nullptr) {
    stats->switches = static_cast<int>(fabric.switches.size());
    stats->solver_calls = calls;
    stats->problems = 0;
    stats->unanswered = 0;
    stats->per_switch_ms.clear();
    for (std::size_t i = 0; i < results.size(); ++i) {
      stats->problems += static_cast<int>(results[i].problem.questions.size());
      for (const EcnPfcAnswer& answer : results[i].answers) stats->unanswered += answer.unknown ? 1 : 0;
      stats->per_switch_ms.push_back({fabric.switches[i].name, ms[i]});
    }
    stats->total_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  return results;
}

std::string solverStopped(const std::vector<SwitchBufferResult>& results, const RuleParams& params) {
  int questions = 0;
  int unanswered = 0;
  int switches = 0;
  for (const SwitchBufferResult& result : results) {
    questions += static_cast<int>(result.answers.size());
    int here = static_cast<int>(
        std::count_if(result.answers.begin(), result.answers.end(), [](const EcnPfcAnswer& a) { return a.unknown; }));
    unanswered += here;
    switches += here > 0 ? 1 : 0;
  }
  if (unanswered == 0) return {};
  if (params.solver_time_limit_s <= 0) {
    return fmt::format(
        "the ECN-before-PFC solver (Z3) gave no answer to {} of {} question(s) on {} switch(es) (ECN005)", unanswered,
        questions, switches);
  }
  return fmt::format(
      "the ECN-before-PFC solver left {} of {} question(s) on {} switch(es) unanswered at its time limit of {:g} s "
      "(ECN005)",
      unanswered, questions, switches, params.solver_time_limit_s);
}

RepairSolution solveMinimalRepair(const std::vector<RepairVar>& vars,
                                  const std::vector<RepairConstraint>& constraints) {
  RepairSolution solution;
  z3::context ctx;
  std::vector<z3::expr> x;
  for (std::size_t i = 0; i < vars.size(); ++i) x.push_back(ctx.int_const(fmt::format("v{}", i).c_str()));
  auto value = [&](std::int64_t v) { return ctx.int_val(static_cast<int64_t>(v)); };
  std::vector<std::pair<std::string, z3::expr>> named;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    named.push_back({fmt::format("{} within {}..{}", vars[i].name, vars[i].min, vars[i].max),
                     x[i] >= value(vars[i].min) && x[i] <= value(vars[i].max)});
  }
  for (const RepairConstraint& c : constraints) {
    z3::expr sum = ctx.int_val(0);
    for (const auto& [index, coef] : c.terms) sum = sum + value(coef) * x[index];
    z3::expr rhs = value(c.rhs);
    named.push_back({c.name, c.op == RepairConstraint::Op::AtLeast  ? sum >= rhs
                             : c.op == RepairConstraint::Op::AtMost ? sum <= rhs
                                                                    : sum == rhs});
  }
  // Feasibility first, with tracked assertions, so an impossible repair explains itself.
  z3::solver solver(ctx);
  for (std::size_t i = 0; i < named.size(); ++i)
    solver.add(named[i].second, ctx.bool_const(fmt::format("c{}", i).c_str()));
  if (solver.check() != z3::sat) {
    z3::expr_vector core = solver.unsat_core();
    for (unsigned i = 0; i < core.size(); ++i) {
      std::string tag = core[i].to_string();
      solution.core.push_back(named[static_cast<std::size_t>(std::stoul(tag.substr(1)))].first);
    }
    std::sort(solution.core.begin(), solution.core.end());
    return solution;
  }
  z3::optimize opt(ctx);
  for (const auto& [name, constraint] : named) opt.add(constraint);
  z3::expr changed = ctx.int_val(0);
  z3::expr deviation = ctx.int_val(0);
  for (std::size_t i = 0; i < vars.size(); ++i) {
    if (vars[i].auxiliary) continue;
    z3::expr orig = value(vars[i].original);
    changed = changed + z3::ite(x[i] != orig, ctx.int_val(1), ctx.int_val(0));
    deviation = deviation + z3::ite(x[i] >= orig, x[i] - orig, orig - x[i]);
  }
  opt.minimize(changed);
  opt.minimize(deviation);
  if (opt.check() != z3::sat) return solution;
  z3::model model = opt.get_model();
  for (const auto& xi : x) solution.values.push_back(model.eval(xi, true).get_numeral_int64());
  solution.solved = true;
  return solution;
}

}  // namespace rocelint
