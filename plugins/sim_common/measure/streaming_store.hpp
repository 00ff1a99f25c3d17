// Stores that bypass the cache, for outputs written once and not read back soon (a transposing
// probs() writes every output cache line exactly once, in scattered order: write-allocating them
// would double the memory traffic). Internal header. Falls back to plain stores where SSE2 is not
// available.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qrt::sv::streaming {

inline constexpr bool kAvailable =
#if defined(__SSE2__)
    true;
#else
    false;
#endif

// Whether `address` suits store_pair (16-byte aligned).
inline bool aligned(const double* address) { return reinterpret_cast<std::uintptr_t>(address) % 16 == 0; }

// destination[0] = first, destination[1] = second; destination 16-byte aligned when kAvailable.
inline void store_pair(double* destination, double first, double second) {
#if defined(__SSE2__)
  _mm_stream_pd(destination, _mm_set_pd(second, first));
#else
  destination[0] = first;
  destination[1] = second;
#endif
}

// Orders the streaming stores before anything that follows (call before other threads may read).
inline void fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

}  // namespace qrt::sv::streaming
