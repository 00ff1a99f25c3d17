#include "qir/shot_runner.hpp"

#include "capi/program_driver.hpp"

#include <csetjmp>

namespace qrt::qir {
namespace {

class CollectingSink final : public capi::OutputSink {
 public:
  explicit CollectingSink(std::vector<OutputEvent>& events) : events_(events) {}
  void record(capi::RecordKind kind, std::string_view value, std::string_view label) override {
    events_.push_back({static_cast<EventKind>(kind), std::string(value), std::string(label), label.data() != nullptr});
  }
  void message(std::string_view text) override {
    events_.push_back({EventKind::Message, std::string(text), {}, false});
  }

 private:
  std::vector<OutputEvent>& events_;
};

struct FailureTrap {
  std::jmp_buf jump{};
  const char* message = nullptr;  // valid until the thread's next runtime call
};

[[noreturn]] void jump_back(const char* message, void* context) {
  auto* trap = static_cast<FailureTrap*>(context);
  trap->message = message;
  std::longjmp(trap->jump, 1);
}

// Kept apart so that nothing with a destructor lives in the frame that calls setjmp.
[[gnu::noinline]] bool call_trapped(EntryFunction entry, FailureTrap& trap) {
  if (setjmp(trap.jump) != 0) return false;
  entry();
  return true;
}

// Restores the thread's sink and hook however the shot ends.
struct DriverScope {
  DriverScope(capi::OutputSink* sink, FailureTrap* trap) {
    capi::set_output_sink(sink);
    capi::set_failure_hook(&jump_back, trap);
  }
  ~DriverScope() {
    capi::end_shot();
    capi::set_output_sink(nullptr);
    capi::set_failure_hook(nullptr, nullptr);
  }
};

}  // namespace

ShotOutput run_entry_once(EntryFunction entry, std::uint64_t required_qubits, std::uint64_t required_results,
                          std::uint64_t seed, exec::SeedUse device_seed) {
  ShotOutput out;
  CollectingSink sink(out.events);
  FailureTrap trap;
  DriverScope scope(&sink, &trap);
  try {
    capi::begin_shot(required_qubits, required_results, seed, device_seed);
  } catch (const std::exception& e) {
    out.failed = true;
    out.error = e.what();
    return out;
  }
  if (!call_trapped(entry, trap)) {
    out.failed = true;
    out.error = trap.message ? trap.message : "the program failed";
  }
  return out;
}

}  // namespace qrt::qir
