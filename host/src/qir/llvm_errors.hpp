// Keeping LLVM's fatal errors from ending the process. LLVM reports a few failures (deep in code
// generation, out of memory) by calling its fatal-error handler and then calling abort() or exit(1);
// an LLVMContext reports an error diagnostic by printing it and calling exit(1) unless it has a
// handler. qrt refuses up front what is known to end that way (module_screen.hpp), and for the rest
// installs handlers that turn such a failure into a ProgramError of the load that caused it.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/LLVMContext.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace qrt::qir {

// Runs `work` (all of a load's calls into LLVM) on the calling thread. When LLVM reports a fatal error
// or runs out of memory meanwhile, control jumps back here (longjmp: a fatal error handler must not
// return, and LLVM is built without exceptions) and this returns false with LLVM's reason in `reason`;
// otherwise it returns true. After a jump, whatever `work` had built is deliberately leaked, never
// destroyed: its state is unknown (a half-compiled JIT, locks of its own held). C++ exceptions thrown by
// `work` pass through unchanged.
bool run_with_llvm_errors_trapped(llvm::function_ref<void()> work, std::string& reason);

// "FILE: error: LLVM cannot compile the module: REASON", the message of a load that LLVM failed (a fatal
// error's reason, or DiagnosticCollector::joined()).
std::string compile_failure(const std::filesystem::path& file, const std::string& reason);

// An LLVMContext's error diagnostics (inline assembly LLVM cannot assemble, a code generator's errors),
// collected instead of ending the process; warnings and remarks keep LLVM's default printing.
class DiagnosticCollector {
 public:
  // Installs the collector as `context`'s diagnostic handler; the collector must outlive the context's use.
  void attach(llvm::LLVMContext& context);
  const std::vector<std::string>& errors() const { return *errors_; }
  // The errors joined with "; " (empty when there are none).
  std::string joined() const;

 private:
  std::shared_ptr<std::vector<std::string>> errors_ = std::make_shared<std::vector<std::string>>();
};

}  // namespace qrt::qir
