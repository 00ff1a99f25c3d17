// PoolStats as JSON, for `qrt run/batch --stats` and for programs that log the pool.
#include <qrt/pool_policy.hpp>
#include <qrt/pool_stats.hpp>

#include <boost/json.hpp>

namespace qrt {

namespace {

// A limit, or null for "no limit".
template <class T>
boost::json::value limit(const std::optional<T>& value) {
  return value ? boost::json::value(static_cast<std::uint64_t>(*value)) : boost::json::value(nullptr);
}

}  // namespace

std::string to_json(const PoolStats& stats) {
  boost::json::array keys;
  for (const auto& key : stats.keys) {
    boost::json::value kwargs;
    try {
      kwargs = boost::json::parse(key.kwargs);
    } catch (const std::exception&) {
      kwargs = boost::json::string(key.kwargs);  // canonical kwargs are JSON; keep the text if not
    }
    keys.push_back({{"library", key.library},
                    {"device", key.device},
                    {"kwargs", std::move(kwargs)},
                    {"active", key.active},
                    {"inactive", key.inactive},
                    {"bytes", key.bytes}});
    if (key.isolated) keys.back().as_object()["isolated"] = true;  // instances in worker processes
  }
  boost::json::object doc{
      {"hits", stats.hits},
      {"misses", stats.misses},
      {"creations", stats.creations},
      {"destructions", stats.destructions},
      {"evictions", stats.evictions},
      {"active", stats.active},
      {"inactive", stats.inactive},
      {"bytes", stats.bytes},
      {"policy",
       {{"max_inactive", limit(stats.policy.max_inactive)},
        {"max_inactive_per_key", limit(stats.policy.max_inactive_per_key)},
        {"max_bytes", limit(stats.policy.max_bytes)}}},
      {"keys", std::move(keys)},
  };
  return boost::json::serialize(doc);
}

}  // namespace qrt
