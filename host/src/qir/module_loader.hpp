// Reading an LLVM module: IR text or bitcode (chosen by content), then the verifier. Text from an LLVM
// newer than 19 has its newer constructs rewritten first (ir_upgrade.hpp); bitcode from a newer LLVM is
// refused, naming the LLVM that wrote it.
#pragma once

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <filesystem>
#include <memory>
#include <string>

namespace qrt::qir {

// The file's bytes; throws ProgramError naming the file when it cannot be read.
std::string read_module_file(const std::filesystem::path& file);

// `bytes`: IR text or bitcode; `file` names it in messages. Throws ProgramError with LLVM's file:line:col
// and a caret excerpt for malformed text (naming the construct at the caret), LLVM's message for bad
// bitcode, a clear refusal for bitcode written by an LLVM newer than 19, and the verifier's report for an
// invalid module. The module does not refer to `bytes` once returned.
std::unique_ptr<llvm::Module> load_module(const std::string& bytes, const std::filesystem::path& file,
                                          llvm::LLVMContext& context);

// "LLVM21.1.0" -> 21; 0 when the producer string is not LLVM's (or absent).
unsigned llvm_major_of_producer(std::string_view producer) noexcept;

}  // namespace qrt::qir
