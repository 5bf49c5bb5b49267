#pragma once
// Reporters: turn a Report into text or JSON. They compute nothing.

#include <ostream>

#include "rocelint/engine.hpp"

namespace rocelint {

struct TextOptions {
  bool color = false;
};

/// Compiler-style text: "file:line: severity[ID]: message", then note:/fix: lines, then a summary.
void writeText(const Report& report, std::ostream& out, const TextOptions& options);

/// JSON document {"findings": [...], "summary": {...}} (see docs/output.md).
void writeJson(const Report& report, std::ostream& out);

}  // namespace rocelint
