#include <qrt/distributed_readout.hpp>

#include "loader/plugin_error.hpp"

#include <qrt/extensions/distributed_readout.h>

#include <exception>

namespace qrt {

namespace {

// The C sink over a C++ callback: an exception stops the delivery and is kept for the caller.
template <class Callback>
struct SinkContext {
  const Callback& callback;
  std::exception_ptr failure;

  static int32_t call(void* context, uint64_t first, const double* values, size_t count) {
    auto& self = *static_cast<SinkContext*>(context);
    try {
      self.callback(first, values, count);
      return QRT_OK;
    } catch (...) {
      self.failure = std::current_exception();
      return QRT_ERROR_INTERNAL;
    }
  }
};

template <class Callback>
void run_streamed(Device& device, const char* operation, const Callback& callback,
                  qrt_error* (*function)(qrt_device*, const qrt_wire*, size_t, qrt_table_sink, void*),
                  std::span<const Wire> wires) {
  SinkContext<Callback> context{callback, nullptr};
  qrt_error* error =
      function(device.native_handle(), wires.data(), wires.size(), &SinkContext<Callback>::call, &context);
  if (context.failure) {  // rank 0's own failure: the device's error only says that the sink stopped
    if (error) error->destroy(error);
    std::rethrow_exception(context.failure);
  }
  loader::check(error, device.name(), operation);
}

}  // namespace

std::optional<DistributedReadout> DistributedReadout::of(Device& device) {
  const auto* found =
      static_cast<const qrt_distributed_readout_extension*>(device.extension(QRT_EXTENSION_DISTRIBUTED_READOUT));
  if (!found || !QRT_HAS_FUNCTION(found, qrt_distributed_readout_extension, state_to_rank0) || !found->probs_to_rank0 ||
      !found->top_outcomes)
    return std::nullopt;
  return DistributedReadout(device, *found);
}

void DistributedReadout::probabilities(std::span<const Wire> wires, const ProbabilitySink& sink) const {
  auto callback = [&](uint64_t first, const double* values, size_t count) { sink(first, {values, count}); };
  run_streamed(*device_, "probs_to_rank0", callback, functions_->probs_to_rank0, wires);
}

void DistributedReadout::state(std::span<const Wire> wires, const AmplitudeSink& sink) const {
  auto callback = [&](uint64_t first, const double* values, size_t count) {
    sink(first, {reinterpret_cast<const std::complex<double>*>(values), count});
  };
  run_streamed(*device_, "state_to_rank0", callback, functions_->state_to_rank0, wires);
}

DistributedReadout::Top DistributedReadout::top(std::span<const Wire> wires, std::uint64_t k, double threshold) const {
  std::vector<qrt_outcome_probability> entries(static_cast<std::size_t>(k));
  qrt_top_outcomes out{sizeof(qrt_top_outcomes), entries.data(), 0, 0, 0.0, 0.0};
  loader::check(functions_->top_outcomes(device_->native_handle(), wires.data(), wires.size(), k, threshold, &out),
                device_->name(), "top_outcomes");
  Top top;
  top.entries.reserve(out.count);
  for (std::size_t i = 0; i < out.count; ++i) top.entries.emplace_back(entries[i].outcome, entries[i].probability);
  top.above_threshold = out.above_threshold;
  top.total_probability = out.total_probability;
  top.kept_probability = out.kept_probability;
  return top;
}

}  // namespace qrt
