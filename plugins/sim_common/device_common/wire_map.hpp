// Device wire ids <-> qubit indices of the state vector.
//
// Wire ids are handed out in increasing order and never reused until reset, so a stale id is
// reported instead of silently naming another qubit. The first allocation on an empty device maps
// its wires so that allocation order equals PennyLane order (first wire = most significant qubit),
// which makes reading the state out a plain copy; later allocations append qubits on top.
#pragma once

#include <qrt/sdk/device.hpp>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace qrt::sv {

class WireMap {
 public:
  using Wire = qrt::sdk::Wire;

  void clear();
  unsigned num_qubits() const { return static_cast<unsigned>(wire_at_qubit_.size()); }

  // New wires on qubits num_qubits().. num_qubits()+count-1 (reversed when the map was empty).
  std::vector<Wire> allocate(std::size_t count);
  // The qubit of an allocated wire; invalid_argument naming `operation` otherwise.
  unsigned qubit(Wire wire, std::string_view operation) const;
  // Forgets `wire`, which must be on the top qubit (num_qubits()-1).
  void remove_top(Wire wire);
  // Exchanges the wires on two qubits (after the simulator swapped those qubits).
  void swap_qubits(unsigned a, unsigned b);

  Wire wire_at(unsigned qubit) const { return wire_at_qubit_[qubit]; }
  // Allocated wires in allocation order.
  std::span<const Wire> allocation_order() const { return allocation_order_; }
  // The qubit of each allocated wire, in allocation order (how a read-out orders the state).
  std::vector<unsigned> allocated_qubits() const;
  // The qubits of `wires` in their order (a measurement's register); invalid_argument naming `operation`
  // for a wire not allocated or listed twice. No wires: every allocated wire, in allocation order.
  std::vector<std::size_t> qubits_of(std::span<const Wire> wires, std::string_view operation) const;

 private:
  static constexpr std::int32_t kNoQubit = -1;
  std::vector<std::int32_t> qubit_of_wire_;  // indexed by wire id
  std::vector<Wire> wire_at_qubit_;
  std::vector<Wire> allocation_order_;
};

}  // namespace qrt::sv
