#include "device_common/wire_map.hpp"

#include <qrt/sdk/error.hpp>

#include <algorithm>
#include <string>

namespace qrt::sv {

void WireMap::clear() {
  qubit_of_wire_.clear();
  wire_at_qubit_.clear();
  allocation_order_.clear();
}

std::vector<WireMap::Wire> WireMap::allocate(std::size_t count) {
  const std::size_t first_qubit = wire_at_qubit_.size();
  const bool fresh = first_qubit == 0;
  std::vector<Wire> wires(count);
  wire_at_qubit_.resize(first_qubit + count);
  for (std::size_t j = 0; j < count; ++j) {
    wires[j] = qubit_of_wire_.size();
    const std::size_t qubit = fresh ? count - 1 - j : first_qubit + j;
    qubit_of_wire_.push_back(static_cast<std::int32_t>(qubit));
    wire_at_qubit_[qubit] = wires[j];
    allocation_order_.push_back(wires[j]);
  }
  return wires;
}

unsigned WireMap::qubit(Wire wire, std::string_view operation) const {
  if (wire >= qubit_of_wire_.size() || qubit_of_wire_[wire] == kNoQubit)
    qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(wire) +
                                     (wire >= qubit_of_wire_.size() ? " was never allocated" : " has been released"));
  return static_cast<unsigned>(qubit_of_wire_[wire]);
}

void WireMap::remove_top(Wire wire) {
  qubit_of_wire_[wire] = kNoQubit;
  wire_at_qubit_.pop_back();
  allocation_order_.erase(std::find(allocation_order_.begin(), allocation_order_.end(), wire));
}

std::vector<unsigned> WireMap::allocated_qubits() const {
  std::vector<unsigned> qubits;
  qubits.reserve(allocation_order_.size());
  for (Wire w : allocation_order_) qubits.push_back(static_cast<unsigned>(qubit_of_wire_[w]));
  return qubits;
}

std::vector<std::size_t> WireMap::qubits_of(std::span<const Wire> wires, std::string_view operation) const {
  if (wires.empty()) {
    const std::vector<unsigned> all = allocated_qubits();
    return {all.begin(), all.end()};
  }
  std::vector<std::size_t> qubits;
  std::uint64_t seen = 0;  // bit q: qubit q listed (max_qubits <= 40)
  for (Wire w : wires) {
    const unsigned q = qubit(w, operation);
    if ((seen >> q) & 1u)
      qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(w) + " is listed twice");
    seen |= std::uint64_t{1} << q;
    qubits.push_back(q);
  }
  return qubits;
}

void WireMap::swap_qubits(unsigned a, unsigned b) {
  std::swap(wire_at_qubit_[a], wire_at_qubit_[b]);
  qubit_of_wire_[wire_at_qubit_[a]] = static_cast<std::int32_t>(a);
  qubit_of_wire_[wire_at_qubit_[b]] = static_cast<std::int32_t>(b);
}

}  // namespace qrt::sv
