#include <qrt/device_spec.hpp>

#include "config/device_spec_parsed.hpp"

#include <qrt/error.hpp>

#include <boost/json/serialize.hpp>

namespace qrt {
namespace {

std::string cache_key_of(const DeviceSpec::Parsed& p) {
  std::string key = p.text;
  if (!p.origins.empty()) key.append(1, '\0').append(boost::json::serialize(p.config.kwargs));
  if (!p.integer_defaults.empty()) key.append(1, '\1').append(boost::json::serialize(p.integer_defaults));
  return key;
}

}  // namespace

DeviceSpec DeviceSpec::parse(std::string_view config) {
  auto p = std::make_shared<Parsed>();
  p->text = std::string(config);
  p->config = config::parse_config(config);
  p->cache_key = p->text;
  return DeviceSpec(std::move(p));
}

DeviceSpec DeviceSpec::from_parts(std::string_view library, std::string_view name, std::string_view kwargs) {
  if (name.empty()) throw Error(ErrorCode::Config, "device name is empty");
  auto p = std::make_shared<Parsed>();
  p->config = config::parse_kwargs(kwargs);
  p->config.device = std::string(name);
  p->config.library = std::string(library);
  p->text = std::string(name) + (library.empty() ? "" : "@" + std::string(library)) +
            (kwargs.empty() ? "" : ":" + std::string(kwargs));
  // The parts joined by NULs cannot collide with a config string (which never holds one unescaped).
  p->cache_key.append(library).append(1, '\0').append(name).append(1, '\0').append(kwargs);
  return DeviceSpec(std::move(p));
}

const std::string& DeviceSpec::name() const { return parsed_->config.device; }
const std::string& DeviceSpec::library() const { return parsed_->config.library; }
const std::string& DeviceSpec::text() const { return parsed_->text; }
bool DeviceSpec::sets(std::string_view key) const { return parsed_->config.kwargs.contains(key); }

DeviceSpec DeviceSpec::with_kwarg(std::string_view key, std::string_view value, std::string_view origin) const {
  if (sets(key))
    throw RequestError(std::string(origin) + " " + std::string(value) + " and a " + std::string(key) +
                       " kwarg in the device config '" + text() + "': give one of them");
  auto p = std::make_shared<Parsed>(*parsed_);
  config::ParsedConfig typed = config::parse_kwargs(std::string(key) + "=" + std::string(value));
  for (auto& [k, v] : typed.kwargs) p->config.kwargs[k] = v;
  for (auto& [k, v] : typed.bare_tokens) p->config.bare_tokens[k] = v;
  p->origins[key] = boost::json::string(origin);
  // The text shows the kwarg as if it had been typed (for messages and reports); a JSON config stays as given.
  if (p->text.find_first_not_of(" \t\n") == std::string::npos || p->text[p->text.find_first_not_of(" \t\n")] != '{')
    p->text += (p->text.find(':') == std::string::npos ? ":" : ",") + std::string(key) + "=" + std::string(value);
  p->cache_key = cache_key_of(*p);
  return DeviceSpec(std::move(p));
}

DeviceSpec DeviceSpec::with_integer_default(std::string_view key, std::int64_t value) const {
  auto p = std::make_shared<Parsed>(*parsed_);
  p->integer_defaults[key] = value;
  p->cache_key = cache_key_of(*p);
  return DeviceSpec(std::move(p));
}

}  // namespace qrt
