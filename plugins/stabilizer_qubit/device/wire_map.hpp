// Device wire ids <-> tableau columns.
//
// Wire ids are handed out in increasing order and never reused until reset, so a stale id is
// reported instead of silently naming another qubit. Columns follow the tableau: removing a qubit
// moves the last column into the freed one (Tableau::remove_qubit), and remove() mirrors that.
#pragma once

#include <qrt/sdk/device.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace qrt::stab {

class WireMap {
 public:
  using Wire = qrt::sdk::Wire;

  void clear();
  std::size_t size() const { return wire_at_column_.size(); }

  // `count` new wires on columns size()..size()+count-1.
  std::vector<Wire> allocate(std::size_t count);
  // The column of an allocated wire; InvalidArgument naming `operation` otherwise.
  std::size_t column(Wire wire, std::string_view operation) const;
  // Columns of distinct allocated wires (InvalidArgument on a repeat); empty `wires` means every
  // allocated wire in allocation order.
  std::vector<std::size_t> columns(std::span<const Wire> wires, std::string_view operation) const;
  // Forgets `wire`; the wire on the last column moves to its column.
  void remove(Wire wire);

  std::span<const Wire> allocation_order() const { return allocation_order_; }
  std::size_t memory_bytes() const;

 private:
  static constexpr std::int64_t kNotAllocated = -1;
  std::vector<std::int64_t> column_of_wire_;  // indexed by wire id
  std::vector<Wire> wire_at_column_;
  std::vector<Wire> allocation_order_;
};

}  // namespace qrt::stab
