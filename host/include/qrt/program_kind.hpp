// Which front end a program needs, decided by its content (not its file name): LLVM bitcode (magic
// 'BC' 0xC0DE, or the bitcode wrapper), or LLVM IR text, is QIR, unless it names Catalyst's runtime
// (__catalyst__*, MLIR's _mlir_memref_to_llvm_*, or the 2023 runtime's capitalised __quantum__qis__
// gates such as __quantum__qis__Hadamard): then it is a Catalyst module. Everything else goes to the
// OpenQASM parser (which reports what is wrong with it). Shared by the CLI and the Python package.
#pragma once

#include <filesystem>
#include <string_view>

namespace qrt {

enum class ProgramKind { OpenQasm, Qir, Catalyst };
// Reads the first 64 KiB of `file`, and all of an LLVM module (an unreadable file counts as OpenQASM:
// its parser reports why).
ProgramKind program_kind(const std::filesystem::path& file);
// The same decision for a program's text (all of it, for an LLVM module).
ProgramKind program_kind_of_text(std::string_view text);

}  // namespace qrt
