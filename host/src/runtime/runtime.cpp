#include <qrt/runtime.hpp>

#include "config/config_string.hpp"
#include "config/device_spec_parsed.hpp"
#include "config/kwargs_schema.hpp"
#include "isolation/settings.hpp"
#include "pool/device_pool.hpp"
#include "process/plugin_scan.hpp"
#include "registry/registry.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <shared_mutex>
#include <unordered_map>

namespace qrt {

namespace {

// Shared, so that a cache hit costs a reference count rather than copies of the key's strings.
using Resolved = std::shared_ptr<const PoolKey>;

// Config strings repeat (a sweep opens the same device thousands of times): resolving one (parse,
// schema validation, canonicalisation) is done once per distinct text.
class ResolutionCache {
 public:
  template <class Make>
  Resolved get(const std::string& text, Make&& make) {
    {
      std::shared_lock lock(mutex_);
      auto it = map_.find(text);
      if (it != map_.end()) return it->second;
    }
    Resolved resolved = make();
    std::unique_lock lock(mutex_);
    if (map_.size() >= kCapacity) map_.clear();  // bounded; a miss only costs a re-resolve
    map_.emplace(text, resolved);
    return resolved;
  }

 private:
  static constexpr std::size_t kCapacity = 4096;
  std::shared_mutex mutex_;
  std::unordered_map<std::string, Resolved> map_;
};

// A whole-number kwarg of the canonical kwargs, when set (absent or null: unset).
std::optional<std::uint64_t> whole_number(const boost::json::object& kwargs, std::string_view key) {
  const boost::json::value* v = kwargs.if_contains(key);
  if (v == nullptr) return std::nullopt;
  if (v->is_uint64()) return v->get_uint64();
  if (v->is_int64() && v->get_int64() >= 0) return static_cast<std::uint64_t>(v->get_int64());
  return std::nullopt;
}

}  // namespace

// The global isolation switch and whether discovery scans in child processes (see runtime.hpp).
bool isolate_by_default(const RuntimeOptions& options) {
  return options.isolate.value_or(isolation::isolation_requested_by_environment());
}
bool scan_in_children(const RuntimeOptions& options) {
  if (options.scan_isolated) return *options.scan_isolated;
  // The global isolation switch keeps plugins out of this process, discovery included.
  return process::scan_isolation_from_environment().value_or(true) || isolate_by_default(options);
}
std::optional<std::filesystem::path> plugin_cache_of(const RuntimeOptions& options) {
  if (!options.plugin_cache) return PluginCache::default_location();
  if (options.plugin_cache->empty()) return std::nullopt;
  return options.plugin_cache;
}

struct Runtime::Impl {
  explicit Impl(RuntimeOptions options)
      : isolate(isolate_by_default(options)),
        registry(options.plugin_dirs.empty() ? default_plugin_dirs() : std::move(options.plugin_dirs),
                 options.warn_on_load_failure, TrustPolicy::from(options.allow_unsafe_plugins),
                 scan_in_children(options), plugin_cache_of(options)),
        pool(std::make_shared<DevicePool>(options.pool.or_else(pool_policy_from_environment()))) {}

  // The host-level isolation keys are taken out before the plugin's schema sees the kwargs.
  Resolved resolve(const DeviceSpec::Parsed& spec) {
    config::ParsedConfig parsed = spec.config;
    auto settings = isolation::take_isolation_keys(parsed.kwargs, parsed.bare_tokens, isolate);
    auto type = parsed.library.empty()
                    ? registry.find(parsed.device)
                    : registry.from_library(std::filesystem::path(parsed.library), parsed.device, settings.has_value());
    const config::KwargsSchema& schema = type->schema();
    // A kwarg a caller added (with_kwarg) that the device does not have is that caller's mistake: say so in
    // its own terms (the option the user gave), not as an unknown key of a config the user did not write.
    for (const auto& [key, origin] : spec.origins)
      if (schema.find(key) == nullptr)
        throw RequestError(std::string(origin.as_string()) + " applies to devices with a " + std::string(key) +
                           " setting; " + type->name() + " has none");
    for (const auto& [key, value] : spec.integer_defaults) {
      const config::KwargSpec* kwarg = schema.find(key);
      if (kwarg == nullptr || kwarg->type != config::KwargType::Integer || parsed.kwargs.contains(key)) continue;
      double v = static_cast<double>(value.as_int64());
      if (kwarg->min) v = std::max(v, std::ceil(*kwarg->min));
      if (kwarg->max) v = std::min(v, std::floor(*kwarg->max));
      parsed.kwargs[key] = static_cast<std::int64_t>(v);
    }
    // An isolated device needs only the description; one that runs here needs the library mapped.
    if (!settings) type = registry.loaded(type);
    std::string canonical = schema.canonicalize(parsed.kwargs, parsed.bare_tokens, type->name());
    auto key = std::make_shared<PoolKey>(std::move(type), std::move(canonical), settings);
    const boost::json::value canonical_kwargs = boost::json::parse(key->kwargs);
    key->shots = whole_number(canonical_kwargs.as_object(), "shots");
    key->seed = whole_number(canonical_kwargs.as_object(), "seed");
    return key;
  }

  void require_running() const {
    if (finalized.load(std::memory_order_acquire))
      throw Error(ErrorCode::State, "the runtime is finalized; no device can be initialized");
  }

  const bool isolate;
  Registry registry;
  std::shared_ptr<DevicePool> pool;
  ResolutionCache cache;
  std::atomic<bool> finalized{false};
};

Runtime::Runtime(RuntimeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Runtime::~Runtime() { finalize(); }

ResolvedDevice Runtime::resolve(const DeviceSpec& spec) {
  return ResolvedDevice(impl_->cache.get(spec.parsed_->cache_key, [&] { return impl_->resolve(*spec.parsed_); }));
}

ResolvedDevice Runtime::resolve(std::string_view config) {
  return ResolvedDevice(
      impl_->cache.get(std::string(config), [&] { return impl_->resolve(*DeviceSpec::parse(config).parsed_); }));
}

Device Runtime::open(const ResolvedDevice& device) {
  impl_->require_running();
  return impl_->pool->acquire(device.key_);
}

Device Runtime::open(const DeviceSpec& spec) {
  impl_->require_running();
  return impl_->pool->acquire(impl_->cache.get(spec.parsed_->cache_key, [&] { return impl_->resolve(*spec.parsed_); }));
}

// Config strings repeat (a sweep opens the same device thousands of times): a cached text is not parsed.
Device Runtime::open(std::string_view config) {
  impl_->require_running();
  return impl_->pool->acquire(
      impl_->cache.get(std::string(config), [&] { return impl_->resolve(*DeviceSpec::parse(config).parsed_); }));
}

Device Runtime::open(std::string_view library, std::string_view name, std::string_view kwargs) {
  impl_->require_running();
  if (name.empty()) throw Error(ErrorCode::Config, "device name is empty");
  std::string text;
  text.reserve(library.size() + name.size() + kwargs.size() + 2);
  text.append(library).append(1, '\0').append(name).append(1, '\0').append(kwargs);
  return impl_->pool->acquire(
      impl_->cache.get(text, [&] { return impl_->resolve(*DeviceSpec::from_parts(library, name, kwargs).parsed_); }));
}

const std::vector<PluginReport>& Runtime::plugins() const { return impl_->registry.plugins(); }
const std::vector<LoadFailure>& Runtime::load_failures() const { return impl_->registry.failures(); }
const std::optional<std::filesystem::path>& Runtime::plugin_cache_file() const { return impl_->registry.cache_file(); }
PoolStats Runtime::pool_stats() const { return impl_->pool->stats(); }
const PoolPolicy& Runtime::pool_policy() const { return impl_->pool->policy(); }

void Runtime::finalize() {
  if (!impl_) return;
  impl_->finalized.store(true, std::memory_order_release);
  impl_->pool->close();
}

}  // namespace qrt
