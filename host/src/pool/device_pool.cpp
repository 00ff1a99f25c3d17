#include "pool/device_pool.hpp"

#include "exec/in_process_backend.hpp"
#include "isolation/isolated_backend.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace qrt {

namespace {

// Resets an instance that comes back from its lease; false when it cannot be reused. `bytes`: what it
// holds afterwards.
bool reset_for_reuse(PooledInstance& instance, std::uint64_t& bytes) noexcept {
  try {
    bytes = instance.backend->reset();
    return true;
  } catch (...) {  // the device's error: nobody is there to see it, and the instance is destroyed
    bytes = 0;
    return false;
  }
}

// A new Active instance of the key. The one place that decides where an instance runs: in this process,
// or (the key's isolation settings) in a new worker process.
std::unique_ptr<PooledInstance> create_instance(const std::shared_ptr<const PoolKey>& key) {
  const DeviceType& type = *key->type;
  std::unique_ptr<device::Backend> backend =
      key->isolation
          ? isolation::IsolatedBackend::start({type.library_path(), type.name(), key->kwargs, *key->isolation})
          : exec::create_in_process_backend(type, key->kwargs);
  auto instance = std::make_unique<PooledInstance>(key, std::move(backend), nullptr);
  instance->active = true;
  return instance;
}

}  // namespace

PooledInstance::PooledInstance(const std::shared_ptr<const PoolKey>& k, std::unique_ptr<device::Backend> b, PoolSlot* s)
    : device::Instance(*k->type, k->kwargs, std::move(b), k), slot(s) {}

PoolKey::PoolKey(std::shared_ptr<const DeviceType> t, std::string canonical_kwargs,
                 std::optional<isolation::Settings> isolation_settings)
    : type(std::move(t)), kwargs(std::move(canonical_kwargs)), isolation(isolation_settings) {
  text = type->library_path().string();
  text += '\n';
  text += type->name();
  text += '\n';
  text += kwargs;
  if (isolation) {
    text += '\n';
    text += isolation->key_text();
  }
}

DevicePool::DevicePool(PoolPolicy policy)
    : policy_(policy),
      max_inactive_(policy.max_inactive.value_or(std::numeric_limits<std::size_t>::max())),
      max_inactive_per_key_(policy.max_inactive_per_key.value_or(std::numeric_limits<std::size_t>::max())),
      max_bytes_(policy.max_bytes.value_or(std::numeric_limits<std::uint64_t>::max())) {}

DevicePool::~DevicePool() { close(); }

Device DevicePool::acquire(const std::shared_ptr<const PoolKey>& key) {
  std::unique_ptr<PooledInstance> dead;  // an isolated worker that died while pooled
  {
    std::lock_guard lock(mutex_);
    if (closed_) throw Error(ErrorCode::State, "the runtime is finalized; no device can be initialized");
    auto it = slots_.find(key->text);
    if (it != slots_.end() && !it->second.idle.empty()) {
      PoolSlot& slot = it->second;
      PooledInstance* instance = slot.idle.back();  // the most recently used: its memory is likeliest cached
      slot.idle.erase(instance);
      lru_.erase(instance);
      slot.idle_bytes -= instance->bytes;
      idle_bytes_ -= instance->bytes;
      instance->bytes = 0;
      if (instance->backend->usable()) {
        instance->active = true;
        ++slot.active;
        ++active_;
        ++counters_.hits;
        return device::Access::lease(shared_from_this(), instance);
      }
      // Its worker died while pooled (killed, OOM...): destroyed below and replaced by a new one, so the
      // program never sees the stale worker.
      dead.reset(instance);
      ++counters_.destructions;
      forget_if_empty(slot);
    }
    ++counters_.misses;
  }
  dead.reset();  // reaps the dead worker outside the lock

  // Not found: create outside the lock (plugins may take long to create, workers to start).
  std::unique_ptr<PooledInstance> instance = create_instance(key);

  std::lock_guard lock(mutex_);
  if (closed_) throw Error(ErrorCode::State, "the runtime was finalized while a device was being created");
  auto [it, inserted] = slots_.try_emplace(key->text);
  PoolSlot& slot = it->second;
  if (inserted) slot.key = key;  // the map's key now views slot.key->text, equal to key->text
  ++slot.active;
  ++active_;
  ++counters_.creations;
  instance->slot = &slot;
  return device::Access::lease(shared_from_this(), instance.release());
}

void DevicePool::give_back(device::Instance* instance) noexcept { release(static_cast<PooledInstance*>(instance)); }

void DevicePool::release(PooledInstance* instance) noexcept {
  // The caller held the instance exclusively, so the reset and the memory query need no lock. A device
  // that cannot reset is not reusable: it is destroyed instead of pooled.
  std::uint64_t bytes = 0;
  const bool reusable = reset_for_reuse(*instance, bytes);

  PooledInstance* rejected = nullptr;  // not kept: destroyed after the lock is released
  Doomed evicted;                      // likewise; allocates only when something is evicted
  {
    std::lock_guard lock(mutex_);
    PoolSlot& slot = *instance->slot;
    instance->active = false;
    --slot.active;
    --active_;
    instance->bytes = bytes;
    if (reusable && !closed_ && fits_alone(*instance)) {
      try {
        file_as_inactive(instance, slot, evicted);
      } catch (...) {
        // No memory for the list of victims. evict() reserves before unlinking, so the instances
        // still linked stay pooled, the unlinked ones are in `evicted`, and nothing leaks.
      }
    } else {
      // Broken, the pool is closed, or a limit forbids keeping even this one instance.
      if (reusable && !closed_) ++counters_.evictions;
      ++counters_.destructions;
      rejected = instance;
      forget_if_empty(slot);
    }
  }
  delete rejected;
  for (PooledInstance* victim : evicted) delete victim;
}

bool DevicePool::fits_alone(const PooledInstance& instance) const noexcept {
  return max_inactive_ > 0 && max_inactive_per_key_ > 0 && instance.bytes <= max_bytes_;
}

// Files a reset instance (one that fits the limits on its own) as the newest Inactive one, then evicts
// the least recently released ones until every limit holds again: of its key for the per-key cap, of
// the whole pool for the global cap and the memory budget.
void DevicePool::file_as_inactive(PooledInstance* instance, PoolSlot& slot, Doomed& doomed) {
  slot.idle.push_back(instance);
  lru_.push_back(instance);
  slot.idle_bytes += instance->bytes;
  idle_bytes_ += instance->bytes;
  // The slot keeps `instance`, so evictions never forget it.
  while (slot.idle.size() > max_inactive_per_key_) evict(slot.idle.front(), doomed);
  while (lru_.size() > max_inactive_ || idle_bytes_ > max_bytes_) evict(lru_.front(), doomed);
}

void DevicePool::evict(PooledInstance* instance, Doomed& doomed) {
  if (doomed.size() == doomed.capacity())
    doomed.reserve(std::max<std::size_t>(4, 2 * doomed.size()));  // may throw: before unlinking
  PoolSlot& slot = *instance->slot;
  slot.idle.erase(instance);
  lru_.erase(instance);
  slot.idle_bytes -= instance->bytes;
  idle_bytes_ -= instance->bytes;
  doomed.push_back(instance);
  ++counters_.evictions;
  ++counters_.destructions;
  forget_if_empty(slot);
}

void DevicePool::forget_if_empty(PoolSlot& slot) {
  if (slot.active == 0 && slot.idle.empty()) slots_.erase(std::string_view(slot.key->text));
}

void DevicePool::close() {
  Doomed doomed;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    doomed.reserve(lru_.size());
    while (!lru_.empty()) {
      PooledInstance* instance = lru_.front();
      PoolSlot& slot = *instance->slot;
      slot.idle.erase(instance);
      lru_.erase(instance);
      slot.idle_bytes -= instance->bytes;
      idle_bytes_ -= instance->bytes;
      doomed.push_back(instance);
      ++counters_.destructions;
      forget_if_empty(slot);
    }
  }
  for (PooledInstance* instance : doomed) delete instance;
}

PoolStats DevicePool::stats() const {
  std::lock_guard lock(mutex_);
  PoolStats stats = counters_;
  stats.active = active_;
  stats.inactive = lru_.size();
  stats.bytes = idle_bytes_;
  stats.policy = policy_;
  stats.keys.reserve(slots_.size());
  for (const auto& [text, slot] : slots_) {
    PoolKeyStats k;
    k.library = slot.key->type->library_path().string();
    k.device = slot.key->type->name();
    k.kwargs = slot.key->kwargs;
    k.active = slot.active;
    k.inactive = slot.idle.size();
    k.bytes = slot.idle_bytes;
    k.isolated = slot.key->isolation.has_value();
    stats.keys.push_back(std::move(k));
  }
  std::sort(stats.keys.begin(), stats.keys.end(), [](const PoolKeyStats& a, const PoolKeyStats& b) {
    return std::tie(a.library, a.device, a.kwargs, a.isolated) < std::tie(b.library, b.device, b.kwargs, b.isolated);
  });
  return stats;
}

}  // namespace qrt
