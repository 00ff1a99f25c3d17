// statevector.qubit loaded straight through the C ABI (dlopen + qrt_plugin_entry), with no host in
// between: for the tests that check what the plugin itself answers.
#pragma once

#include <qrt/device_api.h>

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <string>

namespace qrt::test {

class LoadedPlugin {
 public:
  LoadedPlugin() {
    const std::string path = std::string(QRT_TEST_PLUGIN_DIR) + "/qrt_statevector_qubit.so";
    // RTLD_NODELETE, as the host loads plugins (loader/plugin_library.cpp): the plugin's OpenMP pool
    // threads outlive the handle, and unmapped code under them crashed a later test case.
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    INFO(path << ": " << (handle ? "" : dlerror()));
    REQUIRE(handle);
    auto entry = reinterpret_cast<qrt_plugin_entry_fn>(dlsym(handle, QRT_PLUGIN_ENTRY_SYMBOL));
    REQUIRE(entry);
    qrt_host_info host{sizeof(qrt_host_info), QRT_ABI_VERSION_MAJOR, QRT_ABI_VERSION_MINOR, "test"};
    const qrt_plugin_descriptor* plugin = entry(&host);
    REQUIRE(plugin);
    REQUIRE(plugin->device_count == 1);
    device = plugin->devices[0];
  }
  ~LoadedPlugin() {
    if (handle) dlclose(handle);
  }
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  void* handle = nullptr;
  const qrt_device_descriptor* device = nullptr;
};

}  // namespace qrt::test
