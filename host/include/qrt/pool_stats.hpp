// The device pool's counters and the instances it holds, per key (Runtime::pool_stats(), `qrt --stats`).
#pragma once

#include <qrt/pool_policy.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace qrt {

struct PoolKeyStats {
  std::string library, device, kwargs;
  std::size_t active = 0, inactive = 0;
  std::uint64_t bytes = 0;  // held by this key's Inactive instances
  bool isolated = false;    // instances run in worker processes (isolate=true)
};

struct PoolStats {
  std::uint64_t hits = 0;    // acquisitions served by an Inactive instance
  std::uint64_t misses = 0;  // acquisitions that created an instance
  std::uint64_t creations = 0;
  std::uint64_t destructions = 0;
  std::size_t active = 0, inactive = 0;
  std::vector<PoolKeyStats> keys;
  std::uint64_t evictions = 0;  // Inactive instances destroyed (or released ones not kept) to meet the policy
  std::uint64_t bytes = 0;      // memory the Inactive instances hold (their memory_bytes after reset)
  PoolPolicy policy = {};       // the limits in force; unset = no limit
};

}  // namespace qrt
