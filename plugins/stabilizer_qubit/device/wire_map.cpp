#include "device/wire_map.hpp"

#include <qrt/sdk/error.hpp>

#include <algorithm>
#include <string>

namespace qrt::stab {

void WireMap::clear() { *this = WireMap(); }  // frees the storage too: a reset device is a fresh one

std::vector<WireMap::Wire> WireMap::allocate(std::size_t count) {
  std::vector<Wire> wires(count);
  for (Wire& w : wires) {
    w = column_of_wire_.size();
    column_of_wire_.push_back(static_cast<std::int64_t>(wire_at_column_.size()));
    wire_at_column_.push_back(w);
    allocation_order_.push_back(w);
  }
  return wires;
}

std::size_t WireMap::column(Wire wire, std::string_view operation) const {
  if (wire >= column_of_wire_.size() || column_of_wire_[wire] == kNotAllocated)
    qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(wire) + " is not allocated");
  return static_cast<std::size_t>(column_of_wire_[wire]);
}

std::vector<std::size_t> WireMap::columns(std::span<const Wire> wires, std::string_view operation) const {
  if (wires.empty()) wires = allocation_order_;
  std::vector<std::size_t> result;
  result.reserve(wires.size());
  std::vector<bool> seen(size(), false);
  for (Wire wire : wires) {
    const std::size_t c = column(wire, operation);
    if (seen[c])
      qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(wire) + " appears twice");
    seen[c] = true;
    result.push_back(c);
  }
  return result;
}

void WireMap::remove(Wire wire) {
  const std::size_t c = column(wire, "release");
  const Wire moved = wire_at_column_.back();
  wire_at_column_[c] = moved;
  column_of_wire_[moved] = static_cast<std::int64_t>(c);
  wire_at_column_.pop_back();
  column_of_wire_[wire] = kNotAllocated;
  allocation_order_.erase(std::find(allocation_order_.begin(), allocation_order_.end(), wire));
}

std::size_t WireMap::memory_bytes() const {
  return column_of_wire_.capacity() * sizeof(std::int64_t) +
         (wire_at_column_.capacity() + allocation_order_.capacity()) * sizeof(Wire);
}

}  // namespace qrt::stab
