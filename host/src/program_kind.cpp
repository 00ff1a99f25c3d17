#include <qrt/program_kind.hpp>

#include <array>
#include <fstream>
#include <iterator>
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
  static constexpr std::array<std::string_view, 8> kIr = {
      "; ModuleID", "source_filename", "target ", "define ", "declare ", "%", "@", "attributes #"};
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

// Catalyst's runtime named anywhere in the module (text, or bitcode's string table): its functions, MLIR's
// memref allocation that qjit output calls, or the 2023 runtime's gates (__quantum__qis__ followed by a
// capital: QIR's own gates are lower case, __quantum__qis__h__body).
bool names_catalyst_runtime(std::string_view text) {
  if (text.find("__catalyst__") != std::string_view::npos ||
      text.find("_mlir_memref_to_llvm_") != std::string_view::npos)
    return true;
  constexpr std::string_view kQis = "__quantum__qis__";
  for (std::size_t at = text.find(kQis); at != std::string_view::npos; at = text.find(kQis, at + 1)) {
    const std::size_t next = at + kQis.size();
    if (next < text.size() && text[next] >= 'A' && text[next] <= 'Z') return true;
  }
  return false;
}

}  // namespace

ProgramKind program_kind(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string text(std::size_t{64} * 1024, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (is_bitcode(text) || is_llvm_ir_text(text)) text.append(std::istreambuf_iterator<char>(in), {});
  return program_kind_of_text(text);
}

ProgramKind program_kind_of_text(std::string_view text) {
  if (!is_bitcode(text) && !is_llvm_ir_text(text)) return ProgramKind::OpenQasm;
  return names_catalyst_runtime(text) ? ProgramKind::Catalyst : ProgramKind::Qir;
}

}  // namespace qrt
