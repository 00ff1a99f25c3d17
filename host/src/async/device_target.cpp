#include "async/device_target.hpp"

#include "config/config_string.hpp"
#include "config/kwargs_schema.hpp"
#include "isolation/settings.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace qrt::async {

namespace {

constexpr std::string_view kThreadsKwarg = "threads";

std::int64_t clamp_to(const config::KwargSpec& spec, std::size_t value) {
  double v = static_cast<double>(value);
  if (spec.min) v = std::max(v, std::ceil(*spec.min));
  if (spec.max) v = std::min(v, std::floor(*spec.max));
  return static_cast<std::int64_t>(v);
}

}  // namespace

DeviceTarget resolve_target(Runtime& runtime, std::string_view config, std::size_t device_threads) {
  auto [type, canonical] = runtime.resolve(config);
  DeviceTarget target{type->library_path().string(), type->name(), std::move(canonical)};
  if (device_threads == 0) return target;
  const config::KwargSpec* spec = type->schema().find(kThreadsKwarg);
  if (spec == nullptr || spec->type != config::KwargType::Integer) return target;
  // The user's own choice wins; resolve() succeeded, so the config parses.
  if (config::parse_config(config).kwargs.contains(kThreadsKwarg)) return target;

  boost::json::object kwargs = boost::json::parse(target.kwargs).as_object();
  // The host's own keys (isolate=...) are not in the plugin's schema: keep them aside meanwhile.
  boost::json::object host_keys;
  isolation::move_host_keys(kwargs, host_keys);
  kwargs[kThreadsKwarg] = clamp_to(*spec, device_threads);
  // Canonical again (same keys, same order, an integer in place of an integer).
  target.kwargs = type->canonicalize_kwargs(boost::json::serialize(kwargs));
  if (!host_keys.empty()) {
    boost::json::object with_host_keys = boost::json::parse(target.kwargs).as_object();
    for (const auto& [key, value] : host_keys) with_host_keys[key] = value;
    target.kwargs = boost::json::serialize(with_host_keys);
  }
  return target;
}

}  // namespace qrt::async
