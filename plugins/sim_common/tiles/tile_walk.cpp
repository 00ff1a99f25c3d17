#include "tiles/tile_walk.hpp"

#include <omp.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace qrt::sv {

namespace {

// The bits of `value` deposited, lowest first, into the set bits of `mask`.
QubitMask deposit(std::uint64_t value, QubitMask mask) {
  QubitMask out = 0;
  for (QubitMask rest = mask; rest && value; rest &= rest - 1, value >>= 1)
    if (value & 1u) out |= rest & (~rest + 1);
  return out;
}

// The next larger subset of `mask` after `subset` (the same order as deposit of consecutive values).
QubitMask next_subset(QubitMask subset, QubitMask mask) { return ((subset | ~mask) + 1) & mask; }

// Copies `bytes` (a multiple of 16, both ends 16-byte aligned) past the cache: the chunk goes back to
// memory once, and write-allocating it would read every line first.
void stream_copy(void* destination, const void* source, std::size_t bytes) {
#if defined(__SSE2__)
  auto* out = static_cast<double*>(destination);
  const auto* in = static_cast<const double*>(source);
  for (std::size_t i = 0; i < bytes / sizeof(double); i += 8) {
    _mm_stream_pd(out + i, _mm_load_pd(in + i));
    _mm_stream_pd(out + i + 2, _mm_load_pd(in + i + 2));
    _mm_stream_pd(out + i + 4, _mm_load_pd(in + i + 4));
    _mm_stream_pd(out + i + 6, _mm_load_pd(in + i + 6));
  }
#else
  std::memcpy(destination, source, bytes);
#endif
}

void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// Prefetches the next tile of a thread's walk into L2 while the program runs on the current one, a
// share before each step, so that the walk's memory traffic overlaps the program's arithmetic.
// NOLINTNEXTLINE(cppcoreguidelines-virtual-class-destructor): final; the base's destructor is protected
class NextTilePrefetch final : public StepHook {
 public:
  NextTilePrefetch(const char* amps, std::size_t amplitude_bytes, QubitMask chunk_select, std::size_t chunk_bytes,
                   std::size_t chunks)
      : amps_(amps),
        amplitude_bytes_(amplitude_bytes),
        chunk_select_(chunk_select),
        chunk_lines_(chunk_bytes / kLine),
        lines_(chunk_lines_ * chunks) {}

  void start(QubitMask base) {
    base_ = base;
    offset_ = 0;
    done_ = 0;
  }
  void before_step(std::size_t step, std::size_t steps) override { prefetch_until(lines_ * (step + 1) / steps); }

 private:
  static constexpr std::size_t kLine = 64;
  // Deliberately not a tighter loop: without the division's latency between them, the prefetches
  // filled the core's miss queue and measured slower (QASMBench's ising_n26: 1.07-1.11 s against
  // 1.04-1.05 s with this loop).
  void prefetch_until(std::size_t lines) {
    for (; done_ < lines; ++done_) {
      const std::size_t line = done_ % chunk_lines_;
      if (line == 0 && done_ != 0) offset_ = next_subset(offset_, chunk_select_);
      __builtin_prefetch(amps_ + (base_ | offset_) * amplitude_bytes_ + line * kLine, 0, 2);  // into L2
    }
  }
  const char* amps_;
  std::size_t amplitude_bytes_;
  QubitMask chunk_select_;
  std::size_t chunk_lines_, lines_;
  QubitMask base_ = 0, offset_ = 0;
  std::size_t done_ = 0;
};

// Where a gathered tile's buffer goes back to when the walk also exchanges pairs of window qubits (a
// relabelling folded into the write-back): blocks of 2^block_qubits amplitudes, each to one place.
struct WriteBackPlan {
  unsigned block_qubits = 0;
  std::vector<QubitMask> destinations;  // per block, its offset from the tile's base in the state
};

WriteBackPlan plan_write_back(QubitMask window, unsigned chunk_qubits, QubitMask chunk_select, unsigned tile_qubits,
                              std::size_t amplitude_bytes, std::span<const std::pair<unsigned, unsigned>> swaps) {
  const auto bit_of = [&](unsigned q) {
    if (((window >> q) & 1u) == 0)
      throw std::invalid_argument("walk_tiles: a write-back swap names a qubit outside the window");
    return tile_bit(window, q);
  };
  WriteBackPlan plan;
  plan.block_qubits = chunk_qubits;
  std::vector<std::pair<unsigned, unsigned>> bits;
  for (const auto& [a, b] : swaps) {
    bits.emplace_back(bit_of(a), bit_of(b));
    plan.block_qubits = std::min({plan.block_qubits, bits.back().first, bits.back().second});
  }
  if ((amplitude_bytes << plan.block_qubits) % 64 != 0)
    throw std::invalid_argument("walk_tiles: a write-back swap moves blocks smaller than a cache line");
  const QubitMask low = (QubitMask{1} << chunk_qubits) - 1;
  plan.destinations.resize(std::size_t{1} << (tile_qubits - plan.block_qubits));
  for (std::size_t block = 0; block < plan.destinations.size(); ++block) {
    QubitMask index = QubitMask{block} << plan.block_qubits;
    for (const auto& [a, b] : bits)
      if (((index >> a) & 1u) != ((index >> b) & 1u)) index ^= (QubitMask{1} << a) | (QubitMask{1} << b);
    plan.destinations[block] = (index & low) | deposit(index >> chunk_qubits, chunk_select);
  }
  return plan;
}

}  // namespace

template <class T>
void TileBuffers<T>::Free::operator()(Amplitude<T>* p) const noexcept {
  std::free(p);
}

template <class T>
void TileBuffers<T>::ensure(unsigned threads, std::size_t amplitudes) {
  if (amplitudes > capacity_) {
    buffers_.clear();
    capacity_ = amplitudes;
  }
  while (buffers_.size() < threads) {
    const std::size_t bytes = (capacity_ * sizeof(Amplitude<T>) + 63) / 64 * 64;
    auto* p = static_cast<Amplitude<T>*>(std::aligned_alloc(64, bytes));
    if (!p) throw std::bad_alloc();
    buffers_.emplace_back(p);
  }
}

template <class T>
Amplitude<T>* TileBuffers<T>::get(unsigned thread, std::size_t amplitudes) {
  if (thread >= buffers_.size() || amplitudes > capacity_) throw std::logic_error("TileBuffers: not ensured");
  return buffers_[thread].get();
}

template <class T>
void walk_tiles(Amplitude<T>* amps, unsigned num_qubits, const TileProgram<T>& program, unsigned threads,
                TileBuffers<T>& buffers, QubitMask fixed_values,
                std::span<const std::pair<unsigned, unsigned>> write_back_swaps) {
  const QubitMask state = (QubitMask{1} << num_qubits) - 1;
  const QubitMask window = program.window();
  if ((window & ~state) != 0 || (window & 1u) == 0)
    throw std::invalid_argument("walk_tiles: the window must hold qubit 0 and lie within the state");
  if (!program.finished())
    throw std::invalid_argument("walk_tiles: the program holds permutation ops back; call its finish() first");
  const unsigned k = program.tile_qubits();
  const QubitMask outer = state & ~window;
  const unsigned chunk_qubits = static_cast<unsigned>(std::countr_one(window));   // contiguous low qubits
  const QubitMask chunk_select = window & ~((QubitMask{1} << chunk_qubits) - 1);  // window qubits above them
  const bool in_place = chunk_select == 0;
  const std::size_t chunk_bytes = sizeof(Amplitude<T>) << chunk_qubits;
  if (!in_place && (chunk_bytes % 64 != 0 || reinterpret_cast<std::uintptr_t>(amps) % 16 != 0))
    throw std::invalid_argument("walk_tiles: a gathered window needs chunks of whole cache lines, 16-byte aligned");
  const std::uint64_t tiles = std::uint64_t{1} << (num_qubits - k);
  const std::size_t chunks = std::size_t{1} << (k - chunk_qubits);  // per gathered tile
  const unsigned team_size = static_cast<unsigned>(std::min<std::uint64_t>(std::max(threads, 1u), tiles));
  if (!in_place) buffers.ensure(team_size, std::size_t{1} << k);
  if (in_place && !write_back_swaps.empty())
    throw std::invalid_argument("walk_tiles: write-back swaps need a gathered window");
  const WriteBackPlan write_back = write_back_swaps.empty() ? WriteBackPlan{}
                                                            : plan_write_back(window, chunk_qubits, chunk_select, k,
                                                                              sizeof(Amplitude<T>), write_back_swaps);
  const std::size_t block_bytes = sizeof(Amplitude<T>) << write_back.block_qubits;

  // Tiles are handed out one at a time from a shared counter rather than split in fixed shares: a tile
  // is milliseconds of work, and on a machine whose other cores are busy a fixed share made the whole
  // run wait for the thread that got the least CPU (2 threads were no faster than 1).
  std::atomic<std::uint64_t> next_tile{0};
  const auto walk = [&](unsigned me) {
    Amplitude<T>* buffer = in_place ? nullptr : buffers.get(me, std::size_t{1} << k);
    NextTilePrefetch prefetch(reinterpret_cast<const char*>(amps), sizeof(Amplitude<T>), chunk_select,
                              in_place ? sizeof(Amplitude<T>) << k : chunk_bytes, in_place ? 1 : chunks);
    // Each thread claims its next tile before working on the current one, to prefetch it meanwhile
    // (not when there are so few tiles that claiming two at a time would leave a thread idle).
    const bool claim_ahead = tiles >= std::uint64_t{4} * team_size;
    std::uint64_t t = next_tile.fetch_add(1, std::memory_order_relaxed);
    while (t < tiles) {
      const std::uint64_t after = claim_ahead ? next_tile.fetch_add(1, std::memory_order_relaxed) : tiles;
      StepHook* hook = nullptr;
      if (after < tiles) {
        prefetch.start(deposit(after, outer));
        hook = &prefetch;
      }
      const QubitMask base = deposit(t, outer);
      t = claim_ahead ? after : next_tile.fetch_add(1, std::memory_order_relaxed);
      if (in_place) {
        program.run(amps + base, base | fixed_values, hook);
        continue;
      }
      QubitMask offset = 0;
      for (std::size_t c = 0; c < chunks; ++c, offset = next_subset(offset, chunk_select))
        std::memcpy(buffer + (c << chunk_qubits), amps + (base | offset), chunk_bytes);
      program.run(buffer, base | fixed_values, hook);
      offset = 0;
      if (write_back.destinations.empty()) {
        for (std::size_t c = 0; c < chunks; ++c, offset = next_subset(offset, chunk_select))
          stream_copy(amps + (base | offset), buffer + (c << chunk_qubits), chunk_bytes);
      } else {
        for (std::size_t b = 0; b < write_back.destinations.size(); ++b)
          stream_copy(amps + (base | write_back.destinations[b]), buffer + (b << write_back.block_qubits), block_bytes);
      }
    }
    if (!in_place) stream_fence();
  };
  if (team_size <= 1) return walk(0);
  // An exception must not leave an OpenMP region: the first one is kept and thrown after it.
  std::exception_ptr failure;
#pragma omp parallel num_threads(team_size)
  {
    try {
      walk(static_cast<unsigned>(omp_get_thread_num()));
    } catch (...) {
#pragma omp critical(qrt_tile_walk_failure)
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
}

template class TileBuffers<double>;
template class TileBuffers<float>;
template void walk_tiles<double>(Amplitude<double>*, unsigned, const TileProgram<double>&, unsigned,
                                 TileBuffers<double>&, QubitMask, std::span<const std::pair<unsigned, unsigned>>);
template void walk_tiles<float>(Amplitude<float>*, unsigned, const TileProgram<float>&, unsigned, TileBuffers<float>&,
                                QubitMask, std::span<const std::pair<unsigned, unsigned>>);

}  // namespace qrt::sv
