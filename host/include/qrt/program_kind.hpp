// Which front end a program needs, decided by its content (not its file name): LLVM bitcode (magic
// 'BC' 0xC0DE, or the bitcode wrapper), or LLVM IR text, is QIR; everything else goes to the OpenQASM
// parser (which reports what is wrong with it). Shared by the CLI and the Python package.
#pragma once

#include <filesystem>
#include <string_view>

namespace qrt {

enum class ProgramKind { OpenQasm, Qir };
// Reads the first 64 KiB of `file` (an unreadable file counts as OpenQASM: its parser reports why).
ProgramKind program_kind(const std::filesystem::path& file);
// The same decision for the start of a program's text.
ProgramKind program_kind_of_text(std::string_view head);

}  // namespace qrt
