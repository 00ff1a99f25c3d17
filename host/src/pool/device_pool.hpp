// The keyed device pool. Key = (canonical library path, device name, canonical kwargs). acquire()
// hands out an Inactive instance with an equal key (reset when it was released) or creates one;
// release() resets the instance and files it as Inactive. Creating happens outside the lock, so
// threads creating different devices never wait on each other.
#pragma once

#include <qrt/device.hpp>
#include <qrt/device_type.hpp>
#include <qrt/runtime.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace qrt {

// One device instance. Owned by the pool; borrowed by exactly one Device while Active.
struct PooledInstance {
  PooledInstance(std::shared_ptr<const DeviceType> type, std::string key, std::string kwargs, qrt_device* handle);
  ~PooledInstance();
  PooledInstance(const PooledInstance&) = delete;
  PooledInstance& operator=(const PooledInstance&) = delete;

  std::shared_ptr<const DeviceType> type;  // keeps the library loaded while the instance lives
  std::string key;
  std::string kwargs;
  qrt_device* handle;
  const qrt_device_functions* functions;  // == &type->functions(), cached for the hot path
  bool active = false;
};

class DevicePool : public std::enable_shared_from_this<DevicePool> {
 public:
  Device acquire(const std::shared_ptr<const DeviceType>& type, const std::string& canonical_kwargs);
  void release(PooledInstance* instance) noexcept;
  // Destroys the Inactive instances; Active ones are destroyed when released. acquire() then throws.
  void close();
  PoolStats stats() const;

 private:
  mutable std::mutex mutex_;
  bool closed_ = false;
  std::unordered_map<PooledInstance*, std::unique_ptr<PooledInstance>> instances_;
  std::unordered_map<std::string, std::vector<PooledInstance*>> idle_;  // key -> Inactive instances
  PoolStats counters_;  // hits, misses, creations, destructions (the rest is computed)
};

std::string pool_key(const DeviceType& type, const std::string& canonical_kwargs);

}  // namespace qrt
