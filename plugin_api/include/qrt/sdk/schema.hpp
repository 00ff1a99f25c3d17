// Kwargs schema: declared once by a device with a small builder, published to the host as JSON, and
// used by the SDK to validate the kwargs a device is created with (defence in depth: the host
// validates too, but a plugin must not trust its caller).
#pragma once

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/json_lite.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qrt::sdk {

enum class KwargType { Integer, Real, Boolean, String };

inline const char* kwarg_type_name(KwargType type) {
  switch (type) {
    case KwargType::Integer: return "int";
    case KwargType::Real: return "float";
    case KwargType::Boolean: return "bool";
    case KwargType::String: return "string";
  }
  return "?";
}

struct KwargSpec {
  std::string name;
  KwargType type;
  json_lite::Scalar default_value;  // std::monostate: the key may be null ("unset")
  std::string doc;
  std::optional<double> min, max;    // Integer / Real
  std::vector<std::string> choices;  // String; empty: any
};

class Schema {
 public:
  Schema& integer(std::string name, std::optional<std::int64_t> default_value, std::string doc,
                  std::optional<std::int64_t> min = {}, std::optional<std::int64_t> max = {}) {
    KwargSpec spec{std::move(name), KwargType::Integer, {}, std::move(doc), {}, {}, {}};
    if (default_value) spec.default_value = *default_value;
    if (min) spec.min = static_cast<double>(*min);
    if (max) spec.max = static_cast<double>(*max);
    return add(std::move(spec));
  }
  Schema& real(std::string name, std::optional<double> default_value, std::string doc, std::optional<double> min = {},
               std::optional<double> max = {}) {
    KwargSpec spec{std::move(name), KwargType::Real, {}, std::move(doc), min, max, {}};
    if (default_value) spec.default_value = *default_value;
    return add(std::move(spec));
  }
  Schema& boolean(std::string name, bool default_value, std::string doc) {
    return add({std::move(name), KwargType::Boolean, default_value, std::move(doc), {}, {}, {}});
  }
  Schema& string(std::string name, std::optional<std::string> default_value, std::string doc,
                 std::vector<std::string> choices = {}) {
    KwargSpec spec{std::move(name), KwargType::String, {}, std::move(doc), {}, {}, std::move(choices)};
    if (default_value) spec.default_value = *default_value;
    return add(std::move(spec));
  }

  const std::vector<KwargSpec>& entries() const { return entries_; }
  const KwargSpec* find(std::string_view name) const {
    for (const auto& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }

  std::string to_json() const {
    std::string out = "{\"kwargs\":[";
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const KwargSpec& e = entries_[i];
      if (i) out += ',';
      out += "{\"name\":" + json_lite::quote(e.name) + ",\"type\":" + json_lite::quote(kwarg_type_name(e.type)) +
             ",\"default\":" + json_lite::to_json(e.default_value);
      auto bound = [&](const char* key, const std::optional<double>& v) {
        if (!v) return;
        out += std::string(",\"") + key + "\":";
        out +=
            e.type == KwargType::Integer ? json_lite::to_json(static_cast<std::int64_t>(*v)) : json_lite::to_json(*v);
      };
      bound("min", e.min);
      bound("max", e.max);
      if (!e.choices.empty()) {
        out += ",\"choices\":[";
        for (std::size_t c = 0; c < e.choices.size(); ++c) out += (c ? "," : "") + json_lite::quote(e.choices[c]);
        out += ']';
      }
      out += ",\"doc\":" + json_lite::quote(e.doc) + '}';
    }
    return out + "]}";
  }

 private:
  Schema& add(KwargSpec spec) {
    if (find(spec.name)) throw std::logic_error("kwargs schema declares '" + spec.name + "' twice");
    entries_.push_back(std::move(spec));
    return *this;
  }
  std::vector<KwargSpec> entries_;
};

}  // namespace qrt::sdk
