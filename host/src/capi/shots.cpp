// Driving compiled programs (capi/program_driver.hpp): the thread's device, sink, failure hook and
// shot boundaries.
#include "capi/guarded.hpp"
#include "capi/program_driver.hpp"
#include "capi/program_random.hpp"

namespace qrt::capi {

void set_output_sink(OutputSink* sink) noexcept { context::this_thread().sink = sink; }

void set_failure_hook(FailureHook hook, void* context) noexcept {
  auto& ctx = context::this_thread();
  ctx.failure_hook = hook;
  ctx.failure_context = context;
}

void set_progress(ExecutionProgress* progress) noexcept { context::this_thread().progress = progress; }

void open_device(std::string_view config, const RuntimeOptions& options) {
  context::ensure_initialized(options);
  std::uint64_t generation = 0;
  auto runtime = context::current_runtime(&generation);
  Device device = runtime->open(config);
  auto& ctx = context::this_thread();
  ctx.drop_device();
  ctx.adopt_device(std::move(device), generation);
}

void release_device() noexcept { context::this_thread().drop_device(); }

DeviceLoan::DeviceLoan(Device& device, std::uint64_t generation) {
  auto& ctx = context::this_thread();
  ctx.drop_device();
  ctx.adopt_device(std::move(device), generation);
  ctx.lender = &device;
}

DeviceLoan::~DeviceLoan() { context::this_thread().drop_device(); }

void begin_shot(std::size_t required_qubits, std::size_t required_results, std::uint64_t seed) {
  context::ThreadContext& ctx = active();
  ctx.objects.clear();
  ctx.qubits.release_all(ctx.device);
  ctx.qubits.reset(ctx.device.type().capabilities().max_qubits);
  ctx.results.assign(required_results, 2);
  ctx.device.set_seed(seed);
  seed_program_random(seed);
  ctx.driven = true;
  ctx.qubits.reserve_static(ctx.device, required_qubits);
}

void end_shot() noexcept {
  context::ThreadContext& ctx = context::this_thread();
  flush_open_containers();
  ctx.objects.clear();
  if (ctx.device) ctx.qubits.release_all(ctx.device);
  ctx.qubits.forget_all();
  ctx.results.clear();
  ctx.driven = false;
}

}  // namespace qrt::capi
