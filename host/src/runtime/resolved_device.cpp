#include <qrt/device_spec.hpp>

#include "isolation/settings.hpp"
#include "pool/device_pool.hpp"

#include <qrt/device_type.hpp>

#include <boost/json.hpp>

namespace qrt {
namespace {

// A whole-number kwarg of the canonical JSON (shots, seed), when set.
std::optional<std::uint64_t> whole_number(const boost::json::object& kwargs, std::string_view key) {
  const boost::json::value* v = kwargs.if_contains(key);
  if (v == nullptr) return std::nullopt;
  if (v->is_uint64()) return v->get_uint64();
  if (v->is_int64() && v->get_int64() >= 0) return static_cast<std::uint64_t>(v->get_int64());
  return std::nullopt;
}

}  // namespace

ResolvedDevice::ResolvedDevice(std::shared_ptr<const PoolKey> key) : key_(std::move(key)) {
  const boost::json::value kwargs = boost::json::parse(key_->kwargs);
  shots_ = whole_number(kwargs.as_object(), "shots");
  seed_ = whole_number(kwargs.as_object(), "seed");
}

const std::shared_ptr<const DeviceType>& ResolvedDevice::type() const { return key_->type; }
const std::string& ResolvedDevice::name() const { return key_->type->name(); }
const std::string& ResolvedDevice::canonical_kwargs() const { return key_->kwargs; }
bool ResolvedDevice::isolated() const { return key_->isolation.has_value(); }

std::string ResolvedDevice::config_json() const {
  boost::json::object kwargs = boost::json::parse(key_->kwargs).as_object();
  if (key_->isolation) key_->isolation->add_keys_to(kwargs);
  boost::json::object doc{{"device", key_->type->name()}, {"library", key_->type->library_path().string()},
                          {"kwargs", std::move(kwargs)}};
  return boost::json::serialize(doc);
}

}  // namespace qrt
