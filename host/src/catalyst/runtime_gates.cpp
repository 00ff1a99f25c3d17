// __catalyst__qis__<Gate>: every gate of Catalyst's runtime C API, in the three forms modules declare:
//   current qjit output   (params..., QUBIT* wires..., const Modifiers*)       e.g. RX(double, ptr, ptr)
//   the 2023 runtime      (params..., QUBIT* wires..., bool adjoint)           e.g. RX(double, ptr, i1)
//   the runtime examples  (QUBIT* wires..., params..., int8_t adjoint)         e.g. RY(ptr, double, i8)
// and the variadic ones (Identity, MultiRZ, GlobalPhase, PCPhase, PauliRot, QubitUnitary, SetState,
// SetBasisState). A module's declarations tell which form it uses (function_table.hpp).
#include "catalyst/apply.hpp"
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"

#include <cstdarg>
#include <utility>

namespace qrt::catalyst {
namespace {

template <std::size_t>
using Double = double;
template <std::size_t>
using Qubit = QubitId;

std::string gate_signature(unsigned params, unsigned wires, bool params_first, std::string_view last) {
  std::string s = "void (";
  auto add = [&](std::string_view t, unsigned n) {
    for (unsigned i = 0; i < n; ++i) s.append(t).append(", ");
  };
  if (params_first) {
    add("double", params);
    add("ptr", wires);
  } else {
    add("ptr", wires);
    add("double", params);
  }
  return s.append(last).append(")");
}

template <Gate G, class P, class W>
struct GateForms;

template <Gate G, std::size_t... P, std::size_t... W>
struct GateForms<G, std::index_sequence<P...>, std::index_sequence<W...>> {
  static void apply(const double* params, const QubitId* qubits, const Modifiers* m) {
    guarded<void>(gate_spec(G).name.data(), [&](Session& s) {
      const std::array<Wire, sizeof...(W)> wires = {static_cast<Wire>(qubits[W])...};
      apply_gate(s, G, {params, sizeof...(P)}, wires, m);
    });
  }
  static void modern(Double<P>... params, Qubit<W>... qubits, const Modifiers* m) {
    const double p[sizeof...(P) + 1] = {params..., 0.0};
    const QubitId q[sizeof...(W)] = {qubits...};
    apply(p, q, m);
  }
  static void runtime_2023(Double<P>... params, Qubit<W>... qubits, bool adjoint) {
    const double p[sizeof...(P) + 1] = {params..., 0.0};
    const QubitId q[sizeof...(W)] = {qubits...};
    const Modifiers m{adjoint, 0, nullptr, nullptr};
    apply(p, q, &m);
  }
  static void examples(Qubit<W>... qubits, Double<P>... params, std::int8_t adjoint) {
    const double p[sizeof...(P) + 1] = {params..., 0.0};
    const QubitId q[sizeof...(W)] = {qubits...};
    const Modifiers m{adjoint != 0, 0, nullptr, nullptr};
    apply(p, q, &m);
  }
};

template <Gate G>
void add_fixed_gate(FunctionTable& t) {
  constexpr unsigned params = gate_spec(G).params, wires = gate_spec(G).wires;
  using Forms = GateForms<G, std::make_index_sequence<params>, std::make_index_sequence<wires>>;
  const std::string name(gate_spec(G).name);
  t.add("__catalyst__qis__" + name, gate_signature(params, wires, true, "ptr"), address_of(&Forms::modern));
  for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"}) {
    t.add(prefix + name, gate_signature(params, wires, true, "i1"), address_of(&Forms::runtime_2023));
    t.add(prefix + name, gate_signature(params, wires, false, "i8"), address_of(&Forms::examples));
  }
}

template <std::size_t... G>
void add_fixed_gates(FunctionTable& t, std::index_sequence<G...>) {
  (add_fixed_gate<static_cast<Gate>(G + 1)>(t), ...);  // PauliX .. Toffoli (Identity is variadic)
}

// The QUBIT* arguments after a count, read from a va_list.
std::vector<Wire> read_wires(va_list& args, std::int64_t count) {
  if (count < 0) throw Error(ErrorCode::InvalidArgument, "a negative number of wires (" + std::to_string(count) + ")");
  std::vector<Wire> wires(static_cast<std::size_t>(count));
  for (auto& w : wires) w = static_cast<Wire>(va_arg(args, QubitId));
  return wires;
}

void identity(const Modifiers* m, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Identity", [&](Session& s) { apply_gate(s, Gate::Identity, {}, read_wires(args, count), m); });
  va_end(args);
}

void multi_rz(double theta, const Modifiers* m, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("MultiRZ", [&](Session& s) { apply_gate(s, Gate::MultiRZ, {&theta, 1}, read_wires(args, count), m); });
  va_end(args);
}

void multi_rz_2023(double theta, bool adjoint, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const Modifiers m{adjoint, 0, nullptr, nullptr};
  guarded<void>("MultiRZ", [&](Session& s) { apply_gate(s, Gate::MultiRZ, {&theta, 1}, read_wires(args, count), &m); });
  va_end(args);
}

void global_phase(double phi, const Modifiers* m) {
  guarded<void>("GlobalPhase", [&](Session& s) { apply_gate(s, Gate::GlobalPhase, {&phi, 1}, {}, m); });
}

void pc_phase(double phi, std::int64_t dim, const Modifiers* m, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("PCPhase", [&](Session& s) { apply_pc_phase(s, phi, dim, read_wires(args, count), m); });
  va_end(args);
}

void pauli_rot(const char* word, double theta, const Modifiers* m, bool condition, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("PauliRot", [&](Session& s) {
    if (!word) throw Error(ErrorCode::InvalidArgument, "NULL Pauli word");
    const std::vector<Wire> wires = read_wires(args, count);
    if (condition) apply_pauli_rotation(s, word, theta, wires, m);
  });
  va_end(args);
}

void unitary(Session& s, const Descriptor<2>* matrix, const Modifiers* m, std::vector<Wire> wires) {
  if (!matrix) throw Error(ErrorCode::InvalidArgument, "NULL matrix");
  const std::size_t dim = std::size_t{1} << std::min<std::size_t>(wires.size(), 30);
  const auto view = MemrefView<std::complex<double>, 2>(*matrix, "the QubitUnitary matrix");
  if (view.size(0) != dim || view.size(1) != dim)
    throw Error(ErrorCode::InvalidArgument, "QubitUnitary on " + std::to_string(wires.size()) + " wires needs a " +
                                                std::to_string(dim) + "x" + std::to_string(dim) + " matrix, got " +
                                                std::to_string(view.size(0)) + "x" + std::to_string(view.size(1)));
  apply_matrix(s, "QubitUnitary", view.to_vector(), wires, m);
}

void qubit_unitary(const Descriptor<2>* matrix, const Modifiers* m, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("QubitUnitary", [&](Session& s) { unitary(s, matrix, m, read_wires(args, count)); });
  va_end(args);
}

void qubit_unitary_2023(const Descriptor<2>* matrix, bool adjoint, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const Modifiers m{adjoint, 0, nullptr, nullptr};
  guarded<void>("QubitUnitary", [&](Session& s) { unitary(s, matrix, &m, read_wires(args, count)); });
  va_end(args);
}

void set_state(const Descriptor<1>* state, std::uint64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("SetState", [&](Session& s) {
    if (!state) throw Error(ErrorCode::InvalidArgument, "NULL state");
    const std::vector<Wire> wires = read_wires(args, static_cast<std::int64_t>(count));
    prepare_state(s, MemrefView<std::complex<double>, 1>(*state, "the state").to_vector(), wires);
  });
  va_end(args);
}

void set_basis_state(const Descriptor<1>* bits, std::uint64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("SetBasisState", [&](Session& s) {
    if (!bits) throw Error(ErrorCode::InvalidArgument, "NULL basis state");
    const std::vector<Wire> wires = read_wires(args, static_cast<std::int64_t>(count));
    const auto values = MemrefView<std::int8_t, 1>(*bits, "the basis state").to_vector();
    std::vector<std::uint8_t> b(values.begin(), values.end());
    prepare_basis_state(s, b, wires);
  });
  va_end(args);
}

}  // namespace

void add_gate_functions(FunctionTable& t) {
  add_fixed_gates(t, std::make_index_sequence<static_cast<std::size_t>(Gate::Toffoli)>());
  t.add("__catalyst__qis__Identity", "void (ptr, i64, ...)", address_of(&identity));
  t.add("__catalyst__qis__MultiRZ", "void (double, ptr, i64, ...)", address_of(&multi_rz));
  for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"}) {
    t.add(std::string(prefix) + "MultiRZ", "void (double, i1, i64, ...)", address_of(&multi_rz_2023));
    t.add(std::string(prefix) + "QubitUnitary", "void (ptr, i1, i64, ...)", address_of(&qubit_unitary_2023));
  }
  t.add("__catalyst__qis__GlobalPhase", "void (double, ptr)", address_of(&global_phase));
  t.add("__catalyst__qis__PCPhase", "void (double, i64, ptr, i64, ...)", address_of(&pc_phase));
  t.add("__catalyst__qis__PauliRot", "void (ptr, double, ptr, i1, i64, ...)", address_of(&pauli_rot));
  t.add("__catalyst__qis__QubitUnitary", "void (ptr, ptr, i64, ...)", address_of(&qubit_unitary));
  t.add("__catalyst__qis__SetState", "void (ptr, i64, ...)", address_of(&set_state));
  t.add("__catalyst__qis__SetBasisState", "void (ptr, i64, ...)", address_of(&set_basis_state));
}

}  // namespace qrt::catalyst
