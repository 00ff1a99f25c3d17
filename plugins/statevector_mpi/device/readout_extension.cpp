// The extension qrt.distributed_readout/1 (qrt/extensions/distributed_readout.h): C entry points over
// MpiStatevectorDevice's read-out (device/readout.cpp); the SDK's guard turns exceptions into errors.
#include "device/mpi_device.hpp"

#include <qrt/extensions/distributed_readout.h>
#include <qrt/sdk/adapter.hpp>

#include <algorithm>
#include <string>

namespace qrt::mpi {

namespace {

using qrt::sdk::detail::guarded;
using qrt::sdk::detail::wire_span;

MpiStatevectorDevice& mpi_device(qrt_device* device) {
  // get_extension hands this table out for statevector.mpi only, so every instance is one of ours.
  return static_cast<MpiStatevectorDevice&>(qrt::sdk::detail::as_device(device));
}

MpiStatevectorDevice::TableSink table_sink(qrt_table_sink sink, void* context) {
  if (!sink) return {};
  return [sink, context](std::uint64_t first, const double* values, std::size_t count) {
    return static_cast<int>(sink(context, first, values, count));
  };
}

qrt_error* probs_to_rank0(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_table_sink sink,
                          void* context) {
  return guarded([&] { mpi_device(device).probs_to_rank0(wire_span(wires, num_wires), table_sink(sink, context)); });
}

qrt_error* state_to_rank0(qrt_device* device, const qrt_wire* wires, size_t num_wires, qrt_table_sink sink,
                          void* context) {
  return guarded([&] { mpi_device(device).state_to_rank0(wire_span(wires, num_wires), table_sink(sink, context)); });
}

qrt_error* top_outcomes(qrt_device* device, const qrt_wire* wires, size_t num_wires, uint64_t k, double threshold,
                        qrt_top_outcomes* out) {
  return guarded([&] {
    MpiStatevectorDevice& d = mpi_device(device);
    std::string problem;
    if (d.rank() == 0) {
      if (!out || out->struct_size < sizeof(size_t) || !QRT_STRUCT_HAS_FIELD(out, qrt_top_outcomes, kept_probability))
        problem = "top_outcomes: the output struct on rank 0 is NULL or too small";
      else if (!out->entries)
        problem = "top_outcomes: the output's entries on rank 0 are NULL (room for k entries needed)";
    }
    d.agree(problem, QRT_ERROR_INVALID_ARGUMENT);
    const MpiStatevectorDevice::TopOutcomes top = d.top_outcomes(wire_span(wires, num_wires), k, threshold);
    if (d.rank() != 0) return;
    for (std::size_t i = 0; i < top.entries.size(); ++i)
      out->entries[i] = {top.entries[i].outcome, top.entries[i].probability};
    out->count = top.entries.size();
    out->above_threshold = top.above_threshold;
    out->total_probability = top.total_probability;
    out->kept_probability = top.kept_probability;
  });
}

const qrt_distributed_readout_extension kDistributedReadout{sizeof(qrt_distributed_readout_extension), &probs_to_rank0,
                                                            &top_outcomes, &state_to_rank0};

}  // namespace

const void* MpiStatevectorDevice::extension(std::string_view id) noexcept {
  return id == QRT_EXTENSION_DISTRIBUTED_READOUT ? &kDistributedReadout : nullptr;
}

}  // namespace qrt::mpi
