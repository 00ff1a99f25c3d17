#include "device/mpi_device.hpp"

#include "device_common/error_translation.hpp"
#include "device_common/memory_check.hpp"
#include "device_common/observable_conversion.hpp"
#include "measure/collapse.hpp"
#include "measure/probabilities.hpp"
#include "measure/sampling.hpp"
#include "observables/expectation.hpp"
#include "observables/local_matrix.hpp"
#include "observables/sampled_estimates.hpp"
#include "state/permuted_copy.hpp"

#include <qrt/sdk/error.hpp>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <new>
#include <stdexcept>
#include <string>

namespace qrt::mpi {

namespace {

unsigned log2_ranks(int ranks) {
  if (ranks < 1 || !std::has_single_bit(static_cast<unsigned>(ranks)))
    qrt::sdk::throw_failed_precondition("statevector.mpi: the number of MPI ranks must be a power of two, got " +
                                        std::to_string(ranks) + " (run mpirun -n 1, 2, 4, 8, ...)");
  return static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(ranks)));
}

}  // namespace

qrt::sdk::Capabilities MpiStatevectorDevice::capabilities() {
  qrt::sdk::Capabilities c = StatevectorShell::capabilities();
  c.collective = true;  // every rank holds part of the state
  return c;
}

MpiStatevectorDevice::MpiStatevectorDevice(const qrt::sdk::Kwargs& kwargs)
    : MpiStatevectorDevice(qrt::sv::DeviceOptions::from_kwargs(kwargs)) {}

MpiStatevectorDevice::MpiStatevectorDevice(const qrt::sv::DeviceOptions& options)
    : StatevectorShell(options),
      global_qubits_(log2_ranks(comm_.size())),
      chunk_(qrt::sv::make_by_precision<Chunk>(options.precision)) {
  std::visit([&](auto& c) { c.amplitudes.set_threads(options_.threads); }, chunk_);
  reseed();
}

std::uint64_t MpiStatevectorDevice::chunk_capacity_bytes() const {
  return std::visit([](const auto& c) -> std::uint64_t { return c.amplitudes.capacity_bytes(); }, chunk_);
}

void MpiStatevectorDevice::reseed() {
  std::uint64_t seed = seed_from_options();
  // Rank 0's seed for everyone: outcomes are drawn once, identically, on every rank.
  check_mpi(comm_, MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, comm_.get()), "MPI_Bcast (seed)");
  rng_.seed(seed);
}

void MpiStatevectorDevice::reset() {
  reset_shell();
  pending_.clear();
  std::visit([](auto& c) { c.amplitudes.reset(0); }, chunk_);  // keeps the allocation
  local_qubits_ = 0;
  reseed();
}

double MpiStatevectorDevice::allreduce_sum(double value) const {
  double total = 0;
  check_mpi(comm_, MPI_Allreduce(&value, &total, 1, MPI_DOUBLE, MPI_SUM, comm_.get()), "MPI_Allreduce");
  return total;
}

QubitMask MpiStatevectorDevice::global_mask() const {
  const unsigned n = wires_.num_qubits();
  return n == 0 ? 0 : (((QubitMask{1} << global_qubits_) - 1) << local_qubits_);
}

void MpiStatevectorDevice::rotate_wire_map(std::vector<qrt::sdk::Wire> wire_at_position) {
  // Relabelling only (the amplitudes already sit where the new map says): selection by swaps.
  for (unsigned p = 0; p < wire_at_position.size(); ++p) {
    if (wires_.wire_at(p) == wire_at_position[p]) continue;
    for (unsigned q = p + 1; q < wire_at_position.size(); ++q)
      if (wires_.wire_at(q) == wire_at_position[p]) {
        wires_.swap_qubits(p, q);
        break;
      }
  }
}

std::vector<qrt::sdk::Wire> MpiStatevectorDevice::allocate_qubits(std::size_t count) {
  const unsigned n = wires_.num_qubits();
  check_allocation(n, count);
  if (count == 0) return {};
  const unsigned total = static_cast<unsigned>(n + count);
  if (total < global_qubits_)
    qrt::sdk::throw_failed_precondition(
        "statevector.mpi: " + std::to_string(total) + " qubits cannot be split over " + std::to_string(comm_.size()) +
        " ranks (needs at least log2 P = " + std::to_string(global_qubits_) + " qubits); use fewer ranks");
  flush();
  const unsigned new_local = total - global_qubits_;
  // Per rank: the chunk plus the exchange buffer; checked on every rank, agreed before allocating.
  const std::uint64_t bytes = (std::uint64_t{options_.amplitude_bytes()} << new_local) + 2 * kExchangePieceBytes;
  std::string problem =
      bytes > chunk_capacity_bytes()
          ? qrt::sv::memory_problem(bytes, "a chunk of " + std::to_string(new_local) + " of " + std::to_string(total) +
                                               " qubits on each of " + std::to_string(comm_.size()) + " ranks")
          : std::string();
  if (problem.empty()) {
    try {
      std::visit(
          [&](auto& c) {
            if (n == 0) {
              c.amplitudes.reset(new_local);
              if (comm_.rank() != 0) c.amplitudes.data()[0] = 0;  // |0...0> lives on rank 0
            } else {
              c.amplitudes.add_qubits(new_local - local_qubits_);  // new local qubits in |0>, above the old ones
            }
          },
          chunk_);
    } catch (const std::bad_alloc&) {
      problem = "allocate_qubits: a chunk of " + std::to_string(new_local) + " qubits (" + std::to_string(bytes >> 20) +
                " MiB) cannot be allocated";
    }
  }
  agree_on_failure(comm_, problem, QRT_ERROR_OUT_OF_MEMORY);
  std::vector<qrt::sdk::Wire> added = wires_.allocate(count);
  if (n != 0) {
    // The new wires sit on physical qubits n.. in the map, but their |0> was added locally at
    // L..L+count-1; the old global qubits move up by `count`.
    std::vector<qrt::sdk::Wire> at(total);
    for (unsigned p = 0; p < local_qubits_; ++p) at[p] = wires_.wire_at(p);
    for (unsigned j = 0; j < count; ++j) at[local_qubits_ + j] = wires_.wire_at(n + j);
    for (unsigned g = 0; g < global_qubits_; ++g) at[new_local + g] = wires_.wire_at(local_qubits_ + g);
    rotate_wire_map(std::move(at));
  }
  local_qubits_ = new_local;
  return added;
}

void MpiStatevectorDevice::release_qubits(std::span<const qrt::sdk::Wire> wires) {
  if (wires.empty()) return;
  wires_.qubits_of(wires, "release_qubits");  // validates every wire before anything changes
  flush();
  if (wires.size() == wires_.num_qubits()) {  // everything goes: no measurement is needed
    fuser_.clear();
    wires_.clear();
    std::visit([](auto& c) { c.amplitudes.reset(0); }, chunk_);
    local_qubits_ = 0;
    return;
  }
  for (qrt::sdk::Wire wire : wires) {
    if (local_qubits_ == 0 || wires_.num_qubits() - 1 < global_qubits_)
      qrt::sdk::throw_failed_precondition(
          "release_qubits: releasing wire " + std::to_string(wire) + " would leave " +
          std::to_string(wires_.num_qubits() - 1) + " qubits on " + std::to_string(comm_.size()) +
          " ranks (at least log2 P = " + std::to_string(global_qubits_) + " must remain)");
    const int outcome = measure(wire, std::nullopt);
    const unsigned top = local_qubits_ - 1;
    unsigned q = wires_.qubit(wire, "release_qubits");
    if (q >= local_qubits_) make_local(QubitMask{1} << q, QubitMask{1} << q, "release_qubits");
    q = wires_.qubit(wire, "release_qubits");
    if (q != top) {  // move it to the top local qubit, which the chunk can drop
      apply(QubitOp::two_level((QubitMask{1} << q) | (QubitMask{1} << top), QubitMask{1} << q, {0.0, 1.0, 1.0, 0.0}));
      wires_.swap_qubits(q, top);
    }
    std::visit([&](auto& c) { c.amplitudes.remove_top_qubit(outcome); }, chunk_);
    // Physical qubits above `top` (the global ones) move down by one; the released wire goes on top.
    const unsigned n = wires_.num_qubits();
    std::vector<qrt::sdk::Wire> at(n);
    for (unsigned p = 0; p < top; ++p) at[p] = wires_.wire_at(p);
    for (unsigned p = top; p + 1 < n; ++p) at[p] = wires_.wire_at(p + 1);
    at[n - 1] = wire;
    rotate_wire_map(std::move(at));
    wires_.remove_top(wire);
    --local_qubits_;
  }
}

void MpiStatevectorDevice::make_local(QubitMask needed, QubitMask busy, std::string_view operation) {
  needed &= global_mask();
  if (needed == 0) return;
  // Callers flush the queued gates before they map wires to `needed` and `busy`; the local queues
  // name physical qubits and run before the relabelling.
  if (!pending_.empty()) throw std::logic_error("make_local: gates still queued");
  flush_queues();
  QubitMask taken = busy;
  for (unsigned g = local_qubits_; g < wires_.num_qubits(); ++g) {
    if (!((needed >> g) & 1u)) continue;
    int free = -1;
    for (int l = static_cast<int>(local_qubits_) - 1; l >= 0; --l)  // highest first: longest contiguous runs
      if (!((taken >> l) & 1u)) {
        free = l;
        break;
      }
    if (free < 0)
      qrt::sdk::throw_unsupported(std::string(operation) + ": needs " + std::to_string(std::popcount(busy | needed)) +
                                  " local qubits but only " + std::to_string(local_qubits_) + " of " +
                                  std::to_string(wires_.num_qubits()) + " are local on " +
                                  std::to_string(comm_.size()) + " ranks; use fewer ranks");
    std::visit(
        [&](auto& c) {
          swap_global_with_local(c.amplitudes.data(), local_qubits_, g, static_cast<unsigned>(free), comm_,
                                 c.exchange_buffer, stats_);
        },
        chunk_);
    wires_.swap_qubits(g, static_cast<unsigned>(free));
    taken |= QubitMask{1} << free;
  }
}

int MpiStatevectorDevice::measure(qrt::sdk::Wire wire, std::optional<int> postselect) {
  wires_.qubit(wire, "measure");  // validates before the state changes
  if (postselect && *postselect != 0 && *postselect != 1)
    qrt::sdk::throw_invalid_argument("measure: postselect must be 0 or 1, got " + std::to_string(*postselect));
  flush();  // may move qubits: map the wire after it
  const unsigned q = wires_.qubit(wire, "measure");
  std::array<double, 2> p{0.0, 0.0};
  const std::array<double, 2> here = qrt::sv::translate_errors([&] {
    return std::visit(
        [&](auto& c) {
          return qrt::sv::qubit_probabilities(c.amplitudes.data(), local_qubits_, q < local_qubits_ ? q : 0, threads());
        },
        chunk_);
  });
  if (q < local_qubits_) p = here;
  else p[(comm_.rank() >> (q - local_qubits_)) & 1] = here[0] + here[1];
  std::array<double, 2> total{};
  check_mpi(comm_, MPI_Allreduce(p.data(), total.data(), 2, MPI_DOUBLE, MPI_SUM, comm_.get()), "MPI_Allreduce");
  const double norm = total[0] + total[1];
  int outcome = 0;
  if (postselect) {
    outcome = *postselect;
    if (!(total[outcome] > qrt::sv::kMinPostselectProbability * norm))
      qrt::sdk::throw_failed_precondition("measure: postselecting " + std::to_string(outcome) + " on wire " +
                                          std::to_string(wire) + ", an outcome of probability " +
                                          std::to_string(total[outcome] / norm));
  } else {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
    outcome = u * norm < total[0] ? 0 : 1;
  }
  const double scale = 1.0 / std::sqrt(total[outcome]);
  const std::size_t size = std::size_t{1} << local_qubits_;
  // A global qubit keeps or zeroes this whole chunk: every index counts as "kept" or none does.
  const std::size_t bit = q < local_qubits_ ? std::size_t{1} << q : 0;
  const std::size_t keep =
      q < local_qubits_ ? (outcome ? bit : 0) : (((comm_.rank() >> (q - local_qubits_)) & 1) == outcome ? 0 : 1);
  std::visit(
      [&](auto& c) {
        auto* a = c.amplitudes.data();
        using A = std::remove_reference_t<decltype(*a)>;
        const auto s = static_cast<typename A::value_type>(scale);
#pragma omp parallel for num_threads(threads()) if (local_qubits_ >= options_.parallel_min_qubits)
        for (std::size_t i = 0; i < size; ++i) a[i] = (i & bit) == keep ? a[i] * s : A{};
      },
      chunk_);
  return outcome;
}

void MpiStatevectorDevice::reset_wire(qrt::sdk::Wire wire) {
  if (measure(wire, std::nullopt) == 0) return;
  unsigned q = wires_.qubit(wire, "reset_wire");
  make_local(QubitMask{1} << q, QubitMask{1} << q, "reset_wire");
  q = wires_.qubit(wire, "reset_wire");
  apply(QubitOp::two_level(QubitMask{1} << q, 0, {0.0, 1.0, 1.0, 0.0}));  // X
}

qrt::sv::Observable MpiStatevectorDevice::local_observable(const qrt::sdk::Observable& observable,
                                                           std::string_view operation) {
  flush();  // may move qubits: map the wires after it
  const QubitMask mask = qrt::sv::qubit_mask_of(observable, wires_, operation);
  make_local(mask, mask & ~global_mask(), operation);
  flush();
  return qrt::sv::to_qubit_observable(observable, wires_, operation);
}

double MpiStatevectorDevice::expval(const qrt::sdk::Observable& observable) {
  qrt::sv::to_qubit_observable(observable, wires_, "expval");  // validates before any exchange
  if (shots_ != 0) return estimate_from_shots(observable, /*variance=*/false, "expval");
  return expval_exact(observable);
}

double MpiStatevectorDevice::var(const qrt::sdk::Observable& observable) {
  qrt::sv::to_qubit_observable(observable, wires_, "var");
  if (shots_ != 0) return estimate_from_shots(observable, /*variance=*/true, "var");
  const qrt::sv::Observable o = local_observable(observable, "var");
  // phi = O psi on the chunk (O acts on local qubits only): <O^2> = <phi|phi>, <O> = Re <psi|phi>.
  const std::size_t size = std::size_t{1} << local_qubits_;
  std::string problem = qrt::sv::memory_problem(size * options_.amplitude_bytes(), "var: a scratch chunk");
  agree_on_failure(comm_, problem, QRT_ERROR_OUT_OF_MEMORY);
  double sums[2] = {0.0, 0.0};  // in double whatever the chunk's precision
  std::visit(
      [&](auto& c) {
        const auto* a = c.amplitudes.data();
        std::vector<std::remove_cvref_t<decltype(*a)>> phi(size);
        qrt::sv::translate_errors([&] { qrt::sv::apply_observable(a, local_qubits_, o, phi, threads()); });
        for (std::size_t i = 0; i < size; ++i) {
          const Complex p(phi[i]), ai(a[i]);
          sums[0] += std::norm(p);
          sums[1] += (std::conj(ai) * p).real();
        }
      },
      chunk_);
  double total[2] = {};
  check_mpi(comm_, MPI_Allreduce(sums, total, 2, MPI_DOUBLE, MPI_SUM, comm_.get()), "MPI_Allreduce");
  return std::max(0.0, total[0] - total[1] * total[1]);
}

void MpiStatevectorDevice::probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) {
  const std::size_t m = wires_.qubits_of(wires, "probs").size();  // validates before the state changes
  if (out.size() != (std::size_t{1} << m))
    qrt::sdk::throw_invalid_argument("probs: the output holds " + std::to_string(out.size()) + " entries, " +
                                     std::to_string(m) + " wires need " + std::to_string(std::size_t{1} << m));
  flush();
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "probs");
  // This rank's share over the listed local qubits, placed at the output bits its rank fixes.
  std::vector<std::size_t> local;
  std::vector<unsigned> local_bit;  // output bit of each local qubit
  std::size_t fixed = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const unsigned out_bit = static_cast<unsigned>(m - 1 - j);
    if (qubits[j] < local_qubits_) {
      local.push_back(qubits[j]);
      local_bit.push_back(out_bit);
    } else if ((comm_.rank() >> (qubits[j] - local_qubits_)) & 1) {
      fixed |= std::size_t{1} << out_bit;
    }
  }
  const std::vector<double> part = qrt::sv::translate_errors([&] {
    return std::visit([&](auto& c) { return qrt::sv::probs(c.amplitudes.data(), local_qubits_, local, threads()); },
                      chunk_);
  });
  std::fill(out.begin(), out.end(), 0.0);
  const std::size_t ml = local.size();
  for (std::size_t u = 0; u < part.size(); ++u) {
    std::size_t o = fixed;
    for (std::size_t j = 0; j < ml; ++j) o |= ((u >> (ml - 1 - j)) & 1u) << local_bit[j];
    out[o] = part[u];
  }
  for (std::size_t first = 0; first < out.size(); first += std::size_t{1} << 27) {  // MPI counts are ints
    const int count = static_cast<int>(std::min<std::size_t>(out.size() - first, std::size_t{1} << 27));
    check_mpi(comm_, MPI_Allreduce(MPI_IN_PLACE, out.data() + first, count, MPI_DOUBLE, MPI_SUM, comm_.get()),
              "MPI_Allreduce (probs)");
  }
}

void MpiStatevectorDevice::sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) {
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "sample");
  require_shots_for_sample();
  const std::size_t m = qubits.size();
  if (out.size() != shots_ * m)
    qrt::sdk::throw_invalid_argument("sample: the output holds " + std::to_string(out.size()) + " bytes, " +
                                     std::to_string(shots_) + " shots of " + std::to_string(m) + " wires need " +
                                     std::to_string(shots_ * m));
  const std::span<const qrt::sdk::Wire> all = wires_.allocation_order();
  const std::vector<std::uint64_t> outcomes =
      draw_shots(wires.empty() ? std::vector<qrt::sdk::Wire>(all.begin(), all.end())
                               : std::vector<qrt::sdk::Wire>(wires.begin(), wires.end()),
                 shots_);
  for (std::uint64_t s = 0; s < shots_; ++s)
    for (std::size_t j = 0; j < m; ++j) out[s * m + j] = static_cast<std::uint8_t>((outcomes[s] >> (m - 1 - j)) & 1u);
}

double MpiStatevectorDevice::estimate_from_shots(const qrt::sdk::Observable& observable, bool variance,
                                                 std::string_view operation) {
  // The eigenbasis rotations need their qubits local; they are applied to the chunk itself and undone
  // after the draw (not to a copy as statevector.qubit does: a second chunk would halve the qubits a
  // job can hold; the undo leaves differences at the level of the chunk's rounding). The draw may move
  // qubits between ranks, so rotations name their wires and find their qubits (made local) each time.
  const qrt::sv::Observable o = local_observable(observable, operation);
  const std::size_t n = wires_.num_qubits();
  const std::vector<qrt::sv::ShotMeasurement> plans = qrt::sv::translate_errors([&] {
    return variance ? std::vector<qrt::sv::ShotMeasurement>{qrt::sv::var_measurement(o, n)}
                    : qrt::sv::expval_measurements(o, n);
  });
  auto wires_of = [&](std::span<const std::size_t> qubits) {
    std::vector<qrt::sdk::Wire> w;
    for (std::size_t q : qubits) w.push_back(wires_.wire_at(static_cast<unsigned>(q)));
    return w;
  };
  auto rotate = [&](const qrt::sv::FactorEigenbasis& basis, const std::vector<qrt::sdk::Wire>& on, bool undo) {
    std::vector<Complex> matrix(basis.rotation.begin(), basis.rotation.end());
    if (undo) {  // the adjoint
      const std::size_t d = std::size_t{1} << basis.qubits.size();
      for (std::size_t r = 0; r < d; ++r)
        for (std::size_t c = 0; c < d; ++c) matrix[r * d + c] = std::conj(basis.rotation[c * d + r]);
    }
    QubitMask mask = 0;
    for (qrt::sdk::Wire w : on) mask |= QubitMask{1} << wires_.qubit(w, operation);
    make_local(mask, mask & ~global_mask(), operation);
    std::vector<std::size_t> qubits;
    qubits.reserve(on.size());
    for (qrt::sdk::Wire w : on) qubits.push_back(wires_.qubit(w, operation));
    std::visit(
        [&](auto& c) { qrt::sv::apply_local_matrix(c.amplitudes.data(), local_qubits_, qubits, matrix, threads()); },
        chunk_);
  };
  double total = 0.0;
  // The plans name physical qubits of the layout they were made in: their wires, before any draw.
  std::vector<std::vector<std::vector<qrt::sdk::Wire>>> plan_basis_wires;
  std::vector<std::vector<qrt::sdk::Wire>> plan_measured;
  for (const qrt::sv::ShotMeasurement& plan : plans) {
    plan_basis_wires.emplace_back();
    for (const auto& basis : plan.bases()) plan_basis_wires.back().push_back(wires_of(basis.qubits));
    plan_measured.push_back(wires_of(plan.measured()));
  }
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const qrt::sv::ShotMeasurement& plan = plans[p];
    const auto& basis_wires = plan_basis_wires[p];
    const std::vector<qrt::sdk::Wire>& measured = plan_measured[p];
    for (std::size_t b = 0; b < plan.bases().size(); ++b)
      if (!plan.bases()[b].rotation.empty()) rotate(plan.bases()[b], basis_wires[b], false);
    auto undo = [&] {
      for (std::size_t b = plan.bases().size(); b-- > 0;)
        if (!plan.bases()[b].rotation.empty()) rotate(plan.bases()[b], basis_wires[b], true);
    };
    std::vector<std::uint64_t> outcomes;
    try {
      outcomes = draw_shots(measured, shots_);
    } catch (...) {
      undo();
      throw;
    }
    undo();
    std::vector<double> values(outcomes.size());
    for (std::size_t s = 0; s < outcomes.size(); ++s) values[s] = plan.value_of(outcomes[s]);
    total += variance ? qrt::sv::sample_variance(values) : qrt::sv::sample_mean(values);
  }
  return total;
}

void MpiStatevectorDevice::state(std::span<qrt::sdk::Complex> out) {
  const std::size_t size = state_size();
  check_state_output(out.size(), size);
  flush();
  std::string problem = qrt::sv::memory_problem(
      size * options_.amplitude_bytes(), "state: gathering " + std::to_string(size) + " amplitudes on every rank");
  agree_on_failure(comm_, problem, QRT_ERROR_OUT_OF_MEMORY);
  const std::vector<unsigned> qubit_at = wires_.allocated_qubits();
  std::visit(
      [&](auto& c) {
        using T = typename std::remove_reference_t<decltype(*c.amplitudes.data())>::value_type;
        // Rank r's chunk becomes amplitudes r * 2^L ..: the gathered index has the physical qubit layout.
        std::vector<std::complex<T>> gathered(size);
        MPI_Datatype chunk_type = MPI_DATATYPE_NULL;
        check_mpi(comm_,
                  MPI_Type_contiguous(static_cast<int>(std::size_t{1} << local_qubits_), mpi_complex<T>(), &chunk_type),
                  "MPI_Type_contiguous");
        MPI_Type_commit(&chunk_type);
        const int result =
            MPI_Allgather(c.amplitudes.data(), 1, chunk_type, gathered.data(), 1, chunk_type, comm_.get());
        MPI_Type_free(&chunk_type);
        check_mpi(comm_, result, "MPI_Allgather (state)");
        // Widened to complex128 (exact) on the way out.
        qrt::sv::copy_permuted(gathered.data(), qubit_at, reinterpret_cast<Complex*>(out.data()), options_.threads);
      },
      chunk_);
}

std::uint64_t MpiStatevectorDevice::memory_bytes() const {
  return std::visit(
             [](const auto& c) -> std::uint64_t {
               return c.amplitudes.capacity_bytes() + c.exchange_buffer.capacity() * sizeof(c.exchange_buffer[0]);
             },
             chunk_) +
         sizeof(*this);
}

}  // namespace qrt::mpi
