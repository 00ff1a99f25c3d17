#include "fake_counters.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

namespace qrt::test {

FakeCounters::FakeCounters(const std::filesystem::path& library) {
  std::string file = std::filesystem::canonical(library).string();
  handle_ = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw std::runtime_error("FakeCounters: dlopen(" + file + "): " + dlerror());
  read_ = reinterpret_cast<fake_plugin_read_counters_fn>(dlsym(handle_, FAKE_PLUGIN_COUNTERS_SYMBOL));
  if (!read_) {
    dlclose(handle_);
    throw std::runtime_error("FakeCounters: " + file + " does not export " FAKE_PLUGIN_COUNTERS_SYMBOL);
  }
}

FakeCounters::~FakeCounters() { dlclose(handle_); }

fake_plugin_counters FakeCounters::read() const {
  fake_plugin_counters counters{};
  read_(&counters);
  return counters;
}

fake_plugin_counters operator-(const fake_plugin_counters& a, const fake_plugin_counters& b) {
  return {a.instances_created - b.instances_created,
          a.instances_destroyed - b.instances_destroyed,
          a.resets - b.resets,
          a.failed_resets - b.failed_resets,
          a.errors_created - b.errors_created,
          a.errors_destroyed - b.errors_destroyed,
          a.overlapping_calls - b.overlapping_calls,
          a.counts_calls - b.counts_calls};
}

}  // namespace qrt::test
