#include "capi/guarded.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace qrt::capi {
namespace {

std::mutex g_handler_mutex;
qrt_error_handler g_handler = nullptr;
void* g_handler_context = nullptr;

// The two runtime results: their addresses are the handles (never confused with a static slot, which is
// a small integer).
constexpr char kResultZero = 0, kResultOne = 1;
constexpr std::uintptr_t kMaxStaticSlots = std::uintptr_t{1} << 24;

}  // namespace

void set_error_handler(qrt_error_handler handler, void* context) {
  std::lock_guard lock(g_handler_mutex);
  g_handler = handler;
  g_handler_context = context;
}

void record_failure(const char* function, const char* message) noexcept {
  context::ThreadContext& ctx = context::this_thread();
  try {
    ctx.last_error = std::string(function) + ": " + message;
  } catch (...) {
    ctx.last_error.clear();
  }
}

void raise_failure() noexcept {
  context::ThreadContext& ctx = context::this_thread();
  const char* text = ctx.last_error.empty() ? "out of memory while reporting an error" : ctx.last_error.c_str();
  if (ctx.failure_hook) ctx.failure_hook(text, ctx.failure_context);  // does not return
  qrt_error_handler handler = nullptr;
  void* handler_context = nullptr;
  {
    std::lock_guard lock(g_handler_mutex);
    handler = g_handler;
    handler_context = g_handler_context;
  }
  if (handler) {
    handler(text, handler_context);
    return;
  }
  std::fprintf(stderr, "qrt: error: %s\n", text);
  std::exit(1);  // QIR's `fail`: the program cannot continue meaningfully
}

context::ThreadContext& active() {
  context::ThreadContext& ctx = context::this_thread();
  if (!ctx.device) throw Error(ErrorCode::State, "no active device on this thread (call __quantum__rt__device_init)");
  if (!context::is_current(ctx.generation)) [[unlikely]] {
    ctx.drop_device();
    throw Error(ErrorCode::State, "the runtime was finalized; this thread's device has been destroyed");
  }
  return ctx;
}

Wire wire_of(context::ThreadContext& ctx, QUBIT* q) { return ctx.qubits.wire(ctx.device, qubit_id(q)); }

RESULT* result_zero() noexcept { return reinterpret_cast<RESULT*>(const_cast<char*>(&kResultZero)); }
RESULT* result_one() noexcept { return reinterpret_cast<RESULT*>(const_cast<char*>(&kResultOne)); }
bool is_runtime_result(RESULT* r) noexcept { return r == result_zero() || r == result_one(); }

std::size_t static_slot(RESULT* r) {
  auto slot = reinterpret_cast<std::uintptr_t>(r);
  if (slot >= kMaxStaticSlots)
    throw Error(ErrorCode::OutOfRange, "result " + std::to_string(slot) +
                                           " is neither a static result slot (below 2^24) "
                                           "nor a result the runtime returned");
  return static_cast<std::size_t>(slot);
}

void write_result(context::ThreadContext& ctx, RESULT* r, int outcome) {
  if (is_runtime_result(r))
    throw Error(ErrorCode::InvalidArgument, "cannot measure into a runtime result (a static result slot is needed)");
  std::size_t slot = static_slot(r);
  if (ctx.results.size() <= slot) ctx.results.resize(slot + 1, 2);
  ctx.results[slot] = static_cast<std::uint8_t>(outcome);
}

bool read_result(context::ThreadContext& ctx, RESULT* r) {
  if (is_runtime_result(r)) return r == result_one();
  std::size_t slot = static_slot(r);
  // A slot never measured into reads as Zero, as qir-runner reads it (programs rely on it).
  return slot < ctx.results.size() && ctx.results[slot] == 1;
}

std::string text_of(const char* s) { return s ? std::string(s) : std::string(); }

}  // namespace qrt::capi
