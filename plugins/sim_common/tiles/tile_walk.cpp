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
#include <stdexcept>

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
                TileBuffers<T>& buffers, QubitMask fixed_values) {
  const QubitMask state = (QubitMask{1} << num_qubits) - 1;
  const QubitMask window = program.window();
  if ((window & ~state) != 0 || (window & 1u) == 0)
    throw std::invalid_argument("walk_tiles: the window must hold qubit 0 and lie within the state");
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

  // Tiles are handed out one at a time from a shared counter rather than split in fixed shares: a tile
  // is milliseconds of work, and on a machine whose other cores are busy a fixed share made the whole
  // run wait for the thread that got the least CPU (2 threads were no faster than 1).
  std::atomic<std::uint64_t> next_tile{0};
  const auto walk = [&](unsigned me) {
    Amplitude<T>* buffer = in_place ? nullptr : buffers.get(me, std::size_t{1} << k);
    for (std::uint64_t t = next_tile.fetch_add(1, std::memory_order_relaxed); t < tiles;
         t = next_tile.fetch_add(1, std::memory_order_relaxed)) {
      const QubitMask base = deposit(t, outer);
      if (in_place) {
        program.run(amps + base, base | fixed_values);
        continue;
      }
      QubitMask offset = 0;
      for (std::size_t c = 0; c < chunks; ++c, offset = next_subset(offset, chunk_select))
        std::memcpy(buffer + (c << chunk_qubits), amps + (base | offset), chunk_bytes);
      program.run(buffer, base | fixed_values);
      offset = 0;
      for (std::size_t c = 0; c < chunks; ++c, offset = next_subset(offset, chunk_select))
        stream_copy(amps + (base | offset), buffer + (c << chunk_qubits), chunk_bytes);
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
                                 TileBuffers<double>&, QubitMask);
template void walk_tiles<float>(Amplitude<float>*, unsigned, const TileProgram<float>&, unsigned, TileBuffers<float>&,
                                QubitMask);

}  // namespace qrt::sv
