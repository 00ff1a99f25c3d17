// DeviceSpec's parsed state (qrt/device_spec.hpp), for the host code that resolves it (runtime/).
#pragma once

#include "config/config_string.hpp"

#include <qrt/device_spec.hpp>

#include <boost/json/object.hpp>

#include <string>

namespace qrt {

struct DeviceSpec::Parsed {
  std::string text;             // the config as given
  config::ParsedConfig config;  // device, library, kwargs (with_kwarg's included)
  // Keys added by with_kwarg: key -> where they came from ("--precision"), for messages.
  boost::json::object origins;
  // with_integer_default's keys: used where the config does not set them and the schema has them.
  boost::json::object integer_defaults;
  // Identifies the spec for the Runtime's resolution cache: the text plus what was added to it.
  std::string cache_key;
};

}  // namespace qrt
