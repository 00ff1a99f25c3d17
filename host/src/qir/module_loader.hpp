// Reading a QIR module: LLVM IR text or bitcode (chosen by content), then the verifier.
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
// and a caret excerpt for malformed text, LLVM's message for bad bitcode, and the verifier's report for
// an invalid module. The module does not refer to `bytes` once returned.
std::unique_ptr<llvm::Module> load_module(const std::string& bytes, const std::filesystem::path& file,
                                          llvm::LLVMContext& context);

}  // namespace qrt::qir
