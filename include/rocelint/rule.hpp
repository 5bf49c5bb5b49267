#pragma once
// The rule registry: every rule has an id, a default severity, a title and a check function.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_rules)
#error "layer rule: this library may not include rocelint/rule.hpp (docs/architecture.md#layers)"
#endif

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rocelint/finding.hpp"
#include "rocelint/model.hpp"
#include "rocelint/params.hpp"

namespace rocelint {

struct DeadlockAnalysis;
struct SwitchBufferResult;

/// What a rule's check receives.
struct RuleContext {
  const Fabric& fabric;
  const RuleParams& params;
  /// The deadlock analysis, computed on first use and shared by the DL rules.
  std::function<const DeadlockAnalysis&()> deadlock = {};
  /// The ECN-before-PFC proofs of every switch (Z3), computed on first use and shared by ECN004
  /// and ECN005.
  std::function<const std::vector<SwitchBufferResult>&()> buffer_proofs = {};
  /// For rules run after suppressions (Rule::after_suppressions): per Fabric::inline_suppressions
  /// entry, how many findings it accepted.
  const std::vector<int>* inline_suppression_uses = nullptr;
};

/// Collects the findings of one rule, stamping id and severity.
class FindingSink {
 public:
  FindingSink(std::string rule_id, Severity severity, std::vector<Finding>& out)
      : rule_id_(std::move(rule_id)), severity_(severity), out_(out) {}
  /// Adds a finding; rule and severity are filled in.
  Finding& add(Finding finding);
  /// Adds a finding at the rule's severity, lowered to `at_most` (a graded rule's milder case).
  Finding& addAtMost(Finding finding, Severity at_most);

 private:
  std::string rule_id_;
  Severity severity_;
  std::vector<Finding>& out_;
};

/// One rule: metadata plus the check.
struct Rule {
  std::string id;
  Severity severity;
  std::string title;
  std::function<void(const RuleContext&, FindingSink&)> check;
  /// Runs once every other rule's findings went through the suppressions (it judges them).
  bool after_suppressions = false;

  [[nodiscard]] std::string family() const;
};

/// Every rule, sorted by id. Built once.
const std::vector<Rule>& allRules();
const Rule* findRule(const std::string& id);

/// Documentation page of a rule (docs/rules/<ID>.md, embedded at build time).
std::optional<std::string> ruleDocumentation(const std::string& id);

/// The rule's short PascalCase name (SARIF `name`, `rules --format json`): the "**Name:** `X`" of
/// its page's severity line; "" when the page gives none.
std::string ruleShortName(const std::string& id);

/// The first paragraph under a "## <heading>" of a rule's page, joined into one line; "" when
/// the page or section does not exist.
std::string ruleDocParagraph(const std::string& id, const std::string& heading);

/// A rule family's name for people ("PFC" -> "priority flow control"); the id when unknown.
std::string familyDescription(const std::string& family);

}  // namespace rocelint
