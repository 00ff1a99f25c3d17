#include <qrt/runtime.hpp>

#include "config/config_string.hpp"
#include "config/kwargs_schema.hpp"
#include "process/plugin_scan.hpp"
#include "isolation/settings.hpp"
#include "pool/device_pool.hpp"
#include "registry/registry.hpp"

#include <boost/json.hpp>

#include <atomic>
#include <shared_mutex>
#include <unordered_map>

#ifndef QRT_VERSION_STRING
#define QRT_VERSION_STRING "0.0.0"
#endif

namespace qrt {

const char* version() noexcept { return QRT_VERSION_STRING; }

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

}  // namespace

// The global isolation switch and whether discovery scans in child processes (see runtime.hpp).
bool isolate_by_default(const RuntimeOptions& options) {
  return options.isolate.value_or(isolation::isolation_requested_by_environment());
}
bool scan_in_children(const RuntimeOptions& options) {
  return options.scan_isolated.value_or(process::scan_isolation_requested_by_environment() ||
                                        isolate_by_default(options));
}

struct Runtime::Impl {
  explicit Impl(RuntimeOptions options)
      : isolate(isolate_by_default(options)),
        registry(options.plugin_dirs.empty() ? default_plugin_dirs() : options.plugin_dirs,
                 options.warn_on_load_failure, TrustPolicy::from(options.allow_unsafe_plugins),
                 scan_in_children(options)),
        pool(std::make_shared<DevicePool>(options.pool.or_else(pool_policy_from_environment()))) {}

  // The host-level isolation keys are taken out before the plugin's schema sees the kwargs.
  Resolved resolve(std::string_view device, std::string_view library, config::ParsedConfig parsed) {
    auto settings = isolation::take_isolation_keys(parsed.kwargs, parsed.bare_tokens, isolate);
    auto type = library.empty() ? registry.find(device)
                                : registry.from_library(std::filesystem::path(library), device, settings.has_value());
    // An isolated device needs only the description; one that runs here needs the library mapped.
    if (!settings) type = registry.loaded(type);
    std::string canonical = type->schema().canonicalize(parsed.kwargs, parsed.bare_tokens, type->name());
    return std::make_shared<const PoolKey>(std::move(type), std::move(canonical), std::move(settings));
  }

  const bool isolate;
  Registry registry;
  std::shared_ptr<DevicePool> pool;
  ResolutionCache cache;
  std::atomic<bool> finalized{false};
};

Runtime::Runtime(RuntimeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Runtime::~Runtime() { finalize(); }

std::pair<std::shared_ptr<const DeviceType>, std::string> Runtime::resolve(std::string_view config) {
  config::ParsedConfig parsed = config::parse_config(config);
  Resolved r = impl_->resolve(parsed.device, parsed.library, parsed);
  if (!r->isolation || !r->isolation->from_config) return {r->type, r->kwargs};
  // The config's own isolation keys travel with its kwargs, so that open(library, name, kwargs) keeps them.
  boost::json::object kwargs = boost::json::parse(r->kwargs).as_object();
  r->isolation->add_keys_to(kwargs);
  return {r->type, boost::json::serialize(kwargs)};
}

Device Runtime::open(std::string_view config) {
  if (impl_->finalized.load(std::memory_order_acquire))
    throw Error(ErrorCode::State, "the runtime is finalized; no device can be initialized");
  Resolved r = impl_->cache.get(std::string(config), [&] {
    config::ParsedConfig parsed = config::parse_config(config);
    return impl_->resolve(parsed.device, parsed.library, parsed);
  });
  return impl_->pool->acquire(r);
}

Device Runtime::open(std::string_view library, std::string_view name, std::string_view kwargs) {
  if (impl_->finalized.load(std::memory_order_acquire))
    throw Error(ErrorCode::State, "the runtime is finalized; no device can be initialized");
  if (name.empty()) throw Error(ErrorCode::Config, "device name is empty");
  std::string text;
  text.reserve(library.size() + name.size() + kwargs.size() + 2);
  text.append(library).append(1, '\0').append(name).append(1, '\0').append(kwargs);
  Resolved r = impl_->cache.get(text, [&] {
    config::ParsedConfig parsed = config::parse_kwargs(kwargs);
    return impl_->resolve(name, library, parsed);
  });
  return impl_->pool->acquire(r);
}

const std::vector<PluginReport>& Runtime::plugins() const { return impl_->registry.plugins(); }
const std::vector<LoadFailure>& Runtime::load_failures() const { return impl_->registry.failures(); }
PoolStats Runtime::pool_stats() const { return impl_->pool->stats(); }
const PoolPolicy& Runtime::pool_policy() const { return impl_->pool->policy(); }

void Runtime::finalize() {
  if (!impl_) return;
  impl_->finalized.store(true, std::memory_order_release);
  impl_->pool->close();
}

}  // namespace qrt
