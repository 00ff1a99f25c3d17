// Chunked OpenMP loops whose results do not depend on the thread count. Internal header: include
// it only from translation units compiled with OpenMP.
//
// Work is cut into chunks whose boundaries depend only on the problem size, never on the number of
// threads, and reductions add the per-chunk partial results in chunk order. A computation therefore
// gives bit-identical results with 1 or 64 threads, which is what makes sampling reproducible for a
// given seed regardless of the `threads` setting.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

// ThreadSanitizer cannot see the synchronisation inside libgomp (it is not instrumented) and reports
// false races on every OpenMP loop. Under TSan the same chunked loops run on std::thread instead,
// whose start and join it understands, so the kernels' own memory accesses are still checked.
#if defined(__SANITIZE_THREAD__)
#define QRT_SV_THREADS_VIA_STD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define QRT_SV_THREADS_VIA_STD 1
#endif
#endif
#ifndef QRT_SV_THREADS_VIA_STD
#define QRT_SV_THREADS_VIA_STD 0
#endif

namespace qrt::sv::parallel {

// Below this many amplitudes, starting a thread team costs more than the loop itself.
inline constexpr std::size_t kMinParallelAmplitudes = std::size_t{1} << 14;

// Amplitudes (or equivalent work items) per chunk: large enough to amortise scheduling, small
// enough to balance two to a few dozen threads on the states where threading pays off.
inline constexpr std::size_t kChunkAmplitudes = std::size_t{1} << 14;

// Threads to use for a loop touching `amplitudes` amplitudes: one for small states.
inline int workers_for(std::size_t amplitudes, int threads) {
  return amplitudes >= kMinParallelAmplitudes ? std::max(threads, 1) : 1;
}

inline std::size_t chunk_count(std::size_t count, std::size_t chunk_size) {
  return (count + chunk_size - 1) / chunk_size;
}

// Calls body(chunk, begin, end) for consecutive ranges of `chunk_size` items covering [0, count).
// The body must not throw (validate before entering a parallel loop).
template <class Body>
void for_each_chunk(std::size_t count, std::size_t chunk_size, int workers, const Body& body) {
  const auto chunks = static_cast<std::ptrdiff_t>(chunk_count(count, chunk_size));
  const auto run = [&](std::ptrdiff_t chunk) {
    const std::size_t begin = static_cast<std::size_t>(chunk) * chunk_size;
    body(static_cast<std::size_t>(chunk), begin, std::min(count, begin + chunk_size));
  };
#if QRT_SV_THREADS_VIA_STD
  const auto stride = static_cast<std::ptrdiff_t>(std::max(workers, 1));
  const auto run_share = [&](std::ptrdiff_t first) {
    for (std::ptrdiff_t chunk = first; chunk < chunks; chunk += stride) run(chunk);
  };
  std::vector<std::thread> team;
  for (std::ptrdiff_t worker = 1; worker < std::min(stride, chunks); ++worker) team.emplace_back(run_share, worker);
  run_share(0);
  for (std::thread& thread : team) thread.join();
#else
#pragma omp parallel for schedule(static) num_threads(workers) if (workers > 1)
  for (std::ptrdiff_t chunk = 0; chunk < chunks; ++chunk) run(chunk);
#endif
}

// Sum of body(begin, end) over the chunks of [0, count), added in chunk order.
template <class T, class Body>
T ordered_sum(std::size_t count, std::size_t chunk_size, int workers, const Body& body) {
  std::vector<T> partial(chunk_count(count, chunk_size));
  for_each_chunk(count, chunk_size, workers,
                 [&](std::size_t chunk, std::size_t begin, std::size_t end) { partial[chunk] = body(begin, end); });
  T total{};
  for (const T& value : partial) total += value;
  return total;
}

}  // namespace qrt::sv::parallel
