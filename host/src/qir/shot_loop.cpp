#include "qir/shot_loop.hpp"

#include "capi/program_driver.hpp"

namespace qrt::qir {

StoppedError stopped_error(std::uint64_t shot, std::uint64_t shots, std::uint64_t operations) {
  return StoppedError("stopped in shot " + std::to_string(shot + 1) + " of " + std::to_string(shots) + " after " +
                          std::to_string(operations) + " operations (a stop was requested); there is no result",
                      operations);
}

void run_shots(const ShotLoop& loop, Device& device, ExecutionProgress* progress,
               const std::function<void(std::uint64_t, ShotOutput&&)>& on_shot) {
  struct Watch {
    explicit Watch(ExecutionProgress* p) { capi::set_progress(p); }
    ~Watch() { capi::set_progress(nullptr); }
  } watch(progress);
  if (progress) progress->begin(0);
  std::uint64_t k = 0;
  for (; k < loop.shots; ++k) {
    if (progress) {
      if (progress->stop_requested()) throw stopped_error(k, loop.shots, progress->done());
      progress->set_shots(k, loop.shots);
    }
    if (k > 0) device.reset();
    ShotOutput shot;
    {
      capi::DeviceLoan loan(device);
      shot = run_entry_once(loop.entry, loop.required_qubits, loop.required_results, shot_seed(loop.base_seed, k),
                            loop.device_seed);
    }
    const bool failed = shot.failed;
    if (failed && progress && progress->stop_requested()) throw stopped_error(k, loop.shots, progress->done());
    on_shot(k, std::move(shot));
    if (failed && loop.stop_on_failure) {
      ++k;
      break;
    }
  }
  if (progress) progress->set_shots(k, loop.shots);
}

}  // namespace qrt::qir
