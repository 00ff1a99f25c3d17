// Reading a QIR module: LLVM IR text or bitcode (chosen by content), then the verifier.
#pragma once

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <filesystem>
#include <memory>

namespace qrt::qir {

// Throws ProgramError with LLVM's file:line:col and a caret excerpt for malformed text, LLVM's message
// for bad bitcode, and the verifier's report for an invalid module.
std::unique_ptr<llvm::Module> load_module(const std::filesystem::path& file, llvm::LLVMContext& context);

}  // namespace qrt::qir
