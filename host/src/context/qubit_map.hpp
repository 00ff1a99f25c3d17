// QIR qubit addressing: a QUBIT* is a qubit id (its pointer value; null is id 0). Base and adaptive
// profile programs name ids statically (`inttoptr (i64 3 to %Qubit*)`); full QIR programs allocate them
// (`__quantum__rt__qubit_allocate`). Both share one id space, mapped here onto the wires the device
// hands out, so a static id is bound to a device wire on first use and a dynamic allocation takes the
// lowest id that is neither bound nor reserved for static use.
#pragma once

#include <qrt/device.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace qrt::context {

class QubitMap {
 public:
  // Forgets every binding (without touching a device) and sets the device's qubit limit.
  void reset(std::uint64_t max_qubits) noexcept;
  // Ids below `count` are for static addressing: dynamic allocation starts above them. Binds them now,
  // so that the device is sized up front.
  void reserve_static(Device& device, std::uint64_t count);
  // The wire of id `id`, binding a static id to a fresh device wire on first use.
  Wire wire(Device& device, std::uint64_t id);
  // A new dynamic id bound to a fresh wire.
  std::uint64_t allocate(Device& device);
  // Releases the id's wire on the device; the id may be handed out again.
  void release(Device& device, std::uint64_t id);
  // Releases every bound wire on the device (ignoring device errors) and forgets all bindings.
  void release_all(Device& device) noexcept;
  void forget_all() noexcept;
  std::uint64_t bound() const noexcept { return bound_; }

 private:
  void check_id(Device& device, std::uint64_t id) const;
  std::vector<std::optional<Wire>> wires_;  // id -> wire
  std::uint64_t max_qubits_ = 0;            // 0: unknown (no limit checked here)
  std::uint64_t static_floor_ = 0;
  std::uint64_t bound_ = 0;
};

}  // namespace qrt::context
