// The counters a fake plugin keeps (fake_plugin_counters.h), read from the same loaded copy of the
// library the host uses: dlopen of an already loaded file returns that copy.
#pragma once

#include "fake_plugin_counters.h"

#include <filesystem>

namespace qrt::test {

class FakeCounters {
 public:
  explicit FakeCounters(const std::filesystem::path& library);
  ~FakeCounters();
  FakeCounters(const FakeCounters&) = delete;
  FakeCounters& operator=(const FakeCounters&) = delete;

  fake_plugin_counters read() const;

 private:
  void* handle_;
  fake_plugin_read_counters_fn read_;
};

// Field-wise a - b: what happened between two readings.
fake_plugin_counters operator-(const fake_plugin_counters& a, const fake_plugin_counters& b);

}  // namespace qrt::test
