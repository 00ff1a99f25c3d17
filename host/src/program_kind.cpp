#include <qrt/program_kind.hpp>

#include <array>
#include <fstream>
#include <string>
#include <string_view>

namespace qrt {
namespace {

bool is_bitcode(std::string_view head) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
  if (head.size() < 4) return false;
  bool raw = byte(0) == 'B' && byte(1) == 'C' && byte(2) == 0xC0 && byte(3) == 0xDE;
  bool wrapper = byte(0) == 0xDE && byte(1) == 0xC0 && byte(2) == 0x17 && byte(3) == 0x0B;
  return raw || wrapper;
}

// LLVM IR text: a line (after leading blanks) that starts like a module-level IR construct, before any
// line that starts like OpenQASM.
bool is_llvm_ir_text(std::string_view text) {
  static constexpr std::array<std::string_view, 8> kIr = {"; ModuleID", "source_filename", "target ", "define ",
                                                           "declare ", "%", "@", "attributes #"};
  static constexpr std::array<std::string_view, 4> kQasm = {"OPENQASM", "include ", "qreg ", "gate "};
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    std::string_view line = text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? text.size() : end + 1;
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    line.remove_prefix(first);
    for (auto q : kQasm)
      if (line.starts_with(q)) return false;
    for (auto ir : kIr)
      if (line.starts_with(ir)) return true;
  }
  return false;
}

}  // namespace

ProgramKind program_kind(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return program_kind_of_text(head);
}

ProgramKind program_kind_of_text(std::string_view head) {
  return is_bitcode(head) || is_llvm_ir_text(head) ? ProgramKind::Qir : ProgramKind::OpenQasm;
}

}  // namespace qrt
