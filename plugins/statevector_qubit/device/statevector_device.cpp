#include "device/statevector_device.hpp"

#include "device_common/error_translation.hpp"
#include "device_common/gate_lowering.hpp"
#include "device_common/observable_conversion.hpp"
#include "gates/gate_catalog.hpp"
#include "measure/collapse.hpp"
#include "measure/probabilities.hpp"
#include "measure/sampling.hpp"
#include "observables/expectation.hpp"
#include "observables/sampled_estimates.hpp"
#include "state/permuted_copy.hpp"

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/fresh_seed.hpp>
#include <qrt/sdk/memory_budget.hpp>

#include <cmath>
#include <new>
#include <string>

namespace qrt::sv {

namespace {

// Below these sizes the memory budget is not consulted (reading it costs a few /proc reads).
constexpr std::uint64_t kCheckBytesFrom = std::uint64_t{64} << 20;

void require_memory(std::uint64_t bytes, const std::string& what) {
  if (bytes < kCheckBytesFrom) return;
  if (auto why = qrt::sdk::memory_shortfall(bytes, what)) throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, *why);
}

// Shot-based results draw every shot's outcome first (8 bytes a shot): refuse what cannot fit, up front.
void require_shot_memory(std::uint64_t shots, std::string_view operation) {
  require_memory(qrt::sdk::saturating_product(shots, sizeof(std::uint64_t)),
                 std::string(operation) + ": " + std::to_string(shots) + " shots (8 bytes each for the drawn outcomes)");
}

}  // namespace

qrt::sdk::Capabilities StatevectorDevice::capabilities() {
  qrt::sdk::Capabilities c;
  for (const GateSpec& spec : gate_catalog()) c.gates.emplace_back(spec.name);
  c.observables = {"Identity", "PauliX", "PauliY", "PauliZ", "Hadamard", "Hermitian"};
  c.measurements = {"expval", "var", "probs", "sample", "counts", "state", "measure", "reset"};
  c.max_qubits = 40;
  c.shots = true;
  c.state = true;
  c.mid_circuit_measurement = true;
  c.controlled_gates = true;
  c.adjoint = true;
  return c;
}

StatevectorDevice::StatevectorDevice(const qrt::sdk::Kwargs& kwargs)
    : StatevectorDevice(DeviceOptions::from_kwargs(kwargs)) {}

StatevectorDevice::StatevectorDevice(const DeviceOptions& options)
    : options_(options), fuser_(options.fusion), shots_(options.shots) {
  if (options_.precision == Precision::Single) state_.emplace<BasicStateVector<float>>();
  policy_.simd = options_.simd;
  policy_.threads = options_.threads;
  policy_.parallel_min_qubits = options_.parallel_min_qubits;
  std::visit([&](auto& s) { s.set_threads(options_.threads); }, state_);
  reseed();
}

void StatevectorDevice::reseed() {
  if (options_.seed) rng_.seed(*options_.seed);
  else rng_.seed(qrt::sdk::fresh_seed());
}

void StatevectorDevice::reset() {
  fuser_.clear();
  wires_.clear();
  std::visit([](auto& s) { s.reset(0); }, state_);  // keeps the allocation
  shots_ = options_.shots;
  reseed();
}

std::vector<qrt::sdk::Wire> StatevectorDevice::allocate_qubits(std::size_t count) {
  const std::size_t n = num_qubits();
  if (count > options_.max_qubits - n)
    qrt::sdk::throw_out_of_range("allocate_qubits: " + std::to_string(n) + " allocated + " + std::to_string(count) +
                                 " requested exceeds max_qubits = " + std::to_string(options_.max_qubits));
  if (count == 0) return {};
  const unsigned total = static_cast<unsigned>(n + count);  // <= max_qubits <= 40: no overflow below
  const std::uint64_t state_bytes = std::uint64_t{options_.amplitude_bytes()} << total;
  const std::uint64_t capacity = std::visit([](const auto& s) -> std::uint64_t { return s.capacity_bytes(); }, state_);
  if (state_bytes > capacity)  // checked before allocating, never after
    require_memory(state_bytes, "a state of " + std::to_string(total) + " qubits");
  try {
    std::visit(
        [&](auto& s) {
          if (n == 0) s.reset(static_cast<unsigned>(count));
          else s.add_qubits(static_cast<unsigned>(count));  // queued ops keep their qubit indices
        },
        state_);
  } catch (const std::bad_alloc&) {
    const double gib = std::ldexp(static_cast<double>(options_.amplitude_bytes()), static_cast<int>(n + count)) /
                       (1u << 30);
    throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, "allocate_qubits: a state of " + std::to_string(n + count) +
                                                       " qubits needs " + std::to_string(gib) +
                                                       " GiB, which cannot be allocated");
  }
  return wires_.allocate(count);
}

void StatevectorDevice::release_qubits(std::span<const qrt::sdk::Wire> wires) {
  if (wires.empty()) return;
  qubits_of(wires, "release_qubits");  // validates every wire before anything changes
  flush();
  for (qrt::sdk::Wire wire : wires) {
    const unsigned q = wires_.qubit(wire, "release_qubits");
    const unsigned top = static_cast<unsigned>(num_qubits()) - 1;
    const int outcome = translate_errors([&] {
      return std::visit(
          [&](auto& s) { return qrt::sv::measure(s.data(), s.num_qubits(), q, rng_, std::nullopt, threads()); },
          state_);
    });
    if (q != top) {  // move the measured qubit to the top, where it can be dropped without reordering
      apply(QubitOp::two_level((QubitMask{1} << q) | (QubitMask{1} << top), QubitMask{1} << q, {0.0, 1.0, 1.0, 0.0}));
      wires_.swap_qubits(q, top);
    }
    std::visit([&](auto& s) { s.remove_top_qubit(outcome); }, state_);
    wires_.remove_top(wire);
  }
}

void StatevectorDevice::apply(const QubitOp& op) {
  std::visit([&](auto& s) { apply_op(s.data(), s.num_qubits(), op, policy_, workspace_); }, state_);
}

void StatevectorDevice::push(const QubitOp& op) { fuser_.push(op, static_cast<unsigned>(num_qubits()), *this); }

void StatevectorDevice::flush() { fuser_.flush(*this); }

void StatevectorDevice::apply_gate(const qrt::sdk::GateCall& call) {
  const GateOps ops = lower_gate_call(call, wires_);
  for (const QubitOp& op : ops) push(op);
}

void StatevectorDevice::apply_matrix(const qrt::sdk::MatrixCall& call) {
  push(lower_matrix_call(call, wires_, matrix_storage_));
}

int StatevectorDevice::measure(qrt::sdk::Wire wire, std::optional<int> postselect) {
  const unsigned q = wires_.qubit(wire, "measure");
  flush();
  return translate_errors([&] {
    return std::visit(
        [&](auto& s) { return qrt::sv::measure(s.data(), s.num_qubits(), q, rng_, postselect, threads()); }, state_);
  });
}

void StatevectorDevice::reset_wire(qrt::sdk::Wire wire) {
  const unsigned q = wires_.qubit(wire, "reset_wire");
  flush();
  translate_errors([&] {
    return std::visit([&](auto& s) { return reset_qubit(s.data(), s.num_qubits(), q, rng_, threads()); }, state_);
  });
}

double StatevectorDevice::expval(const qrt::sdk::Observable& observable) {
  const Observable o = to_qubit_observable(observable, wires_, "expval");
  if (shots_ != 0) require_shot_memory(shots_, "expval");
  flush();
  return translate_errors([&] {
    return std::visit(
        [&](const auto& s) {
          if (shots_ == 0) return qrt::sv::expval(s.data(), s.num_qubits(), o, threads());
          return expval_sampled(s.data(), s.num_qubits(), o, shots_, rng_, threads());
        },
        state_);
  });
}

double StatevectorDevice::var(const qrt::sdk::Observable& observable) {
  const Observable o = to_qubit_observable(observable, wires_, "var");
  if (shots_ != 0) require_shot_memory(shots_, "var");
  flush();
  return translate_errors([&] {
    return std::visit(
        [&](const auto& s) {
          if (shots_ == 0) return qrt::sv::var(s.data(), s.num_qubits(), o, threads());
          return var_sampled(s.data(), s.num_qubits(), o, shots_, rng_, threads());
        },
        state_);
  });
}

std::vector<std::size_t> StatevectorDevice::qubits_of(std::span<const qrt::sdk::Wire> wires,
                                                      std::string_view operation) const {
  std::vector<std::size_t> qubits;
  if (wires.empty()) {
    for (qrt::sdk::Wire w : wires_.allocation_order()) qubits.push_back(wires_.qubit(w, operation));
    return qubits;
  }
  QubitMask seen = 0;
  for (qrt::sdk::Wire w : wires) {
    const unsigned q = wires_.qubit(w, operation);
    if ((seen >> q) & 1u)
      qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(w) + " is listed twice");
    seen |= QubitMask{1} << q;
    qubits.push_back(q);
  }
  return qubits;
}

void StatevectorDevice::probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) {
  const std::vector<std::size_t> qubits = qubits_of(wires, "probs");
  flush();
  translate_errors([&] {
    std::visit([&](const auto& s) { qrt::sv::probs(s.data(), s.num_qubits(), qubits, out, threads()); }, state_);
  });
}

void StatevectorDevice::sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) {
  const std::vector<std::size_t> qubits = qubits_of(wires, "sample");
  if (shots_ == 0) qrt::sdk::throw_failed_precondition("sample: needs shots > 0 (set the 'shots' kwarg)");
  require_shot_memory(shots_, "sample");
  flush();
  translate_errors([&] {
    std::visit(
        [&](const auto& s) { qrt::sv::sample(s.data(), s.num_qubits(), qubits, shots_, rng_, out, threads()); },
        state_);
  });
}

void StatevectorDevice::state(std::span<qrt::sdk::Complex> out) {
  if (out.size() != state_size())
    qrt::sdk::throw_invalid_argument("state: the output holds " + std::to_string(out.size()) + " amplitudes, the state " +
                                     std::to_string(state_size()));
  flush();
  std::vector<unsigned> qubit_at;
  for (qrt::sdk::Wire w : wires_.allocation_order()) qubit_at.push_back(wires_.qubit(w, "state"));
  // The C ABI returns complex128: a single-precision state is widened (exactly) on the way out.
  std::visit([&](const auto& s) { copy_permuted(s.data(), qubit_at, out.data(), options_.threads); }, state_);
}

std::uint64_t StatevectorDevice::memory_bytes() const {
  const std::uint64_t state = std::visit([](const auto& s) -> std::uint64_t { return s.capacity_bytes(); }, state_);
  return state + sizeof(*this);
}

}  // namespace qrt::sv
