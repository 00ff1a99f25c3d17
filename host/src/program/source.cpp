#include <qrt/program/source.hpp>

namespace qrt::program {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
  }
}

std::string_view SourceFile::line(std::uint32_t line_number) const noexcept {
  if (line_number == 0 || line_number > line_starts_.size()) return {};
  const std::size_t begin = line_starts_[line_number - 1];
  std::size_t end = line_number < line_starts_.size() ? line_starts_[line_number] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;  // CRLF files
  return std::string_view(text_).substr(begin, end - begin);
}

}  // namespace qrt::program
