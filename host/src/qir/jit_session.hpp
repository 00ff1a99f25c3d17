// Compiling a verified, bound module with ORC's LLJIT: the runtime functions are defined as absolute
// symbols, a few C library functions are resolved from the process, nothing else is visible to JIT code.
#pragma once

#include "qir/function_binding.hpp"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

namespace qrt::qir {

class JitSession {
 public:
  // Takes the module (and its context), compiles it and resolves `entry`. Throws ProgramError.
  JitSession(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module,
             const std::vector<Binding>& bindings, const std::string& entry);
  using EntryFunction = void (*)();
  EntryFunction entry() const noexcept { return entry_; }

 private:
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  EntryFunction entry_ = nullptr;
};

}  // namespace qrt::qir
