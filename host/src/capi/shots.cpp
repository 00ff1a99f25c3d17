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

DeviceLoan::DeviceLoan(Device& device) {
  auto& ctx = context::this_thread();
  ctx.drop_device();
  Device* const lender = &device;  // emptied by the move; drop_device moves the device back into it
  ctx.adopt_device(std::move(device), context::kLentGeneration);
  ctx.lender = lender;
}

DeviceLoan::~DeviceLoan() { context::this_thread().drop_device(); }

void refuse_device_init(const char* reason) noexcept { context::this_thread().device_init_refusal = reason; }

void begin_shot(std::size_t required_qubits, std::size_t required_results, std::uint64_t seed,
                exec::SeedUse device_seed) {
  context::ThreadContext& ctx = active();
  ctx.objects.clear();
  ctx.qubits.release_all(ctx.device);
  ctx.qubits.reset(ctx.device.type().capabilities().max_qubits);
  ctx.results.assign(required_results, 2);
  exec::seed_device(ctx.device, seed, device_seed);
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
