#include "pool/device_pool.hpp"

#include "loader/plugin_error.hpp"

#include <map>
#include <tuple>

namespace qrt {

PooledInstance::PooledInstance(std::shared_ptr<const DeviceType> t, std::string k, std::string kw, qrt_device* h)
    : type(std::move(t)), key(std::move(k)), kwargs(std::move(kw)), handle(h), functions(&type->functions()) {}

PooledInstance::~PooledInstance() { functions->destroy(handle); }

std::string pool_key(const DeviceType& type, const std::string& canonical_kwargs) {
  std::string key = type.library_path().string();
  key += '\n';
  key += type.name();
  key += '\n';
  key += canonical_kwargs;
  return key;
}

Device DevicePool::acquire(const std::shared_ptr<const DeviceType>& type, const std::string& canonical_kwargs) {
  std::string key = pool_key(*type, canonical_kwargs);
  {
    std::lock_guard lock(mutex_);
    if (closed_) throw Error(ErrorCode::State, "the runtime is finalized; no device can be initialized");
    auto it = idle_.find(key);
    if (it != idle_.end() && !it->second.empty()) {
      PooledInstance* instance = it->second.back();
      it->second.pop_back();
      instance->active = true;
      ++counters_.hits;
      return Device(shared_from_this(), instance);
    }
    ++counters_.misses;
  }

  // Not found: create outside the lock (plugins may take long to create).
  qrt_device* handle = nullptr;
  loader::check(type->functions().create(canonical_kwargs.c_str(), &handle), type->name(), "create");
  if (!handle) throw Error(ErrorCode::Internal, type->name() + ": create succeeded but returned no instance");
  auto instance = std::make_unique<PooledInstance>(type, std::move(key), canonical_kwargs, handle);
  instance->active = true;

  std::lock_guard lock(mutex_);
  if (closed_) throw Error(ErrorCode::State, "the runtime was finalized while a device was being created");
  PooledInstance* raw = instance.get();
  instances_.emplace(raw, std::move(instance));
  ++counters_.creations;
  return Device(shared_from_this(), raw);
}

void DevicePool::release(PooledInstance* instance) noexcept {
  // The caller held the instance exclusively, so the reset needs no lock. A device that cannot reset
  // is not reusable: it is destroyed instead of pooled.
  qrt_error* error = instance->functions->reset(instance->handle);
  bool reusable = error == nullptr;
  if (error) {
    try {
      loader::throw_plugin_error(error, instance->type->name(), "reset");
    } catch (...) {
    }
  }
  std::unique_ptr<PooledInstance> doomed;
  {
    std::lock_guard lock(mutex_);
    instance->active = false;
    if (reusable && !closed_) {
      try {
        idle_[instance->key].push_back(instance);
        return;
      } catch (...) {  // no memory to file it: destroy it
      }
    }
    auto it = instances_.find(instance);
    doomed = std::move(it->second);
    instances_.erase(it);
    ++counters_.destructions;
  }
  // `doomed` is destroyed here, outside the lock.
}

void DevicePool::close() {
  std::vector<std::unique_ptr<PooledInstance>> doomed;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& [key, list] : idle_) {
      for (PooledInstance* instance : list) {
        auto it = instances_.find(instance);
        doomed.push_back(std::move(it->second));
        instances_.erase(it);
        ++counters_.destructions;
      }
    }
    idle_.clear();
  }
}

PoolStats DevicePool::stats() const {
  std::lock_guard lock(mutex_);
  PoolStats stats = counters_;
  std::map<std::tuple<std::string, std::string, std::string>, PoolKeyStats> keys;
  for (const auto& [raw, instance] : instances_) {
    auto& k = keys[{instance->type->library_path().string(), instance->type->name(), instance->kwargs}];
    k.library = instance->type->library_path().string();
    k.device = instance->type->name();
    k.kwargs = instance->kwargs;
    (instance->active ? k.active : k.inactive) += 1;
    (instance->active ? stats.active : stats.inactive) += 1;
  }
  for (auto& [key, k] : keys) stats.keys.push_back(std::move(k));
  return stats;
}

}  // namespace qrt
