// What a qrt::Device lease points at, and where it goes back to. An Instance is a device type, the
// canonical kwargs it was created with and the backend that runs it (backend.hpp); its owner (the pool,
// or a process that serves one device) keeps it alive while it is leased and takes it back when the
// lease ends. Device's constructor is private: owners make leases through Access.
#pragma once

#include "device/backend.hpp"

#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/device_type.hpp>

#include <memory>
#include <string>

namespace qrt::device {

struct Instance {
  // `type` and `kwargs` are the owner's and outlive the instance; `key`, when given, holds them.
  Instance(const DeviceType& type, const std::string& kwargs, std::unique_ptr<Backend> backend,
           std::shared_ptr<const PoolKey> key = nullptr) noexcept
      : key(std::move(key)), type(type), kwargs(kwargs), backend(std::move(backend)) {}
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  // The resolved config the instance was made for (Device::resolved; opaque here: the runtime makes it);
  // null for an instance that no runtime resolved (the isolation worker's). Declared first, so that it is
  // destroyed last: it keeps the type (and its library) and the kwargs alive.
  std::shared_ptr<const PoolKey> key;
  const DeviceType& type;
  const std::string& kwargs;  // canonical JSON
  std::unique_ptr<Backend> backend;
};

class Owner {
 public:
  // The lease on `instance` ended (Device::release or its destructor). Must not throw.
  virtual void give_back(Instance* instance) noexcept = 0;

 protected:
  ~Owner() = default;
};

// The internal side of Device, for the code that makes leases and runs programs on them.
struct Access {
  static Device lease(std::shared_ptr<Owner> owner, Instance* instance) noexcept {
    return Device(std::move(owner), instance);
  }
  // The backend of a live lease (throws Error(State) for a released one, naming `operation`).
  static Backend& backend(const Device& device, const char* operation) { return *device.live(operation).backend; }
};

// A lease on an instance that no pool keeps: when it ends, the instance is destroyed. For a process that
// serves one device (the isolation worker).
Device lease_unpooled(std::shared_ptr<const DeviceType> type, std::string kwargs,
                      std::unique_ptr<Backend> (*create)(const DeviceType& type, const std::string& kwargs));

}  // namespace qrt::device
