#include "pool/device_pool.hpp"

#include "isolation/worker.hpp"
#include "loader/plugin_error.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace qrt {

namespace {

// Reports a plugin error value nobody will see (a failed reset or memory query on release, which must
// not throw) by destroying it, so that it is not leaked.
void discard(qrt_error* error, const DeviceType& type, const char* operation) noexcept {
  if (!error) return;
  try {
    loader::throw_plugin_error(error, type.name(), operation);
  } catch (...) {
  }
}

// What a freshly reset instance holds; 0 when the device cannot tell.
std::uint64_t memory_after_reset(const PooledInstance& instance) noexcept {
  const qrt_device_functions* f = instance.functions;
  if (!QRT_HAS_FUNCTION(f, qrt_device_functions, memory_bytes)) return 0;
  std::uint64_t bytes = 0;
  qrt_error* error = nullptr;
  try {
    error = f->memory_bytes(instance.handle, &bytes);
  } catch (...) {  // a C++ exception out of the plugin (the ABI forbids it): the device cannot tell
    return 0;
  }
  if (error) {
    discard(error, *instance.type, "memory_bytes");
    return 0;
  }
  return bytes;
}

// Resets an instance that comes back from its lease; false when it cannot be reused. `bytes`: what it
// holds afterwards. An isolated instance is reset by its worker (false when the worker died).
bool reset_for_reuse(PooledInstance& instance, std::uint64_t& bytes) noexcept {
  if (instance.worker) return instance.worker->reset(bytes);
  qrt_error* error = nullptr;
  try {
    error = instance.functions->reset(instance.handle);
  } catch (...) {  // a C++ exception out of the plugin (the ABI forbids it): not reusable
    return false;
  }
  const bool reusable = error == nullptr;
  discard(error, *instance.type, "reset");
  bytes = reusable ? memory_after_reset(instance) : 0;
  return reusable;
}

// A new Active instance of the key: created by the plugin in this process, or in a new worker process.
std::unique_ptr<PooledInstance> create_instance(const std::shared_ptr<const PoolKey>& key) {
  const DeviceType& type = *key->type;
  if (key->isolation) {
    auto instance = std::make_unique<PooledInstance>(key, nullptr, nullptr);
    instance->worker = isolation::Worker::start({type.library_path(), type.name(), key->kwargs, *key->isolation});
    instance->active = true;
    return instance;
  }
  qrt_device* handle = nullptr;
  loader::call_plugin(type.name(), type.library_path(), "create",
                      [&] { return type.functions().create(key->kwargs.c_str(), &handle); });
  if (!handle) throw Error(ErrorCode::Internal, type.name() + ": create succeeded but returned no instance");
  auto instance = std::make_unique<PooledInstance>(key, handle, nullptr);
  instance->active = true;
  return instance;
}

}  // namespace

PooledInstance::PooledInstance(std::shared_ptr<const PoolKey> k, qrt_device* h, PoolSlot* s)
    : key(std::move(k)), type(key->type), kwargs(key->kwargs), handle(h), functions(key->isolation ? nullptr : &type->functions()), slot(s) {}

PooledInstance::~PooledInstance() {
  if (!handle) return;
  try {
    functions->destroy(handle);
  } catch (...) {  // a C++ exception out of the plugin (the ABI forbids it): nothing more can be done
  }
}

PoolKey::PoolKey(std::shared_ptr<const DeviceType> t, std::string canonical_kwargs,
                 std::optional<isolation::Settings> isolation_settings)
    : type(std::move(t)), kwargs(std::move(canonical_kwargs)), isolation(std::move(isolation_settings)) {
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
      if (!instance->worker || instance->worker->idle_and_listening()) {
        instance->active = true;
        ++slot.active;
        ++active_;
        ++counters_.hits;
        return Device(shared_from_this(), instance);
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
  return Device(shared_from_this(), instance.release());
}

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
  if (doomed.size() == doomed.capacity()) doomed.reserve(std::max<std::size_t>(4, 2 * doomed.size()));  // may throw: before unlinking
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
