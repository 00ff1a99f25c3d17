#include <qrt/device_spec.hpp>

#include "isolation/settings.hpp"
#include "pool/device_pool.hpp"

#include <qrt/device_type.hpp>

#include <boost/json.hpp>

namespace qrt {

ResolvedDevice::ResolvedDevice(std::shared_ptr<const PoolKey> key)
    : key_(std::move(key)), shots_(key_->shots), seed_(key_->seed) {}

const std::shared_ptr<const DeviceType>& ResolvedDevice::type() const { return key_->type; }
const std::string& ResolvedDevice::name() const { return key_->type->name(); }
const std::string& ResolvedDevice::canonical_kwargs() const { return key_->kwargs; }
bool ResolvedDevice::isolated() const { return key_->isolation.has_value(); }

std::string ResolvedDevice::config_json() const {
  boost::json::object kwargs = boost::json::parse(key_->kwargs).as_object();
  if (key_->isolation) key_->isolation->add_keys_to(kwargs);
  boost::json::object doc{
      {"device", key_->type->name()}, {"library", key_->type->library_path().string()}, {"kwargs", std::move(kwargs)}};
  return boost::json::serialize(doc);
}

}  // namespace qrt
