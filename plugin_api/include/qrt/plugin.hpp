// qrt plugin SDK: write a device as a C++ class, export it with one macro.
//
//   class MyDevice : public qrt::sdk::Device {
//    public:
//     static constexpr std::string_view name = "my.qubit", version = "1.0.0", description = "...";
//     static qrt::sdk::Schema schema();              // kwargs: name, type, default, range, doc
//     static qrt::sdk::Capabilities capabilities();  // gates (their order = gate ids), measurements...
//     explicit MyDevice(const qrt::sdk::Kwargs& kwargs);
//     ... override what the device supports ...
//   };
//   QRT_PLUGIN("my-plugin", "1.0.0", MyDevice);
//
// The SDK validates kwargs against the schema, converts C arguments into spans and values, and catches
// every exception at the boundary, turning it into an error value with its message (Error carries a
// status code; any other std::exception becomes QRT_ERROR_INTERNAL). Header-only; needs only C++20.
#pragma once

#include <qrt/device_api.h>
#include <qrt/sdk/adapter.hpp>
#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/error.hpp>
#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

// Defines the library's entry symbol, offering the listed device classes.
#define QRT_PLUGIN(plugin_name, plugin_version, ...)                                                      \
  extern "C" QRT_PLUGIN_EXPORT const qrt_plugin_descriptor* qrt_plugin_entry(const qrt_host_info* host) { \
    return ::qrt::sdk::detail::plugin_descriptor<__VA_ARGS__>(host, plugin_name, plugin_version);         \
  }
