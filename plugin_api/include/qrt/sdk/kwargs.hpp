// Kwargs as a device sees them: parsed from the host's canonical JSON and validated against the
// device's schema (unknown keys, types, ranges, choices); missing keys take their defaults.
#pragma once

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/json_lite.hpp>
#include <qrt/sdk/schema.hpp>

#include <cmath>
#include <map>
#include <string>

namespace qrt::sdk {

class Kwargs {
 public:
  Kwargs() = default;

  // Throws Error(QRT_ERROR_INVALID_ARGUMENT) naming the key and what was expected.
  static Kwargs from_json(std::string_view json, const Schema& schema) {
    std::map<std::string, json_lite::Scalar, std::less<>> given;
    try {
      given = json_lite::FlatObjectParser(json).parse();
    } catch (const std::invalid_argument& e) {
      throw_invalid_argument(e.what());
    }
    Kwargs kwargs;
    for (auto& [key, value] : given) {
      const KwargSpec* spec = schema.find(key);
      if (!spec) throw_invalid_argument("unknown kwarg '" + key + "'");
      kwargs.values_[key] = checked(*spec, std::move(value));
    }
    for (const KwargSpec& spec : schema.entries())
      if (!kwargs.values_.count(spec.name)) kwargs.values_[spec.name] = spec.default_value;
    return kwargs;
  }

  bool is_null(std::string_view key) const { return std::holds_alternative<std::monostate>(at(key)); }
  std::int64_t integer(std::string_view key) const { return get<std::int64_t>(key, "int"); }
  double real(std::string_view key) const { return get<double>(key, "float"); }
  bool boolean(std::string_view key) const { return get<bool>(key, "bool"); }
  const std::string& string(std::string_view key) const { return get<std::string>(key, "string"); }

 private:
  const json_lite::Scalar& at(std::string_view key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw_invalid_argument("kwarg '" + std::string(key) + "' is not in the schema");
    return it->second;
  }
  template <class T>
  const T& get(std::string_view key, const char* type) const {
    const auto* value = std::get_if<T>(&at(key));
    if (!value) throw_invalid_argument("kwarg '" + std::string(key) + "' is not a non-null " + type);
    return *value;
  }

  static json_lite::Scalar checked(const KwargSpec& spec, json_lite::Scalar value) {
    const std::string where = "kwarg '" + spec.name + "'";
    if (std::holds_alternative<std::monostate>(value)) {
      if (!std::holds_alternative<std::monostate>(spec.default_value))
        throw_invalid_argument(where + " may not be null");
      return value;
    }
    auto in_range = [&](double v) {
      if ((spec.min && v < *spec.min) || (spec.max && v > *spec.max))
        throw_invalid_argument(where + " = " + json_lite::to_json(value) + " is out of range");
    };
    switch (spec.type) {
      case KwargType::Integer:
        if (!std::holds_alternative<std::int64_t>(value)) throw_invalid_argument(where + " expects an int");
        in_range(static_cast<double>(std::get<std::int64_t>(value)));
        return value;
      case KwargType::Real: {
        double v = 0.0;
        if (auto* i = std::get_if<std::int64_t>(&value)) v = static_cast<double>(*i);
        else if (auto* d = std::get_if<double>(&value)) v = *d;
        else throw_invalid_argument(where + " expects a float");
        if (!std::isfinite(v)) throw_invalid_argument(where + " must be finite");
        in_range(v);
        return v;
      }
      case KwargType::Boolean:
        if (!std::holds_alternative<bool>(value)) throw_invalid_argument(where + " expects a bool");
        return value;
      case KwargType::String: {
        auto* s = std::get_if<std::string>(&value);
        if (!s) throw_invalid_argument(where + " expects a string");
        if (!spec.choices.empty()) {
          bool ok = false;
          for (const auto& c : spec.choices) ok = ok || c == *s;
          if (!ok) {
            std::string allowed;
            for (const auto& c : spec.choices) allowed += (allowed.empty() ? "\"" : ", \"") + c + "\"";
            throw_invalid_argument(where + " must be one of " + allowed + ", got \"" + *s + "\"");
          }
        }
        return value;
      }
    }
    return value;
  }

  std::map<std::string, json_lite::Scalar, std::less<>> values_;
};

}  // namespace qrt::sdk
