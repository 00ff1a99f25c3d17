// The keyed device pool. Key = (canonical library path, device name, canonical kwargs). acquire()
// hands out the most recently released Inactive instance of the key (reset when it was released) or
// creates one; release() resets the instance and files it as Inactive, then enforces the PoolPolicy by
// evicting the least recently released Inactive instances. Creating and destroying happen outside the
// lock, so threads creating different devices never wait on each other; acquire and release are O(1)
// (a hash lookup and a few list links) apart from the evictions they cause.
#pragma once

#include <qrt/device.hpp>
#include <qrt/device_type.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/pool_stats.hpp>

#include "device/instance.hpp"
#include "isolation/settings.hpp"
#include "pool/intrusive_list.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qrt {

struct PoolSlot;

// A resolved config as the pool sees it; built once per distinct config (the Runtime caches it) and
// shared by its slot and instances, so that neither the hot path nor a creation copies its strings.
struct PoolKey {
  PoolKey(std::shared_ptr<const DeviceType> type, std::string canonical_kwargs,
          std::optional<isolation::Settings> isolation = std::nullopt);
  std::shared_ptr<const DeviceType> type;
  std::string kwargs;                            // canonical
  std::optional<isolation::Settings> isolation;  // set: instances live in worker processes
  std::string text;                              // library path, name, kwargs and isolation: the slot map's key
  // The device's own `shots` and `seed` kwargs, when set (ResolvedDevice::shots/seed; read once, here).
  std::optional<std::uint64_t> shots, seed;
};

// One device instance. Owned by the pool; borrowed by exactly one Device while Active. Its backend runs
// the plugin in this process or in a worker process (isolation): chosen when the pool creates it, by the
// key's isolation settings, and nowhere else.
struct PooledInstance : device::Instance {
  PooledInstance(const std::shared_ptr<const PoolKey>& key, std::unique_ptr<device::Backend> backend, PoolSlot* slot);
  // `key` (never null here) keeps the type, its library and the kwargs alive while the instance lives.
  bool active = false;

  // Pool bookkeeping, guarded by the pool's mutex.
  PoolSlot* slot;
  std::uint64_t bytes = 0;  // memory_bytes after its last reset (while Inactive)
  ListLinks<PooledInstance> in_slot, in_lru;
};

// Everything the pool holds for one key. Exists while the key has an instance (Active or Inactive).
struct PoolSlot {
  std::shared_ptr<const PoolKey> key;                            // owns the text the slot map's key views
  IntrusiveList<PooledInstance, &PooledInstance::in_slot> idle;  // least recently released first
  std::size_t active = 0;
  std::uint64_t idle_bytes = 0;
};

// NOLINTNEXTLINE(cppcoreguidelines-virtual-class-destructor): final; the base's destructor is protected
class DevicePool final : public device::Owner, public std::enable_shared_from_this<DevicePool> {
 public:
  // `policy`: the limits in force; an unset field means no limit.
  explicit DevicePool(PoolPolicy policy = {});
  ~DevicePool();
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;

  Device acquire(const std::shared_ptr<const PoolKey>& key);
  // A lease ended: resets the instance and keeps it for reuse, or destroys it.
  void give_back(device::Instance* instance) noexcept override;
  // Destroys the Inactive instances; Active ones are destroyed when released. acquire() then throws.
  void close();
  PoolStats stats() const;
  const PoolPolicy& policy() const noexcept { return policy_; }

 private:
  using Doomed = std::vector<PooledInstance*>;
  void release(PooledInstance* instance) noexcept;
  bool fits_alone(const PooledInstance& instance) const noexcept;
  void file_as_inactive(PooledInstance* instance, PoolSlot& slot, Doomed& doomed);
  void evict(PooledInstance* instance, Doomed& doomed);
  void forget_if_empty(PoolSlot& slot);

  const PoolPolicy policy_;
  const std::size_t max_inactive_, max_inactive_per_key_;
  const std::uint64_t max_bytes_;

  mutable std::mutex mutex_;
  bool closed_ = false;
  std::unordered_map<std::string_view, PoolSlot> slots_;        // keys view PoolSlot::key->text
  IntrusiveList<PooledInstance, &PooledInstance::in_lru> lru_;  // every Inactive instance, oldest first
  std::uint64_t idle_bytes_ = 0;
  std::size_t active_ = 0;
  PoolStats counters_;  // hits, misses, creations, destructions, evictions (the rest is computed)
};

}  // namespace qrt
