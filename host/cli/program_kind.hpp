// Which front end a program file needs, decided by its content (not its extension): LLVM bitcode
// (magic 'BC' 0xC0DE, or the bitcode wrapper), or LLVM IR text, is QIR; everything else goes to the
// OpenQASM parser (which reports what is wrong with it).
#pragma once

#include <filesystem>

namespace qrt::cli {

enum class ProgramKind { OpenQasm, Qir };
ProgramKind program_kind(const std::filesystem::path& file);

}  // namespace qrt::cli
