#include "rocelint/fix_action.hpp"

namespace rocelint {
namespace {

// A placeholder is kStart, the term's code, optionally kArgument and the argument, then kEnd.
// ASCII separators do not occur in configuration names or numbers, so plain text passes through.
constexpr char kStart = '\x1e';
constexpr char kArgument = '\x1d';
constexpr char kEnd = '\x1f';
constexpr char kFirstCode = ' ';

}  // namespace

Term mapTerm(MapKind kind) {
  switch (kind) {
    case MapKind::DscpToTc:
      return Term::DscpToTcMap;
    case MapKind::Dot1pToTc:
      return Term::Dot1pToTcMap;
    case MapKind::TcToPg:
      return Term::TcToPgMap;
    case MapKind::TcToQueue:
      return Term::TcToQueueMap;
    case MapKind::PfcToQueue:
      return Term::PfcToQueueMap;
    case MapKind::PfcToPg:
      return Term::PfcToPgMap;
    case MapKind::TcToDscp:
      return Term::TcToDscpMap;
  }
  return Term::DscpToTcMap;
}

std::string placeholder(Term term, std::string_view argument) {
  std::string out;
  out += kStart;
  out += static_cast<char>(kFirstCode + static_cast<int>(term));
  if (!argument.empty()) {
    out += kArgument;
    out += argument;
  }
  out += kEnd;
  return out;
}

std::string replacePlaceholders(std::string_view text, const std::function<std::string(Term, std::string_view)>& word) {
  std::string out;
  std::size_t pos = 0;
  for (std::size_t at = text.find(kStart); at != std::string_view::npos; at = text.find(kStart, pos)) {
    out.append(text.substr(pos, at - pos));
    std::size_t end = text.find(kEnd, at);
    int code = at + 1 < text.size() ? text[at + 1] - kFirstCode : -1;
    bool well_formed = end != std::string_view::npos && (end == at + 2 || (end > at + 2 && text[at + 2] == kArgument));
    if (!well_formed || code < 0 || code >= static_cast<int>(kTermCount)) {
      out += text[at];  // not a placeholder: keep the byte
      pos = at + 1;
      continue;
    }
    std::string_view argument;
    if (end > at + 2) argument = text.substr(at + 3, end - at - 3);
    out += word(static_cast<Term>(code), argument);
    pos = end + 1;
  }
  out.append(text.substr(pos));
  return out;
}

std::string actionPort(const FixAction& action) {
  return std::visit(
      [](const auto& a) -> std::string {
        if constexpr (requires { a.port; }) {
          return a.port;
        } else {
          return {};
        }
      },
      action);
}

}  // namespace rocelint
