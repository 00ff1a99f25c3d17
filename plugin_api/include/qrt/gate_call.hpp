// For C++ callers of the device ABI (hosts, test kits): a qrt_gate_call over spans. The call points into
// the spans' storage, which must outlive it; an empty control_values means "all controls on |1>" (NULL).
#pragma once

#include <qrt/device_api.h>

#include <cstdint>
#include <span>

namespace qrt {

inline qrt_gate_call gate_call(std::uint32_t gate_id, std::span<const double> params, std::span<const qrt_wire> wires,
                               std::span<const qrt_wire> controls = {},
                               std::span<const std::uint8_t> control_values = {}, bool adjoint = false) {
  return qrt_gate_call{sizeof(qrt_gate_call), gate_id,         adjoint ? 1u : 0u,
                       params.data(),         params.size(),   wires.data(),
                       wires.size(),          controls.data(), control_values.empty() ? nullptr : control_values.data(),
                       controls.size()};
}

}  // namespace qrt
