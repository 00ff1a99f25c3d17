// GateOps: the QubitOps one gate lowers to (at most two, applied in order), plus the transformations
// every gate supports: adjoint and extra controls.
#pragma once

#include "kernels/qubit_op.hpp"

#include <new>

namespace qrt::sv {

class GateOps {
 public:
  GateOps() {}  // slots are constructed only when used: a gate call costs no zeroing of unused ops

  // Constructs the next op from make()'s result in place (guaranteed copy elision: no copy).
  template <class Make>
  void emplace(Make make) {
    ::new (static_cast<void*>(&slots_[count_])) QubitOp(make());
    ++count_;
  }
  void add(const QubitOp& op) {
    emplace([&] { return op; });
  }

  unsigned size() const { return count_; }
  QubitOp& operator[](unsigned i) { return slots_[i]; }
  const QubitOp& operator[](unsigned i) const { return slots_[i]; }
  QubitOp* begin() { return slots_; }
  QubitOp* end() { return slots_ + count_; }
  const QubitOp* begin() const { return slots_; }
  const QubitOp* end() const { return slots_ + count_; }

 private:
  static constexpr unsigned kCapacity = 2;
  union {
    QubitOp slots_[kCapacity];  // QubitOp is trivially destructible
  };
  unsigned count_ = 0;
};

// The adjoint of one op (conjugate transpose of its matrix). A Dense op must hold its matrix inline.
void adjoint_in_place(QubitOp& op);
// The adjoint of a sequence: reversed, each op adjointed.
void adjoint_in_place(GateOps& ops);
// Adds controls (qubits in `mask` must equal `values`) to every op.
void add_controls(GateOps& ops, QubitMask mask, QubitMask values);

}  // namespace qrt::sv
