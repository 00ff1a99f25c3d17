// Compiling a verified, bound module with ORC's LLJIT: the runtime functions are defined as absolute
// symbols, a few C library functions are resolved from the process, nothing else is visible to JIT code.
#pragma once

#include "qir/function_binding.hpp"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/CodeGen.h>

#include <memory>
#include <string>
#include <vector>

namespace qrt::qir {

class JitSession {
 public:
  // Takes the module (and its context) and prepares it for compilation with the code generator at `level`.
  // Throws ProgramError.
  JitSession(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module,
             const std::vector<Binding>& bindings, llvm::CodeGenOptLevel level = llvm::CodeGenOptLevel::Default);
  // The address of a function the module defines, compiled on first lookup. Throws ProgramError.
  void* lookup(const std::string& name);

  using EntryFunction = void (*)();

 private:
  std::unique_ptr<llvm::orc::LLJIT> jit_;
};

}  // namespace qrt::qir
