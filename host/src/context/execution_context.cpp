#include "context/execution_context.hpp"

#include <atomic>
#include <mutex>
#include <utility>

namespace qrt::context {
namespace {

std::mutex g_mutex;                          // guards g_runtime
std::shared_ptr<Runtime> g_runtime;          // null outside initialize..finalize
std::atomic<std::uint64_t> g_generation{0};  // odd while initialized; bumped by initialize and finalize

}  // namespace

void ThreadContext::adopt_device(Device new_device, std::uint64_t new_generation) {
  for (std::size_t g = 0; g < gate_ids.size(); ++g) gate_ids[g] = new_device.gate_id(kQisGateNames[g]);
  device = std::move(new_device);
  generation = new_generation;
  qubits.reset(device.type().capabilities().max_qubits);
}

void ThreadContext::clear_program_state() noexcept {
  qubits.forget_all();
  objects.clear();
  results.clear();
}

void ThreadContext::drop_device() noexcept {
  clear_program_state();
  if (lender) *std::exchange(lender, nullptr) = std::move(device);
  else device.release();
  gate_ids = {};
  generation = 0;
}

ThreadContext& this_thread() {
  thread_local ThreadContext context;
  return context;
}

void initialize() {
  std::lock_guard lock(g_mutex);
  if (g_runtime) throw Error(ErrorCode::State, "__quantum__rt__initialize: the runtime is already initialized");
  g_runtime = std::make_shared<Runtime>();
  g_generation.fetch_add(1, std::memory_order_release);
}

void ensure_initialized(const RuntimeOptions& options) {
  std::lock_guard lock(g_mutex);
  if (g_runtime) return;
  g_runtime = std::make_shared<Runtime>(options);
  g_generation.fetch_add(1, std::memory_order_release);
}

void finalize() {
  std::shared_ptr<Runtime> doomed;
  {
    std::lock_guard lock(g_mutex);
    if (!g_runtime) throw Error(ErrorCode::State, "__quantum__rt__finalize: the runtime is not initialized");
    g_runtime->finalize();
    doomed = std::move(g_runtime);
    g_generation.fetch_add(1, std::memory_order_release);
  }
  this_thread().drop_device();
}

bool is_initialized() {
  std::lock_guard lock(g_mutex);
  return g_runtime != nullptr;
}

std::shared_ptr<Runtime> current_runtime(std::uint64_t* generation) {
  std::lock_guard lock(g_mutex);
  if (!g_runtime)
    throw Error(ErrorCode::State, "the runtime is not initialized (call __quantum__rt__initialize first)");
  *generation = g_generation.load(std::memory_order_relaxed);
  return g_runtime;
}

bool is_current(std::uint64_t generation) noexcept {
  return generation == kLentGeneration ||
         (generation != 0 && generation == g_generation.load(std::memory_order_acquire));
}

}  // namespace qrt::context
