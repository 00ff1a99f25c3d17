#include "qir/llvm_errors.hpp"

#include <llvm/IR/DiagnosticHandler.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/raw_ostream.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

namespace qrt::qir {
namespace {

struct Trap {
  std::jmp_buf jump{};
  char reason[1024] = {};  // filled without allocating: the bad-alloc handler may run out of memory
};

thread_local Trap* t_trap = nullptr;

[[noreturn]] void jump_back(Trap& trap, const char* reason) {
  std::strncpy(trap.reason, reason ? reason : "(no reason given)", sizeof trap.reason - 1);
  std::longjmp(trap.jump, 1);
}

void write_stderr(const char* prefix, const char* reason) {
  // As LLVM's own default: write(2) directly, nothing that may allocate or report errors itself.
  auto put = [](const char* s) { (void)!::write(2, s, std::strlen(s)); };
  put(prefix);
  put(reason ? reason : "");
  put("\n");
}

// A thread inside run_with_llvm_errors_trapped jumps back there. Any other use of LLVM in the process
// (none of qrt's) keeps LLVM's behaviour: the message, then exit(1) or abort() once this returns.
void on_fatal_error(void*, const char* reason, bool) {
  if (Trap* trap = t_trap) jump_back(*trap, reason);
  write_stderr("LLVM ERROR: ", reason);
}

void on_bad_alloc(void*, const char* reason, bool) {
  if (Trap* trap = t_trap) jump_back(*trap, reason ? reason : "out of memory");
  write_stderr("LLVM ERROR: out of memory: ", reason);
  std::abort();  // this handler must not return
}

void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::install_fatal_error_handler(&on_fatal_error, nullptr);
    llvm::install_bad_alloc_error_handler(&on_bad_alloc, nullptr);
  });
}

// setjmp's frame holds nothing with a destructor; a jump skips only `work`'s frames.
[[gnu::noinline]] bool call_trapped(llvm::function_ref<void()> work, Trap& trap) {
  if (setjmp(trap.jump) != 0) return false;
  work();
  return true;
}

class CollectingHandler final : public llvm::DiagnosticHandler {
 public:
  explicit CollectingHandler(std::shared_ptr<std::vector<std::string>> errors) : errors_(std::move(errors)) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
    if (info.getSeverity() != llvm::DS_Error) return false;
    std::string text;
    llvm::raw_string_ostream out(text);
    llvm::DiagnosticPrinterRawOStream printer(out);
    info.print(printer);
    out.flush();
    errors_->push_back(std::move(text));
    return true;
  }

 private:
  std::shared_ptr<std::vector<std::string>> errors_;
};

// What a jump abandons is leaked on purpose (see the header), so LeakSanitizer must not report the
// trapped work's allocations; without a jump they are freed as usual when the Program goes.
class LeakReportsPaused {
 public:
#if defined(__SANITIZE_ADDRESS__)
  LeakReportsPaused() { __lsan_disable(); }
  ~LeakReportsPaused() { __lsan_enable(); }
#else
  LeakReportsPaused() = default;
#endif
  LeakReportsPaused(const LeakReportsPaused&) = delete;
  LeakReportsPaused& operator=(const LeakReportsPaused&) = delete;
};

}  // namespace

bool run_with_llvm_errors_trapped(llvm::function_ref<void()> work, std::string& reason) {
  install_handlers();
  auto trap = std::make_unique<Trap>();
  Trap* outer = t_trap;
  t_trap = trap.get();
  [[maybe_unused]] const LeakReportsPaused leaks_paused;  // in this frame, which a jump returns to
  bool finished = false;
  try {
    finished = call_trapped(work, *trap);
  } catch (...) {
    t_trap = outer;
    throw;
  }
  t_trap = outer;
  if (!finished) reason = trap->reason;
  return finished;
}

std::string compile_failure(const std::filesystem::path& file, const std::string& reason) {
  return file.string() + ": error: LLVM cannot compile the module: " + reason;
}

std::string DiagnosticCollector::joined() const {
  std::string text;
  for (std::size_t i = 0; i < errors_->size(); ++i) text.append(i ? "; " : "").append((*errors_)[i]);
  return text;
}

void DiagnosticCollector::attach(llvm::LLVMContext& context) {
  context.setDiagnosticHandler(std::make_unique<CollectingHandler>(errors_));
}

}  // namespace qrt::qir
