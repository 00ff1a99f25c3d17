// Pauli rotations (r), exponentials of Pauli products (exp), joint Pauli measurements (measure) and
// assertions on their outcome probabilities. A product P on qubits q1..qk is brought to Z on its last
// non-identity qubit by per-qubit basis changes (X: H; Y: S† then H) and a CNOT ladder computing the
// parity there; the operation then acts on that one qubit, and the basis change is undone.
#include "capi/gate_application.hpp"
#include "capi/runtime_objects_api.hpp"

#include <cmath>
#include <optional>

using qrt::Error;
using qrt::ErrorCode;
using qrt::Wire;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace {

enum Pauli { kI = 0, kX = 1, kZ = 2, kY = 3 };

struct PauliProduct {
  std::vector<QUBIT*> qubits;  // non-identity factors only
  std::vector<int> paulis;
};

PauliProduct product_of(ThreadContext& ctx, QirArray* pauli_handle, QirArray* qubit_handle) {
  QirArray& paulis = array_at(ctx, pauli_handle);
  QirArray& qubits = array_at(ctx, qubit_handle);
  if (paulis.count != qubits.count)
    throw Error(ErrorCode::InvalidArgument,
                std::to_string(paulis.count) + " Paulis for " + std::to_string(qubits.count) + " qubits");
  PauliProduct product;
  for (std::int64_t i = 0; i < paulis.count; ++i) {
    int p = pauli_at(paulis, i);
    if (p == kI) continue;
    product.qubits.push_back(qubit_at(qubits, i));
    product.paulis.push_back(p);
  }
  return product;
}

// Maps the product to Z on its last qubit (forward) or back (inverse).
void change_basis(ThreadContext& ctx, const PauliProduct& product, bool inverse) {
  std::size_t k = product.qubits.size();
  auto basis = [&](std::size_t i) {
    QUBIT* q = product.qubits[i];
    if (product.paulis[i] == kX) apply_gate(ctx, QisGate::H, {}, {q});
    if (product.paulis[i] == kY) {
      if (!inverse) apply_gate(ctx, QisGate::S, {}, {q}, true);
      apply_gate(ctx, QisGate::H, {}, {q});
      if (inverse) apply_gate(ctx, QisGate::S, {}, {q});
    }
  };
  auto ladder = [&](std::size_t i) { apply_gate(ctx, QisGate::CNOT, {}, {product.qubits[i], product.qubits[i + 1]}); };
  if (!inverse) {
    for (std::size_t i = 0; i < k; ++i) basis(i);
    for (std::size_t i = 0; i + 1 < k; ++i) ladder(i);
  } else {
    for (std::size_t i = k - 1; i-- > 0;) ladder(i);
    for (std::size_t i = 0; i < k; ++i) basis(i);
  }
}

// exp(i theta P) under controls.
void exp_product(ThreadContext& ctx, const PauliProduct& product, double theta, std::span<const Wire> controls) {
  if (product.qubits.empty()) {
    apply_controlled_phase(ctx, theta, controls);  // exp(i theta I): a phase, seen only under controls
    return;
  }
  change_basis(ctx, product, false);
  apply_gate(ctx, QisGate::RZ, {-2.0 * theta}, {product.qubits.back()}, false, controls);
  change_basis(ctx, product, true);
}

void exp_entry(const char* function, QirArray* paulis, double theta, QirArray* qubits, bool adjoint) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    exp_product(ctx, product_of(ctx, paulis, qubits), adjoint ? -theta : theta, {});
  });
}

// exp__ctl's tuple is {Array* paulis, double theta, Array* qubits}.
void exp_controlled_entry(const char* function, QirArray* controls, QirTuple* args, bool adjoint) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    if (!args) throw Error(ErrorCode::InvalidArgument, "NULL argument tuple");
    auto wires = control_wires(ctx, controls);
    double theta = tuple_field<double>(args, 8);
    exp_product(ctx, product_of(ctx, tuple_field<QirArray*>(args, 0), tuple_field<QirArray*>(args, 16)),
                adjoint ? -theta : theta, wires);
  });
}

// r(P, theta) = exp(-i theta/2 P) on one qubit.
void rotation(ThreadContext& ctx, int pauli, double theta, QUBIT* q, std::span<const Wire> controls) {
  switch (pauli & 3) {
    case kX: apply_gate(ctx, QisGate::RX, {theta}, {q}, false, controls); break;
    case kY: apply_gate(ctx, QisGate::RY, {theta}, {q}, false, controls); break;
    case kZ: apply_gate(ctx, QisGate::RZ, {theta}, {q}, false, controls); break;
    default: apply_controlled_phase(ctx, -theta / 2, controls); break;
  }
}

// r__ctl's tuple is {i2 pauli, double theta, Qubit* q}.
void rotation_controlled_entry(const char* function, QirArray* controls, QirTuple* args, bool adjoint) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    if (!args) throw Error(ErrorCode::InvalidArgument, "NULL argument tuple");
    auto wires = control_wires(ctx, controls);
    double theta = tuple_field<double>(args, 8);
    rotation(ctx, tuple_field<std::uint8_t>(args, 0), adjoint ? -theta : theta, tuple_field<QUBIT*>(args, 16), wires);
  });
}

}  // namespace

extern "C" {

void __quantum__qis__r__body(QirPauli pauli, double theta, QUBIT* q) {
  guarded(__func__, [&] { rotation(active(), static_cast<std::uint8_t>(pauli), theta, q, {}); });
}
void __quantum__qis__r__adj(QirPauli pauli, double theta, QUBIT* q) {
  guarded(__func__, [&] { rotation(active(), static_cast<std::uint8_t>(pauli), -theta, q, {}); });
}
void __quantum__qis__r__ctl(QirArray* controls, QirTuple* args) {
  rotation_controlled_entry(__func__, controls, args, false);
}
void __quantum__qis__r__ctladj(QirArray* controls, QirTuple* args) {
  rotation_controlled_entry(__func__, controls, args, true);
}

void __quantum__qis__exp__body(QirArray* paulis, double theta, QirArray* qubits) {
  exp_entry(__func__, paulis, theta, qubits, false);
}
void __quantum__qis__exp__adj(QirArray* paulis, double theta, QirArray* qubits) {
  exp_entry(__func__, paulis, theta, qubits, true);
}
void __quantum__qis__exp__ctl(QirArray* controls, QirTuple* args) {
  exp_controlled_entry(__func__, controls, args, false);
}
void __quantum__qis__exp__ctladj(QirArray* controls, QirTuple* args) {
  exp_controlled_entry(__func__, controls, args, true);
}

RESULT* __quantum__qis__measure__body(QirArray* paulis, QirArray* qubits) {
  return guarded(__func__, static_cast<RESULT*>(nullptr), [&] {
    ThreadContext& ctx = active();
    PauliProduct product = product_of(ctx, paulis, qubits);
    if (product.qubits.empty()) return result_zero();  // the identity measures +1 (Zero) with certainty
    change_basis(ctx, product, false);
    int outcome = ctx.device.measure(wire_of(ctx, product.qubits.back()));
    change_basis(ctx, product, true);
    return outcome ? result_one() : result_zero();
  });
}

void __quantum__qis__assertmeasurementprobability__body(QirArray* paulis, QirArray* qubits, RESULT* outcome,
                                                        double probability, QirString* message, double tolerance) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    PauliProduct product = product_of(ctx, paulis, qubits);
    bool want_one = read_result(ctx, outcome);
    double p = want_one ? 0.0 : 1.0;
    if (!product.qubits.empty()) {
      change_basis(ctx, product, false);
      Wire w = wire_of(ctx, product.qubits.back());
      std::vector<double> probs = ctx.device.probs({&w, 1});
      change_basis(ctx, product, true);
      p = probs.at(want_one ? 1 : 0);
    }
    if (std::abs(p - probability) > tolerance) {
      std::string text = message ? string_at(ctx, message).text : std::string("assertion failed");
      throw Error(ErrorCode::FailedPrecondition, text + " (expected probability " + std::to_string(probability) +
                                                     " of " + (want_one ? "One" : "Zero") + ", found " +
                                                     std::to_string(p) + ")");
    }
  });
}

// The assertion inside a controlled operation: an assertion is not an operation on the state, so the
// controls change nothing (as in qir-runner). The tuple: {paulis, qubits, result, double, message, double}.
void __quantum__qis__assertmeasurementprobability__ctl(QirArray*, QirTuple* args) {
  if (!args) {
    guarded(__func__, [] { throw Error(ErrorCode::InvalidArgument, "NULL argument tuple"); });
    return;
  }
  __quantum__qis__assertmeasurementprobability__body(tuple_field<QirArray*>(args, 0), tuple_field<QirArray*>(args, 8),
                                                     tuple_field<RESULT*>(args, 16), tuple_field<double>(args, 24),
                                                     tuple_field<QirString*>(args, 32), tuple_field<double>(args, 40));
}

}  // extern "C"
