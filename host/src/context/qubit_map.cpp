#include "context/qubit_map.hpp"

#include <qrt/device_type.hpp>
#include <qrt/error.hpp>

#include <string>

namespace qrt::context {

void QubitMap::reset(std::uint64_t max_qubits) noexcept {
  wires_.clear();
  max_qubits_ = max_qubits;
  static_floor_ = 0;
  bound_ = 0;
}

void QubitMap::check_id(Device& device, std::uint64_t id) const {
  if (max_qubits_ != 0 && id >= max_qubits_)
    throw Error(ErrorCode::OutOfRange, "qubit id " + std::to_string(id) + " is beyond " + device.name() +
                                           "'s limit of " + std::to_string(max_qubits_) + " qubits");
}

void QubitMap::reserve_static(Device& device, std::uint64_t count) {
  if (count > 0) check_id(device, count - 1);
  static_floor_ = count;
  for (std::uint64_t id = 0; id < count; ++id) wire(device, id);
}

Wire QubitMap::wire(Device& device, std::uint64_t id) {
  if (id < wires_.size() && wires_[id]) return *wires_[id];
  check_id(device, id);
  Wire w = device.allocate(1).at(0);
  if (id >= wires_.size()) wires_.resize(id + 1);
  wires_[id] = w;
  ++bound_;
  return w;
}

std::uint64_t QubitMap::allocate(Device& device) {
  std::uint64_t id = static_floor_;
  while (id < wires_.size() && wires_[id]) ++id;
  wire(device, id);
  return id;
}

void QubitMap::release(Device& device, std::uint64_t id) {
  if (id >= wires_.size() || !wires_[id])
    throw Error(ErrorCode::InvalidArgument, "qubit " + std::to_string(id) + " is not allocated");
  Wire w = *wires_[id];
  device.release_qubits({&w, 1});
  wires_[id].reset();
  --bound_;
}

void QubitMap::release_all(Device& device) noexcept {
  std::vector<Wire> live;
  for (const auto& w : wires_)
    if (w) live.push_back(*w);
  try {
    if (!live.empty() && device) device.release_qubits(live);
  } catch (...) {
    // The device is being reset or dropped right after; a release error changes nothing.
  }
  forget_all();
}

void QubitMap::forget_all() noexcept {
  wires_.clear();
  static_floor_ = 0;
  bound_ = 0;
}

}  // namespace qrt::context
