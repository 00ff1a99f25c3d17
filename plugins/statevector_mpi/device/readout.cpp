// statevector.mpi's read-out without a gather: probability tables, top-K selections and the state reach
// rank 0 block by block, and shots are drawn from the global distribution with each rank scanning only
// its own block.
//
// The block layout. For an outcome list of m >= k wires (MSB first), arrange_blocks swaps qubits so that
// the first k wires are the k global qubits. Then the outcomes held by a rank are contiguous: the top k
// outcome bits are fixed by its rank (its block), the low m - k bits run over its local listed qubits, and
// the wires not listed are all local, summed on the spot. Nothing needs reducing between ranks: rank 0
// takes the blocks in order, each one piece at a time. With m < k wires the table has fewer entries than
// there are ranks: the core probs() reduces it (2^m < P values) and rank 0 uses that.
#include "device/bit_scatter.hpp"
#include "device/mpi_device.hpp"

#include "device_common/error_translation.hpp"
#include "device_common/memory_check.hpp"

#include <qrt/device_api.h>
#include <qrt/sdk/error.hpp>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <random>
#include <string>

namespace qrt::mpi {

namespace {

using qrt::sdk::Wire;

// Outcomes per message and per sink call: 512 KiB of probabilities, 1 MiB of amplitudes.
constexpr std::size_t kPieceValues = std::size_t{1} << 16;
constexpr int kPieceTag = 41;
// Shots over at most this many wires are drawn from the reduced table (2^16 doubles on every rank).
constexpr std::size_t kReducedDrawWires = 16;

bool listed_before(const MpiStatevectorDevice::TopOutcome& a, const MpiStatevectorDevice::TopOutcome& b) {
  return a.probability > b.probability || (a.probability == b.probability && a.outcome < b.outcome);
}

std::string status_name(int code) {
  switch (code) {
    case QRT_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case QRT_ERROR_UNSUPPORTED: return "unsupported";
    case QRT_ERROR_OUT_OF_RANGE: return "out of range";
    case QRT_ERROR_OUT_OF_MEMORY: return "out of memory";
    case QRT_ERROR_FAILED_PRECONDITION: return "failed precondition";
    default: return "internal";
  }
}

int known_status(int code) {
  return code >= QRT_ERROR_INVALID_ARGUMENT && code <= QRT_ERROR_INTERNAL ? code : QRT_ERROR_INTERNAL;
}

}  // namespace

MpiStatevectorDevice::BlockLayout MpiStatevectorDevice::arrange_blocks(std::span<const Wire> wires,
                                                                       std::string_view operation) {
  flush();
  const unsigned k = global_qubits_;
  QubitMask top = 0;  // the physical qubits of the first k wires
  for (unsigned j = 0; j < k; ++j) top |= QubitMask{1} << wires_.qubit(wires[j], operation);
  const QubitMask all_local = (QubitMask{1} << local_qubits_) - 1;
  // Every global qubit outside the first k wires goes to a local qubit of one of those wires.
  make_local(global_mask() & ~top, all_local & ~top, operation);

  BlockLayout layout;
  std::vector<unsigned> rank_bit(k);  // the rank bit of wires[j], j < k
  QubitMask listed = 0;
  for (std::size_t j = 0; j < wires.size(); ++j) {
    const unsigned q = wires_.qubit(wires[j], operation);
    listed |= QubitMask{1} << q;
    if (j < k) rank_bit[j] = q - local_qubits_;
    else layout.local_listed.push_back(q);
  }
  for (unsigned q = 0; q < local_qubits_; ++q)
    if (!((listed >> q) & 1u)) layout.local_summed.push_back(q);
  layout.block_size = std::uint64_t{1} << layout.local_listed.size();
  layout.rank_of_block.assign(static_cast<std::size_t>(comm_.size()), 0);
  for (int r = 0; r < comm_.size(); ++r) {
    std::uint64_t block = 0;
    for (unsigned j = 0; j < k; ++j) block |= static_cast<std::uint64_t>((r >> rank_bit[j]) & 1) << (k - 1 - j);
    layout.rank_of_block[block] = r;
    if (r == comm_.rank()) layout.my_block = block;
  }
  return layout;
}

void MpiStatevectorDevice::fill_probabilities(const BlockLayout& layout, std::uint64_t first, std::size_t count,
                                              double* out) const {
  const BitScatter listed(layout.local_listed);
  const BitScatter summed(layout.local_summed);
  const std::uint64_t summed_count = std::uint64_t{1} << layout.local_summed.size();
  std::visit(
      [&](const auto& c) {
        const auto* a = c.amplitudes.data();
        const auto parallel = static_cast<std::int64_t>(count) * static_cast<std::int64_t>(summed_count) >=
                              (std::int64_t{1} << options_.parallel_min_qubits);
#pragma omp parallel for num_threads(threads()) if (parallel)
        for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i) {
          const std::size_t base = listed(first + static_cast<std::uint64_t>(i));
          double sum = 0;
          for (std::uint64_t s = 0; s < summed_count; ++s) {
            const auto v = a[base | summed(s)];
            const double re = v.real(), im = v.imag();
            sum += re * re + im * im;
          }
          out[i] = sum;
        }
      },
      chunk_);
}

void MpiStatevectorDevice::fill_amplitudes(const BlockLayout& layout, std::uint64_t first, std::size_t count,
                                           double* out) const {
  const BitScatter listed(layout.local_listed);
  std::visit(
      [&](const auto& c) {
        const auto* a = c.amplitudes.data();
        for (std::size_t i = 0; i < count; ++i) {
          const auto v = a[listed(first + i)];
          out[2 * i] = static_cast<double>(v.real());  // widened exactly in single precision
          out[2 * i + 1] = static_cast<double>(v.imag());
        }
      },
      chunk_);
}

void MpiStatevectorDevice::stream_blocks(const BlockLayout& layout, int doubles_per_value, const TableSink& sink,
                                         std::string_view operation) {
  const std::size_t piece = static_cast<std::size_t>(std::min<std::uint64_t>(layout.block_size, kPieceValues));
  std::vector<double> buffer(piece * static_cast<std::size_t>(doubles_per_value));
  auto fill = [&](std::uint64_t first, std::size_t count) {
    if (doubles_per_value == 1) fill_probabilities(layout, first, count, buffer.data());
    else fill_amplitudes(layout, first, count, buffer.data());
  };
  std::string failure;
  int failure_code = QRT_ERROR_INTERNAL;
  if (comm_.rank() == 0) {
    for (std::size_t block = 0; block < layout.rank_of_block.size(); ++block) {
      const int owner = layout.rank_of_block[block];
      for (std::uint64_t first = 0; first < layout.block_size; first += piece) {
        const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(piece, layout.block_size - first));
        if (owner == 0) {
          fill(first, count);
        } else {
          check_mpi(comm_,
                    MPI_Recv(buffer.data(), static_cast<int>(count) * doubles_per_value, MPI_DOUBLE, owner, kPieceTag,
                             comm_.get(), MPI_STATUS_IGNORE),
                    "MPI_Recv (read-out piece)");
        }
        if (!failure.empty()) continue;  // the other ranks still send: take and drop their pieces
        const std::uint64_t index = block * layout.block_size + first;
        const int status = sink(index, buffer.data(), count);
        if (status != QRT_OK) {
          failure_code = known_status(status);
          failure = std::string(operation) + ": the sink stopped at index " + std::to_string(index) + " (" +
                    status_name(failure_code) + ")";
        }
      }
    }
  } else {
    for (std::uint64_t first = 0; first < layout.block_size; first += piece) {
      const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(piece, layout.block_size - first));
      fill(first, count);
      check_mpi(
          comm_,
          MPI_Send(buffer.data(), static_cast<int>(count) * doubles_per_value, MPI_DOUBLE, 0, kPieceTag, comm_.get()),
          "MPI_Send (read-out piece)");
    }
  }
  agree_on_failure(comm_, failure, failure_code);
}

void MpiStatevectorDevice::probs_to_rank0(std::span<const Wire> wires, const TableSink& sink) {
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "probs_to_rank0");  // validates
  agree(comm_.rank() == 0 && !sink ? "probs_to_rank0: no sink on rank 0" : "", QRT_ERROR_INVALID_ARGUMENT);
  const std::vector<Wire> listed =
      wires.empty() ? std::vector<Wire>(wires_.allocation_order().begin(), wires_.allocation_order().end())
                    : std::vector<Wire>(wires.begin(), wires.end());
  if (qubits.size() < global_qubits_) {  // fewer outcomes than ranks: the core reduction
    std::vector<double> table(std::size_t{1} << qubits.size());
    probs(listed, table);
    std::string failure;
    int code = QRT_ERROR_INTERNAL;
    if (comm_.rank() == 0) {
      if (const int status = sink(0, table.data(), table.size()); status != QRT_OK) {
        code = known_status(status);
        failure = "probs_to_rank0: the sink stopped at index 0 (" + status_name(code) + ")";
      }
    }
    agree_on_failure(comm_, failure, code);
    return;
  }
  stream_blocks(arrange_blocks(listed, "probs_to_rank0"), 1, sink, "probs_to_rank0");
}

void MpiStatevectorDevice::state_to_rank0(std::span<const Wire> wires, const TableSink& sink) {
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "state_to_rank0");
  if (qubits.size() != wires_.num_qubits())
    qrt::sdk::throw_invalid_argument("state_to_rank0: the wires must name all " + std::to_string(wires_.num_qubits()) +
                                     " allocated wires, got " + std::to_string(qubits.size()));
  agree(comm_.rank() == 0 && !sink ? "state_to_rank0: no sink on rank 0" : "", QRT_ERROR_INVALID_ARGUMENT);
  const std::vector<Wire> listed =
      wires.empty() ? std::vector<Wire>(wires_.allocation_order().begin(), wires_.allocation_order().end())
                    : std::vector<Wire>(wires.begin(), wires.end());
  stream_blocks(arrange_blocks(listed, "state_to_rank0"), 2, sink, "state_to_rank0");
}

MpiStatevectorDevice::TopOutcomes MpiStatevectorDevice::top_outcomes(std::span<const Wire> wires, std::uint64_t k,
                                                                     double threshold) {
  const std::vector<std::size_t> qubits = wires_.qubits_of(wires, "top_outcomes");
  const std::size_t m = qubits.size();
  if (m > 63) qrt::sdk::throw_out_of_range("top_outcomes: at most 63 wires, got " + std::to_string(m));
  const std::uint64_t outcomes = std::uint64_t{1} << m;
  if (k == 0 || k > outcomes)
    qrt::sdk::throw_invalid_argument("top_outcomes: k must be 1 to 2^" + std::to_string(m) + " = " +
                                     std::to_string(outcomes) + " (the outcomes of " + std::to_string(m) +
                                     " wires), got " + std::to_string(k));
  if (!(threshold >= 0))
    qrt::sdk::throw_invalid_argument("top_outcomes: the threshold must be >= 0, got " + std::to_string(threshold));
  const std::vector<Wire> listed =
      wires.empty() ? std::vector<Wire>(wires_.allocation_order().begin(), wires_.allocation_order().end())
                    : std::vector<Wire>(wires.begin(), wires.end());
  TopOutcomes result;
  // A bounded heap whose front is the worst kept entry.
  std::vector<TopOutcome> heap;
  auto consider = [&](std::uint64_t outcome, double p, std::size_t capacity) {
    result.total_probability += p;
    if (!(p > threshold)) return;
    ++result.above_threshold;
    const TopOutcome e{outcome, p};
    if (heap.size() < capacity) {
      heap.push_back(e);
      std::push_heap(heap.begin(), heap.end(), listed_before);
    } else if (listed_before(e, heap.front())) {
      std::pop_heap(heap.begin(), heap.end(), listed_before);
      heap.back() = e;
      std::push_heap(heap.begin(), heap.end(), listed_before);
    }
  };
  auto finish = [&] {
    std::sort(heap.begin(), heap.end(), listed_before);
    if (heap.size() > k) heap.resize(static_cast<std::size_t>(k));
    for (const TopOutcome& e : heap) result.kept_probability += e.probability;
    result.entries = std::move(heap);
  };
  if (m < global_qubits_) {  // fewer outcomes than ranks: the core reduction, then select on rank 0
    std::vector<double> table(static_cast<std::size_t>(outcomes));
    probs(listed, table);
    if (comm_.rank() != 0) return {};
    for (std::uint64_t o = 0; o < outcomes; ++o) consider(o, table[o], static_cast<std::size_t>(k));
    finish();
    return result;
  }
  const BlockLayout layout = arrange_blocks(listed, "top_outcomes");
  const std::size_t capacity = static_cast<std::size_t>(std::min<std::uint64_t>(k, layout.block_size));
  const std::size_t gathered = comm_.rank() == 0 ? capacity * static_cast<std::size_t>(comm_.size()) : 0;
  agree(qrt::sv::memory_problem((capacity + gathered) * sizeof(TopOutcome),
                                "top_outcomes: " + std::to_string(capacity) + " candidates per rank"),
        QRT_ERROR_OUT_OF_MEMORY);
  heap.reserve(capacity);
  const std::size_t piece = static_cast<std::size_t>(std::min<std::uint64_t>(layout.block_size, kPieceValues));
  std::vector<double> buffer(piece);
  const std::uint64_t offset = layout.my_block * layout.block_size;
  for (std::uint64_t first = 0; first < layout.block_size; first += piece) {
    const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(piece, layout.block_size - first));
    fill_probabilities(layout, first, count, buffer.data());
    for (std::size_t i = 0; i < count; ++i) consider(offset + first + i, buffer[i], capacity);
  }
  // Each rank's candidates (at most k), its count above the threshold and its mass, to rank 0.
  const int mine = static_cast<int>(heap.size());
  std::vector<int> counts(static_cast<std::size_t>(comm_.size())), displs(counts.size());
  check_mpi(comm_, MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm_.get()), "MPI_Gather (top-K)");
  std::vector<TopOutcome> all;
  if (comm_.rank() == 0) {
    int at = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
      displs[r] = at;
      at += counts[r];
    }
    all.resize(static_cast<std::size_t>(at));
  }
  MPI_Datatype entry_type = MPI_DATATYPE_NULL;
  check_mpi(comm_, MPI_Type_contiguous(static_cast<int>(sizeof(TopOutcome)), MPI_BYTE, &entry_type),
            "MPI_Type_contiguous");
  MPI_Type_commit(&entry_type);
  const int gather =
      MPI_Gatherv(heap.data(), mine, entry_type, all.data(), counts.data(), displs.data(), entry_type, 0, comm_.get());
  MPI_Type_free(&entry_type);
  check_mpi(comm_, gather, "MPI_Gatherv (top-K)");
  const double mass_here = result.total_probability;
  const std::uint64_t above_here = result.above_threshold;
  check_mpi(comm_, MPI_Reduce(&mass_here, &result.total_probability, 1, MPI_DOUBLE, MPI_SUM, 0, comm_.get()),
            "MPI_Reduce (top-K mass)");
  check_mpi(comm_, MPI_Reduce(&above_here, &result.above_threshold, 1, MPI_UINT64_T, MPI_SUM, 0, comm_.get()),
            "MPI_Reduce (top-K count)");
  if (comm_.rank() != 0) return {};
  heap = std::move(all);
  finish();
  return result;
}

std::vector<std::uint64_t> MpiStatevectorDevice::draw_shots(std::span<const Wire> wires, std::uint64_t shots) {
  const std::size_t m = wires.size();
  if (m > 63)
    qrt::sdk::throw_out_of_range("statevector.mpi draws outcomes of at most 63 wires, got " + std::to_string(m));
  if (shots > static_cast<std::uint64_t>(INT_MAX))
    qrt::sdk::throw_out_of_range("statevector.mpi draws at most 2^31 - 1 shots at a time, got " +
                                 std::to_string(shots));
  flush();
  // One uniform number per shot, from the generator every rank shares (rank 0's seed): the shot's
  // position in the cumulative distribution, in outcome order, whatever the ranks' layout.
  std::vector<double> position(static_cast<std::size_t>(shots));
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (double& u : position) u = uniform(rng_);
  std::vector<std::uint64_t> outcomes(static_cast<std::size_t>(shots));
  auto inverse_cdf = [](std::span<const double> table, double target) -> std::uint64_t {
    double cumulative = 0;
    std::uint64_t last_possible = 0;
    for (std::size_t o = 0; o < table.size(); ++o) {
      if (table[o] <= 0) continue;
      last_possible = o;
      cumulative += table[o];
      if (target < cumulative) return o;
    }
    return last_possible;  // rounding at the very end
  };
  // Few outcomes (fewer than ranks, or a table of at most 2^16): the reduced table, drawn from on rank 0;
  // no qubit moves. The same inverse CDF of the same draws as the block walk below.
  if (m < global_qubits_ || m <= kReducedDrawWires) {
    std::vector<double> table(std::size_t{1} << m);
    probs(wires, table);
    double total = 0;
    for (double p : table) total += p;
    if (comm_.rank() == 0)
      for (std::size_t s = 0; s < outcomes.size(); ++s) outcomes[s] = inverse_cdf(table, position[s] * total);
    check_mpi(comm_, MPI_Bcast(outcomes.data(), static_cast<int>(shots), MPI_UINT64_T, 0, comm_.get()),
              "MPI_Bcast (samples)");
    return outcomes;
  }
  const BlockLayout layout = arrange_blocks(wires, "sample");
  // 1. Each block's mass (its rank's chunk norm), known to every rank; which block each shot falls in.
  const double local_mass = qrt::sv::translate_errors([&] {
    return std::visit(
        [&](const auto& c) {
          double sum = 0;
          const auto* a = c.amplitudes.data();
          const std::size_t size = std::size_t{1} << local_qubits_;
#pragma omp parallel for reduction(+ : sum) num_threads(threads()) if (local_qubits_ >= options_.parallel_min_qubits)
          for (std::size_t i = 0; i < size; ++i) sum += std::norm(std::complex<double>(a[i]));
          return sum;
        },
        chunk_);
  });
  const std::size_t P = static_cast<std::size_t>(comm_.size());
  std::vector<double> mass_of_rank(P);
  check_mpi(comm_, MPI_Allgather(&local_mass, 1, MPI_DOUBLE, mass_of_rank.data(), 1, MPI_DOUBLE, comm_.get()),
            "MPI_Allgather (block masses)");
  std::vector<double> block_start(P + 1, 0.0);
  std::size_t last_block = 0;
  for (std::size_t b = 0; b < P; ++b) {
    const double mass = mass_of_rank[static_cast<std::size_t>(layout.rank_of_block[b])];
    block_start[b + 1] = block_start[b] + mass;
    if (mass > 0) last_block = b;
  }
  const double total = block_start[P];
  if (!(total > 0)) qrt::sdk::throw_failed_precondition("sample: the state has zero norm");
  std::vector<std::uint32_t> block_of_shot(position.size());
  std::vector<std::pair<double, std::uint64_t>> mine;  // (offset in my block, shot)
  for (std::size_t s = 0; s < position.size(); ++s) {
    const double target = position[s] * total;
    std::size_t b = static_cast<std::size_t>(std::upper_bound(block_start.begin() + 1, block_start.end(), target) -
                                             (block_start.begin() + 1));
    if (b > last_block || mass_of_rank[static_cast<std::size_t>(layout.rank_of_block[b])] <= 0) b = last_block;
    block_of_shot[s] = static_cast<std::uint32_t>(b);
    if (b == layout.my_block) mine.emplace_back(target - block_start[b], s);
  }
  // 2. This rank walks its block once in outcome order, answering its shots by increasing offset.
  std::sort(mine.begin(), mine.end());
  std::vector<std::uint64_t> drawn(mine.size());
  if (!mine.empty()) {
    const std::size_t piece = static_cast<std::size_t>(std::min<std::uint64_t>(layout.block_size, kPieceValues));
    std::vector<double> buffer(piece);
    double cumulative = 0;
    std::uint64_t last_possible = 0;
    std::size_t next = 0;
    for (std::uint64_t first = 0; first < layout.block_size && next < mine.size(); first += piece) {
      const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(piece, layout.block_size - first));
      fill_probabilities(layout, first, count, buffer.data());
      for (std::size_t i = 0; i < count && next < mine.size(); ++i) {
        if (buffer[i] <= 0) continue;
        last_possible = first + i;
        cumulative += buffer[i];
        while (next < mine.size() && mine[next].first < cumulative) drawn[next++] = first + i;
      }
    }
    while (next < mine.size()) drawn[next++] = last_possible;  // rounding at the end of the block
    const std::uint64_t offset = layout.my_block * layout.block_size;
    for (std::uint64_t& o : drawn) o += offset;
  }
  // 3. Everyone gets every rank's outcomes (each rank's in increasing offset order), then puts them in
  //    shot order: every rank knows which shots each block answered and in which order.
  std::vector<int> per_block(P, 0), displs(P, 0), per_rank(P, 0), rank_displs(P, 0);
  for (std::uint32_t b : block_of_shot) ++per_block[b];
  for (std::size_t b = 0; b < P; ++b) per_rank[static_cast<std::size_t>(layout.rank_of_block[b])] = per_block[b];
  for (std::size_t r = 1; r < P; ++r) rank_displs[r] = rank_displs[r - 1] + per_rank[r - 1];
  std::vector<std::uint64_t> all(static_cast<std::size_t>(shots));
  check_mpi(comm_,
            MPI_Allgatherv(drawn.data(), static_cast<int>(drawn.size()), MPI_UINT64_T, all.data(), per_rank.data(),
                           rank_displs.data(), MPI_UINT64_T, comm_.get()),
            "MPI_Allgatherv (samples)");
  // Recompute each block's shot order (by offset, then shot) to place its outcomes.
  std::vector<std::vector<std::pair<double, std::uint64_t>>> by_block(P);
  for (std::size_t s = 0; s < position.size(); ++s) {
    const std::size_t b = block_of_shot[s];
    by_block[b].emplace_back(position[s] * total - block_start[b], s);
  }
  for (std::size_t b = 0; b < P; ++b) {
    std::sort(by_block[b].begin(), by_block[b].end());
    const std::size_t at = static_cast<std::size_t>(rank_displs[static_cast<std::size_t>(layout.rank_of_block[b])]);
    for (std::size_t j = 0; j < by_block[b].size(); ++j) outcomes[by_block[b][j].second] = all[at + j];
  }
  return outcomes;
}

}  // namespace qrt::mpi
