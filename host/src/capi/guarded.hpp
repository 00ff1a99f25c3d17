// How every runtime C entry point runs its body: any exception becomes the documented error path (the
// thread's failure hook when a driver set one, else the process-wide handler), and the helpers the
// bodies share to reach the thread's device, qubits and results.
#pragma once

#include "context/execution_context.hpp"

#include <qrt/runtime.h>

#include <cstdint>
#include <string>

namespace qrt::capi {

// Records "<function>: <message>" as the thread's last error. Never throws.
void record_failure(const char* function, const char* message) noexcept;
// Reports the thread's last error: calls the failure hook (which does not return) or the error handler
// (the default one exits). Called outside any catch block, with no live objects in the caller's frame.
void raise_failure() noexcept;

template <class R, class Body>
R guarded(const char* function, R fallback, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    record_failure(function, e.what());
  } catch (...) {
    record_failure(function, "unknown error");
  }
  raise_failure();
  return fallback;
}

template <class Body>
void guarded(const char* function, Body&& body) noexcept {
  guarded(function, 0, [&] {
    body();
    return 0;
  });
}

// One gate or measurement of a driven program: counted for the driver's progress display, and the point
// where a requested stop ends the program (the StoppedError takes the failure path, as any error does).
inline void count_operation(context::ThreadContext& ctx) {
  if (ExecutionProgress* progress = ctx.progress) {
    if (progress->stop_requested()) [[unlikely]]
      throw StoppedError("stopped after " + std::to_string(progress->done()) + " operations (a stop was requested)",
                         progress->done());
    progress->count_operation();
  }
}

// The calling thread's context with a live device, or Error(State).
context::ThreadContext& active();

inline std::uint64_t qubit_id(QUBIT* q) noexcept { return reinterpret_cast<std::uintptr_t>(q); }
inline QUBIT* qubit_handle(std::uint64_t id) noexcept {
  return reinterpret_cast<QUBIT*>(static_cast<std::uintptr_t>(id));
}
// The device wire of a qubit of the active device (binding a static id on first use).
Wire wire_of(context::ThreadContext& ctx, QUBIT* q);

// Results: a static slot (a small integer) or one of the two runtime results.
RESULT* result_zero() noexcept;
RESULT* result_one() noexcept;
bool is_runtime_result(RESULT* r) noexcept;
std::size_t static_slot(RESULT* r);
void write_result(context::ThreadContext& ctx, RESULT* r, int outcome);
bool read_result(context::ThreadContext& ctx, RESULT* r);

std::string text_of(const char* s);

}  // namespace qrt::capi
