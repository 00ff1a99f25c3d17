// The scanning child's answer (`qrt-worker --scan FILE`), one JSON line on its stdout:
//   {"ok":true,"plugin":NAME,"version":V,"abi_major":N,"abi_minor":N,
//    "devices":[{"name","version","description","kwargs_schema_json","capabilities_json"}]}
//   {"ok":false,"message":TEXT}
// Descriptor strings travel verbatim (not re-encoded), so that a described DeviceType validates and
// canonicalises kwargs exactly as a loaded one does.
#pragma once

#include "loader/plugin_description.hpp"

#include <boost/json/object.hpp>

namespace qrt::process {

boost::json::object encode_scan(const PluginDescription& plugin);

// Throws std::exception (boost::json's or std::invalid_argument) for an answer that is not well formed.
PluginDescription decode_scan(const boost::json::object& answer);

}  // namespace qrt::process
