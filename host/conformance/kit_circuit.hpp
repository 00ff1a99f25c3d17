// Circuits the kit builds from the device's own declared gates (those it has a reference for): applied
// to the device through the ABI and to the kit's reference simulator alike. Used to prepare random
// input states, to mix phases into probabilities, and as workloads for the concurrency checks.
#pragma once

#include "conformance/check_context.hpp"
#include "conformance/reference.hpp"

#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace qrt::conformance {

// One gate application, on register positions (position p is the p-th allocated wire).
struct KitOp {
  std::uint32_t gate_id = 0;
  const ReferenceGate* gate = nullptr;
  std::vector<double> params;
  std::vector<std::size_t> positions;
  std::vector<std::size_t> controls;         // extra control positions
  std::vector<std::uint8_t> control_values;  // empty: all 1 (sent as NULL)
  bool adjoint = false;

  Matrix matrix() const;  // the gate's reference matrix (adjoint applied), without the extra controls
  // e.g. "CRX(0.5) adjoint on wires [2, 0], controls [1] = 0"
  std::string describe(std::span<const qrt_wire> wires) const;
};

void apply(NativeInstance& instance, std::span<const qrt_wire> wires, const KitOp& op);
void apply(NativeInstance& instance, std::span<const qrt_wire> wires, std::span<const KitOp> ops);
std::vector<Complex> apply(std::span<const Complex> state, std::size_t num_qubits, const KitOp& op);
std::vector<Complex> apply(std::span<const Complex> state, std::size_t num_qubits, std::span<const KitOp> ops);
std::vector<Complex> zero_state(std::size_t num_qubits);

// A random angle in [-2π, 2π]: wide enough to tell θ from θ/2 and from θ mod 2π conventions.
double random_angle(std::mt19937_64& rng);
// `quarter_turns`: multiples of pi/2 only, for a gate the device takes at those angles alone.
std::vector<double> random_angles(std::size_t count, std::mt19937_64& rng, bool quarter_turns = false);

class CircuitMaker {
 public:
  explicit CircuitMaker(const CheckContext& context);

  // Whether random states can be made: a declared gate that creates superpositions.
  bool can_mix() const { return mixer_.has_value(); }
  // The gates used for random states, e.g. "RY, RZ, CNOT".
  std::string describe() const;

  // Layers of (mixer, phase) on every position and an entangling chain: a generic random state when
  // the device has the gates; PauliX on random positions (a random basis state) when it has only that.
  std::vector<KitOp> random_state(std::size_t num_qubits, std::mt19937_64& rng) const;
  // `length` random declared gates with references on random positions (for the concurrency checks).
  std::vector<KitOp> random_workload(std::size_t num_qubits, std::size_t length, std::mt19937_64& rng) const;
  // A declared gate by name on `positions`, or nullopt when the device does not declare it.
  std::optional<KitOp> op(std::string_view name, std::vector<double> params, std::vector<std::size_t> positions) const;

 private:
  struct Choice {
    std::uint32_t id;
    const ReferenceGate* gate;
  };
  std::optional<Choice> first_declared(std::initializer_list<std::string_view> names) const;
  KitOp make(const Choice& choice, std::vector<std::size_t> positions, std::mt19937_64& rng) const;

  const CheckContext& context_;
  std::optional<Choice> mixer_, phaser_, entangler_, flipper_;
  std::vector<Choice> all_;  // every declared gate with a reference
};

}  // namespace qrt::conformance
