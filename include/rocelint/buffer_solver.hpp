#pragma once
// ECN before PFC, proved per switch with Z3 (src/buffer_solver.cpp is the only file that sees a
// z3::expr). The adversary model is docs/buffer-model.md.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/buffer_solver.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rocelint/model.hpp"
#include "rocelint/params.hpp"

namespace rocelint {

/// PGs that share one PFC trigger rule (same pool, guaranteed bytes and threshold).
struct PgClass {
  std::string profile;                 ///< BUFFER_PROFILE name
  std::uint64_t guaranteed_bytes = 0;  ///< reserved before the shared pool is used
  bool dynamic = true;                 ///< dynamic_th (alpha x free) or static_th (bytes)
  int dynamic_th = 0;                  ///< alpha = 2^dynamic_th
  std::uint64_t static_th_bytes = 0;
  int count = 0;                                     ///< lossless PGs of the switch in this class
  std::vector<std::pair<std::string, int>> members;  ///< (port, PG), natural order
};

/// One ECN-before-PFC question: can a PG of `pg_class` cross its PFC trigger while the egress
/// queue it feeds is below `ecn_min_bytes`?
struct EcnPfcQuestion {
  std::size_t pg_class = 0;
  int priority = 0;         ///< PFC priority / TC of the PG
  int queue = 0;            ///< egress queue of that TC
  std::string egress_port;  ///< the egress port whose queue marks latest
  std::string wred_profile;
  std::uint64_t ecn_min_bytes = 0;
  SourceRef ecn_min_src;
};

/// The answer, in model terms.
struct EcnPfcAnswer {
  bool violated = false;  ///< SAT: a reachable state fires PFC before ECN
  /// Only when violated: some reachable state has the queue at the ECN minimum while the PG is
  /// still below its PFC trigger. False means ECN can never mark before PFC fires (off in effect).
  bool ecn_can_mark_first = true;
  // Witness (SAT): shared bytes per PG of every class, free pool, and the PG under test.
  std::vector<double> class_shared_bytes;
  double free_bytes = 0;
  double pg_total_bytes = 0;  ///< guaranteed + shared of the PG under test = its egress queue
  double trigger_bytes = 0;   ///< the PG's PFC trigger in that state
  /// UNSAT: the named assertions that conflict (e.g. "pfc-fires", "below-ecn-min", "pool").
  std::vector<std::string> core;
  /// Z3 gave no answer within the solver time limit: the question is neither proved nor refuted
  /// (violated is false, and means nothing). `unknown_reason` says why in Z3's or our words.
  bool unknown = false;
  std::string unknown_reason;
  /// Violated, but whether a state lets ECN mark first was not decided in time: graded as if it
  /// could (the milder warning), and said so.
  bool grade_unknown = false;
};

/// The buffer problem of one switch's ingress lossless pool.
struct SwitchBufferProblem {
  std::string switch_name;
  std::string pool;
  std::uint64_t pool_bytes = 0;
  SourceRef pool_src;
  std::vector<PgClass> classes;
  std::vector<EcnPfcQuestion> questions;
  std::string skipped;  ///< why the switch has no problem (no pool size, no lossless PG...)
};

/// Builds the problem from the model (no solving).
SwitchBufferProblem buildBufferProblem(const Switch& sw, const RuleParams& params);

/// Timing and cache figures of one fabric run.
struct SolverStats {
  int switches = 0;
  int problems = 0;                                           ///< questions asked
  int solver_calls = 0;                                       ///< questions that reached Z3 (cache misses)
  int unanswered = 0;                                         ///< questions without an answer (time limit)
  double total_ms = 0;                                        ///< wall time of the whole run
  std::vector<std::pair<std::string, double>> per_switch_ms;  ///< solver time per switch
};

/// Every switch's problem and its answers (answers[i] belongs to problem.questions[i]).
struct SwitchBufferResult {
  SwitchBufferProblem problem;
  std::vector<EcnPfcAnswer> answers;
};

/// Solves every switch, in parallel, answering identical questions once (cache keyed by the
/// problem's numbers, not names).
std::vector<SwitchBufferResult> solveEcnBeforePfc(const Fabric& fabric, const RuleParams& params,
                                                  SolverStats* stats = nullptr);

/// Why the ECN-before-PFC verdict is partial, if it is: how many questions were left unanswered
/// at the solver time limit (the run exits 2). Empty when every question was answered.
std::string solverStopped(const std::vector<SwitchBufferResult>& results, const RuleParams& params);

/// Answers one question (one Z3 call); `timeout_ms` bounds it (0: none).
EcnPfcAnswer solveQuestion(const SwitchBufferProblem& problem, const EcnPfcQuestion& question, unsigned timeout_ms = 0);

// ---- minimal-change repair (rocelint fix) --------------------------------------------------

/// An integer config field the repair may change (or an auxiliary quantity it may choose).
struct RepairVar {
  std::string name;  ///< e.g. "leaf1 BUFFER_PROFILE pg_lossless_100000_5m_profile xoff"
  std::int64_t original = 0;
  std::int64_t min = 0;
  std::int64_t max = INT64_MAX / 4;
  bool auxiliary = false;  ///< not a config field: free, not counted as a change
};

/// sum(coef x var) <op> rhs, with a name that explains it in model terms.
struct RepairConstraint {
  enum class Op : std::uint8_t { AtLeast, AtMost, Equal };
  std::string name;
  std::vector<std::pair<std::size_t, std::int64_t>> terms;  ///< (var index, coefficient)
  Op op = Op::AtLeast;
  std::int64_t rhs = 0;
};

struct RepairSolution {
  bool solved = false;
  std::vector<std::int64_t> values;  ///< per var
  std::vector<std::string> core;     ///< unsolvable: names of conflicting constraints
};

/// Fewest changed fields first, then the smallest total deviation (Z3's optimiser, lexicographic).
RepairSolution solveMinimalRepair(const std::vector<RepairVar>& vars, const std::vector<RepairConstraint>& constraints);

}  // namespace rocelint
