#include "common/cli_reader.hpp"

#include <cctype>

namespace rocelint::common {

int countLines(const cli::ConfigLine& line) {
  int n = 1;
  for (const auto& c : line.children) n += countLines(c);
  return n;
}

bool isEthernetPortName(const std::string& name) {
  return name.rfind("Ethernet", 0) == 0 && name.size() > 8 && std::isdigit(static_cast<unsigned char>(name[8])) &&
         name.find('.') == std::string::npos;
}

bool looksLikeAddress(const std::string& word) {
  return !word.empty() && (std::isdigit(static_cast<unsigned char>(word[0])) || word.find(':') != std::string::npos) &&
         word.find_first_not_of("0123456789abcdefABCDEF.:/") == std::string::npos;
}

void CliReader::beginFile(const cli::ConfigText& config) {
  file_ = &config;
  qos_lines_ = 0;
  qos_parsed_ = 0;
  if (!default_src_.known()) default_src_ = SourceRef{config.file, 1, 1, OriginKind::Default, ""};
}

void CliReader::endFile() { coverage_.push_back(ParseCoverage{file_->file.str(), format_, qos_lines_, qos_parsed_}); }

void CliReader::defaultsFrom(const cli::ConfigLine& line) {
  default_src_ = SourceRef{file_->file, line.line, line.column, OriginKind::Default, ""};
}

void CliReader::appendCoverage(std::vector<ParseCoverage>& coverage) const {
  coverage.insert(coverage.end(), coverage_.begin(), coverage_.end());
}

void CliReader::fail(const cli::ConfigLine& line, const std::string& what) const {
  throw InputError(fmt::format("{}:{}:{}: {}: {}", file_->file.str(), line.line, line.column, line.text, what));
}

void CliReader::notUnderstood(const cli::ConfigLine& line, const std::string& context, bool qos,
                              const std::string& why) {
  if (qos) {
    ++qos_lines_;
    notes_.push_back(
        makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                 why.empty() ? fmt::format("{} line not understood by rocelint and ignored: \"{}\"", format_, line.text)
                             : fmt::format("{} line not modelled by rocelint: \"{}\" ({})", format_, line.text, why),
                 src(line, context)));
    notes_.back().group =
        fmt::format("{} {}", format_, line.word(0)) + (line.words.size() > 1 ? " " + line.word(1) : "");
  } else {
    ++out_of_scope_[fmt::format("{} ", format_) + (context.empty() ? "" : context.substr(0, context.find(' ')) + " ") +
                    line.word(0)];
  }
}

void CliReader::blockNotModelled(const cli::ConfigLine& line, const std::string& group, const std::string& why) {
  int n = countLines(line);
  qos_lines_ += n;
  std::string message =
      why.empty()
          ? fmt::format("{} block not modelled by rocelint ({} lines): \"{}\"", format_, n, line.text)
          : fmt::format("{} block not modelled by rocelint ({} lines): \"{}\" ({})", format_, n, line.text, why);
  notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "", std::move(message), src(line, "")));
  notes_.back().group = fmt::format("{} {}", format_, group);
}

void CliReader::invalid(const std::string& port, const std::string& message, const SourceRef& where,
                        const std::string& fix) {
  notes_.push_back(makeNote(InputNote::Kind::InvalidValue, sw_.name, port, message, where));
  notes_.back().fix = fix;
}

void CliReader::undefined(const std::string& port, const std::string& kind, const std::string& name,
                          const std::string& message, const SourceRef& where, const std::string& fix) {
  notes_.push_back(makeUndefinedReference(sw_.name, port, kind, name, message, where, fix));
}

}  // namespace rocelint::common
