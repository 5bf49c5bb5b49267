#pragma once
// How each configuration format words what rules report: the fix actions (rocelint/fix_action.hpp)
// and the terms of messages. One wording per format, next to its parser (parsers/wording/); the
// engine asks for the wording of a finding's switch. A wording visits FixAction with one overload
// per alternative, so a new action that a format does not word is a compile error, and its term()
// switches over every Term (-Wswitch under -Werror).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_wording)
#error "layer rule: this library may not include rocelint/wording.hpp (docs/architecture.md#layers)"
#endif

#include <string>
#include <string_view>

#include "rocelint/fix_action.hpp"
#include "rocelint/model.hpp"

namespace rocelint {

/// One configuration format's words for fix actions and message terms.
struct FormatWording {
  FormatWording() = default;
  FormatWording(const FormatWording&) = delete;
  FormatWording& operator=(const FormatWording&) = delete;
  FormatWording(FormatWording&&) = delete;
  FormatWording& operator=(FormatWording&&) = delete;
  virtual ~FormatWording() = default;
  /// The format's name for people: "SONiC", "EOS", "NX-OS", "NVUE", "Junos".
  [[nodiscard]] virtual const char* name() const = 0;
  /// What the format calls `term`; `argument` is the value the term words (see Term).
  [[nodiscard]] virtual std::string term(Term term, std::string_view argument) const = 0;
  /// The change `action` asks for, in the format's statements; `port` is the switch's port the
  /// action names (nullptr when it names none or the switch lacks it).
  [[nodiscard]] virtual std::string fix(const FixAction& action, const Switch& sw, const Port* port) const = 0;
};

/// The wording of format `format`. A switch no parser built (FormatId{}) reads in the model's own
/// vocabulary, which is SONiC config_db's.
const FormatWording& wordingFor(FormatId format);

/// `text` with its term placeholders worded by `wording`.
std::string wordText(std::string_view text, const FormatWording& wording);

}  // namespace rocelint
