#include "isolation/settings.hpp"

#include "config/environment.hpp"

#include <qrt/error.hpp>

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <cmath>
#include <string_view>

namespace qrt::isolation {
namespace {

constexpr std::string_view kIsolate = "isolate", kTimeout = "isolate_timeout", kMemory = "isolate_memory";

double positive_number(const boost::json::value& v, std::string_view key) {
  double d = 0;
  if (v.is_int64()) d = static_cast<double>(v.get_int64());
  else if (v.is_uint64()) d = static_cast<double>(v.get_uint64());
  else if (v.is_double()) d = v.get_double();
  else d = -1;
  if (!(d > 0) || !std::isfinite(d))
    throw Error(ErrorCode::Config,
                std::string(key) + " expects a positive number of seconds, got " + boost::json::serialize(v));
  return d;
}

std::uint64_t positive_integer(const boost::json::value& v, std::string_view key) {
  if (v.is_int64() && v.get_int64() > 0) return static_cast<std::uint64_t>(v.get_int64());
  if (v.is_uint64() && v.get_uint64() > 0) return v.get_uint64();
  throw Error(ErrorCode::Config,
              std::string(key) + " expects a positive integer (bytes), got " + boost::json::serialize(v));
}

}  // namespace

void move_host_keys(boost::json::object& from, boost::json::object& to) {
  for (auto key : {kIsolate, kTimeout, kMemory}) {
    if (auto* v = from.if_contains(key)) {
      to[key] = *v;
      from.erase(key);
    }
  }
}

bool isolation_requested_by_environment() { return config::environment_switch("QRT_ISOLATE").value_or(false); }

std::string Settings::key_text() const {
  std::string text = "isolated";
  if (timeout_seconds) text += ",timeout=" + std::to_string(*timeout_seconds);
  if (memory_bytes) text += ",memory=" + std::to_string(*memory_bytes);
  return text;
}

void Settings::add_keys_to(boost::json::object& kwargs) const {
  kwargs[kIsolate] = true;
  if (timeout_seconds) kwargs[kTimeout] = *timeout_seconds;
  if (memory_bytes) kwargs[kMemory] = *memory_bytes;
}

std::optional<Settings> take_isolation_keys(boost::json::object& kwargs, boost::json::object& bare_tokens,
                                            bool global_default) {
  std::optional<bool> isolate;
  Settings settings;
  if (auto* v = kwargs.if_contains(kIsolate)) {
    if (!v->is_bool())
      throw Error(ErrorCode::Config, "isolate expects true or false, got " + boost::json::serialize(*v));
    isolate = v->get_bool();
  }
  if (auto* v = kwargs.if_contains(kTimeout)) settings.timeout_seconds = positive_number(*v, kTimeout);
  if (auto* v = kwargs.if_contains(kMemory)) settings.memory_bytes = positive_integer(*v, kMemory);
  for (auto key : {kIsolate, kTimeout, kMemory}) {
    kwargs.erase(key);
    bare_tokens.erase(key);
  }
  const bool isolated = isolate.value_or(global_default);
  if (!isolated) {
    if (settings.timeout_seconds || settings.memory_bytes)
      throw Error(ErrorCode::Config,
                  "isolate_timeout and isolate_memory apply to isolated devices only: add isolate=true");
    return std::nullopt;
  }
  settings.from_config = isolate.value_or(false);
  if (!settings.timeout_seconds) settings.timeout_seconds = config::environment_seconds("QRT_ISOLATE_TIMEOUT");
  if (!settings.memory_bytes) settings.memory_bytes = config::environment_bytes("QRT_ISOLATE_MEMORY");
  return settings;
}

}  // namespace qrt::isolation
