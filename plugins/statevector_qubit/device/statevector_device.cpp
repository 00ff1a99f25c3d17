#include "device/statevector_device.hpp"

#include "adjoint/adjoint_sweep.hpp"
#include "adjoint/backward_lowering.hpp"
#include "observables/compiled_term.hpp"

#include "device_common/error_translation.hpp"
#include "device_common/gate_lowering.hpp"
#include "device_common/memory_check.hpp"
#include "device_common/observable_conversion.hpp"
#include "measure/collapse.hpp"
#include "measure/probabilities.hpp"
#include "measure/sampling.hpp"
#include "observables/expectation.hpp"
#include "observables/sampled_estimates.hpp"
#include "state/permuted_copy.hpp"

#include <qrt/sdk/error.hpp>

#include <cmath>
#include <new>
#include <string>

namespace qrt::sv {

StatevectorDevice::StatevectorDevice(const qrt::sdk::Kwargs& kwargs)
    : StatevectorDevice(DeviceOptions::from_kwargs(kwargs)) {}

StatevectorDevice::StatevectorDevice(const DeviceOptions& options)
    : StatevectorShell(options),
      state_(make_by_precision<BasicStateVector>(options.precision)),
      adjoint_work_(make_by_precision<AdjointWorkVectors>(options.precision)) {
  std::visit([&](auto& s) { s.set_threads(options_.threads); }, state_);
  reseed();
}

void StatevectorDevice::reseed() { rng_.seed(seed_from_options()); }

void StatevectorDevice::reset() {
  reset_shell();
  std::visit([](auto& s) { s.reset(0); }, state_);  // keeps the allocation
  zero_state_ = true;
  reseed();
}

std::vector<qrt::sdk::Wire> StatevectorDevice::allocate_qubits(std::size_t count) {
  const std::size_t n = num_qubits();
  check_allocation(n, count);
  if (count == 0) return {};
  const unsigned total = static_cast<unsigned>(n + count);  // <= max_qubits <= 40: no overflow below
  const std::uint64_t state_bytes = std::uint64_t{options_.amplitude_bytes()} << total;
  const std::uint64_t capacity = std::visit([](const auto& s) -> std::uint64_t { return s.capacity_bytes(); }, state_);
  if (state_bytes > capacity)  // checked before allocating, never after
    require_memory(state_bytes, "a state of " + std::to_string(total) + " qubits");
  try {
    std::visit(
        [&](auto& s) {
          if (n == 0) {
            s.reset(static_cast<unsigned>(count));
            zero_state_ = true;
          } else {
            // Queued ops keep their qubit indices; a |0...0> state stays so (the new qubits are |0>).
            s.add_qubits(static_cast<unsigned>(count));
          }
        },
        state_);
  } catch (const std::bad_alloc&) {
    const double gib =
        std::ldexp(static_cast<double>(options_.amplitude_bytes()), static_cast<int>(n + count)) / (1u << 30);
    throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, "allocate_qubits: a state of " + std::to_string(n + count) +
                                                       " qubits needs " + std::to_string(gib) +
                                                       " GiB, which cannot be allocated");
  }
  return wires_.allocate(count);
}

void StatevectorDevice::release_qubits(std::span<const qrt::sdk::Wire> wires) {
  if (wires.empty()) return;
  wires_.qubits_of(wires, "release_qubits");  // validates every wire before anything changes
  flush();
  zero_state_ = false;
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
  ++untiled_passes_;
  zero_state_ = false;
  std::visit([&](auto& s) { apply_op(s.data(), s.num_qubits(), op, policy_, workspace_); }, state_);
}

void StatevectorDevice::push(const QubitOp& op) { queue_op(op, static_cast<unsigned>(num_qubits())); }

void StatevectorDevice::flush_tiles(bool everything) {
  std::visit(
      [&](auto& s) {
        if (zero_state_) tiles_.order_qubits_by_first_use(s.num_qubits(), *this);
        zero_state_ = false;
        tiles_.flush(s.data(), s.num_qubits(), policy_, workspace_, *this, 0, everything);
      },
      state_);
}

void StatevectorDevice::apply_gate(const qrt::sdk::GateCall& call) {
  make_room();  // before lowering: a flush may relabel qubits
  const GateOps ops = lower_gate_call(call, wires_);
  for (const QubitOp& op : ops) push(op);
}

void StatevectorDevice::apply_matrix(const qrt::sdk::MatrixCall& call) {
  make_room();
  push(lower_matrix_call(call, wires_, matrix_storage_));
}

int StatevectorDevice::measure(qrt::sdk::Wire wire, std::optional<int> postselect) {
  wires_.qubit(wire, "measure");  // validates before the state changes
  flush();                        // (which may relabel qubits)
  const unsigned q = wires_.qubit(wire, "measure");
  zero_state_ = false;
  return translate_errors([&] {
    return std::visit(
        [&](auto& s) { return qrt::sv::measure(s.data(), s.num_qubits(), q, rng_, postselect, threads()); }, state_);
  });
}

void StatevectorDevice::reset_wire(qrt::sdk::Wire wire) {
  wires_.qubit(wire, "reset_wire");
  flush();
  const unsigned q = wires_.qubit(wire, "reset_wire");
  zero_state_ = false;
  translate_errors([&] {
    return std::visit([&](auto& s) { return reset_qubit(s.data(), s.num_qubits(), q, rng_, threads()); }, state_);
  });
}

double StatevectorDevice::expval(const qrt::sdk::Observable& observable) {
  return observe(observable, /*variance=*/false, "expval");
}

double StatevectorDevice::var(const qrt::sdk::Observable& observable) {
  return observe(observable, /*variance=*/true, "var");
}

double StatevectorDevice::observe(const qrt::sdk::Observable& observable, bool variance, std::string_view operation) {
  to_qubit_observable(observable, wires_, operation);  // validates before the state changes
  if (shots_ != 0) require_shot_memory(shots_, operation);
  flush();
  const Observable o = to_qubit_observable(observable, wires_, operation);
  return translate_errors([&] {
    return std::visit(
        [&](const auto& s) {
          if (shots_ == 0)
            return variance ? qrt::sv::var(s.data(), s.num_qubits(), o, threads())
                            : qrt::sv::expval(s.data(), s.num_qubits(), o, threads());
          return variance ? var_sampled(s.data(), s.num_qubits(), o, shots_, rng_, threads())
                          : expval_sampled(s.data(), s.num_qubits(), o, shots_, rng_, threads());
        },
        state_);
  });
}

void StatevectorDevice::probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) {
  wires_.qubits_of(wires, "probs");
  flush();
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "probs");
  translate_errors([&] {
    std::visit([&](const auto& s) { qrt::sv::probs(s.data(), s.num_qubits(), qubits, out, threads()); }, state_);
  });
}

void StatevectorDevice::sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) {
  wires_.qubits_of(wires, "sample");
  require_shots_for_sample();
  require_shot_memory(shots_, "sample");
  flush();
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "sample");
  translate_errors([&] {
    std::visit([&](const auto& s) { qrt::sv::sample(s.data(), s.num_qubits(), qubits, shots_, rng_, out, threads()); },
               state_);
  });
}

void StatevectorDevice::state(std::span<qrt::sdk::Complex> out) {
  check_state_output(out.size(), state_size());
  flush();
  const std::vector<unsigned> qubit_at = wires_.allocated_qubits();
  // The C ABI returns complex128: a single-precision state is widened (exactly) on the way out.
  std::visit([&](const auto& s) { copy_permuted(s.data(), qubit_at, out.data(), options_.threads); }, state_);
}

std::uint64_t StatevectorDevice::memory_bytes() const {
  const std::uint64_t state = std::visit([](const auto& s) -> std::uint64_t { return s.capacity_bytes(); }, state_);
  const std::uint64_t adjoint = std::visit([](const auto& w) { return w.capacity_bytes(); }, adjoint_work_);
  return state + adjoint + sizeof(*this);
}

void StatevectorDevice::adjoint_jacobian(const qrt::sdk::AdjointJacobianRequest& request) {
  // Everything is validated before the state changes; steps and observables name qubits, which the
  // forward pass may relabel (the tiled queue), so they are lowered again after it.
  const auto lower = [&] {
    std::pair<std::vector<BackwardStep>, std::vector<Observable>> lowered{lower_backward_steps(request, wires_), {}};
    lowered.second.reserve(request.observables.size());
    for (const qrt::sdk::Observable& o : request.observables) {
      lowered.second.push_back(to_qubit_observable(o, wires_, "adjoint_jacobian"));
      translate_errors([&] { return compile_observable(lowered.second.back(), num_qubits()); });
    }
    return lowered;
  };
  lower();

  for (const qrt::sdk::CircuitOp& op : request.ops) {
    if (op.gate) apply_gate(*op.gate);
    else apply_matrix(*op.matrix);
  }
  flush();
  const auto lowered = lower();
  const std::vector<BackwardStep>& steps = lowered.first;
  const std::vector<Observable>& observables = lowered.second;
  if (observables.empty()) return;

  // ψ and one λ: the observables take one backward sweep each, in turn. The sweep's one-pass kernels
  // serve one λ at a time (adjoint/segment_pass.hpp); a batch of λs would take slower separate passes
  // and more memory (bench_adjoint --observables 4, n = 20: 32x one forward run as a batch, 9.2x as four
  // sweeps).
  const unsigned n = static_cast<unsigned>(num_qubits());
  const std::size_t size = std::size_t{1} << n;
  const std::uint64_t vector_bytes = std::uint64_t{options_.amplitude_bytes()} << n;
  const std::string what = "the adjoint method's 2 work states of " + std::to_string(n) + " qubits";
  const std::uint64_t held = std::visit([&](const auto& w) { return w.held_bytes_toward(2, size); }, adjoint_work_);
  require_memory(2 * vector_bytes - held, what);

  const AdjointOutputs outputs{request.trainable.size(), request.expvals, request.jacobian};
  translate_errors([&] {
    std::visit(
        [&](auto& s) {
          using T = typename std::decay_t<decltype(s)>::Element::value_type;
          auto& work = std::get<AdjointWorkVectors<T>>(adjoint_work_);
          std::vector<Amplitude<T>*> vectors;
          try {
            vectors = work.vectors(2, size);
          } catch (const std::bad_alloc&) {
            throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, what + " cannot be allocated");
          }
          adjoint_sweep<T>(s.data(), n, steps, observables, outputs, vectors[0], vectors[1], policy_, workspace_);
        },
        state_);
  });
}

}  // namespace qrt::sv
