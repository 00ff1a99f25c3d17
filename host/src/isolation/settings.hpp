// Whether and how a device runs isolated in a worker process. Host-level keys of a config string,
// removed before the plugin's schema sees the kwargs:
//
//   isolate=true            run the device in a worker process (default: the global switch, see below)
//   isolate_timeout=SECONDS a program (or the creation, or a reset) that takes longer kills the worker
//                           (default: $QRT_ISOLATE_TIMEOUT, else no limit)
//   isolate_memory=BYTES    RLIMIT_AS of the worker (default: $QRT_ISOLATE_MEMORY, else no limit)
//
// The global switch: RuntimeOptions::isolate, else $QRT_ISOLATE=1 (`qrt run/batch --isolate` set it);
// an explicit isolate=false in a config wins over it.
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace qrt::isolation {

struct Settings {
  std::optional<double> timeout_seconds;
  std::optional<std::uint64_t> memory_bytes;
  // The config itself asked for isolation (so the keys travel with its resolved kwargs).
  bool from_config = false;

  // Part of the pool key: instances with different limits are not interchangeable.
  std::string key_text() const;
  // The host-level keys, to merge into a kwargs JSON object that is parsed again later.
  void add_keys_to(boost::json::object& kwargs) const;
};

// Moves the host-level keys (isolate, isolate_timeout, isolate_memory) from `from` to `to`: for code that
// re-canonicalises resolved kwargs through the plugin's schema and must keep them aside meanwhile.
void move_host_keys(boost::json::object& from, boost::json::object& to);

// $QRT_ISOLATE is set to 1/true/yes/on.
bool isolation_requested_by_environment();

// Removes the host-level keys from `kwargs` (and `bare_tokens`) and returns the settings when the device
// runs isolated: isolate=true, or `global_default` and no isolate=false. Throws qrt::Error(Config) for a
// mistyped value, or for isolate_timeout / isolate_memory on a device that does not run isolated.
std::optional<Settings> take_isolation_keys(boost::json::object& kwargs, boost::json::object& bare_tokens,
                                            bool global_default);

}  // namespace qrt::isolation
