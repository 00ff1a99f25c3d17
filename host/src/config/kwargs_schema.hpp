// A device's kwargs schema as the host reads it from the plugin's JSON, and canonicalisation of the
// kwargs a user gives: the canonical form is the pool key's kwargs part, so equivalent spellings
// (`shots=10,seed=1` and `seed=1, shots=10`, `1` and `1.0` for a float) map to one instance.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <vector>

namespace qrt::config {

enum class KwargType { Integer, Real, Boolean, String };

struct KwargSpec {
  std::string name;
  KwargType type = KwargType::String;
  boost::json::value default_value;  // null: "unset" is allowed
  std::optional<double> min, max;
  std::vector<std::string> choices;
  std::string doc;
};

class KwargsSchema {
 public:
  // Throws std::invalid_argument describing what is wrong with the schema text.
  static KwargsSchema from_json(std::string_view text);

  const std::vector<KwargSpec>& entries() const { return entries_; }
  const KwargSpec* find(std::string_view name) const;

  // Validates and fills defaults; returns the canonical JSON text. `device` names the device in
  // errors. `bare_tokens`: keys whose value was an unquoted token (see ParsedConfig).
  std::string canonicalize(const boost::json::object& kwargs, const boost::json::object& bare_tokens,
                           std::string_view device) const;

 private:
  std::vector<KwargSpec> entries_;
};

const char* to_string(KwargType type);

}  // namespace qrt::config
