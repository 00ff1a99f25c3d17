// The SDK side of the extension "qrt.synchronize/1" (qrt/extensions/synchronize.h): a device class that
// defers work offers it by defining
//   void synchronize();   // apply everything deferred
// and returning qrt::sdk::synchronize_extension<MyDevice>() from its `extension` hook:
//   static const void* extension(std::string_view id) noexcept {
//     return id == QRT_EXTENSION_SYNCHRONIZE ? qrt::sdk::synchronize_extension<MyDevice>() : nullptr;
//   }
// Exceptions become error values as everywhere in the SDK (detail::guarded).
#pragma once

#include <qrt/extensions/synchronize.h>
#include <qrt/sdk/adapter.hpp>

namespace qrt::sdk {

namespace detail {

template <class D>
qrt_error* synchronize_entry(qrt_device* device) noexcept {
  return guarded([&] { static_cast<D&>(as_device(device)).synchronize(); });
}

}  // namespace detail

// The extension's static struct for device class D (see the top of this file).
template <class D>
const qrt_synchronize_extension* synchronize_extension() noexcept {
  static const qrt_synchronize_extension extension{sizeof(qrt_synchronize_extension), &detail::synchronize_entry<D>};
  return &extension;
}

}  // namespace qrt::sdk
