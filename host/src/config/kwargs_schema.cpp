#include "config/kwargs_schema.hpp"

#include "config/exact_json.hpp"
#include "config/nearest_name.hpp"

#include <qrt/error.hpp>

#include <boost/json/serialize.hpp>

#include <charconv>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace qrt::config {

const char* to_string(KwargType type) {
  switch (type) {
    case KwargType::Integer: return "int";
    case KwargType::Real: return "float";
    case KwargType::Boolean: return "bool";
    case KwargType::String: return "string";
  }
  return "?";
}

namespace {

KwargType parse_type(std::string_view name) {
  if (name == "int") return KwargType::Integer;
  if (name == "float") return KwargType::Real;
  if (name == "bool") return KwargType::Boolean;
  if (name == "string") return KwargType::String;
  throw std::invalid_argument("unknown kwarg type '" + std::string(name) + "'");
}

std::optional<double> number_of(const boost::json::value& v) {
  if (v.is_int64()) return static_cast<double>(v.as_int64());
  if (v.is_uint64()) return static_cast<double>(v.as_uint64());
  if (v.is_double()) return v.as_double();
  return std::nullopt;
}

// A value as a user writes it: numbers in their shortest form (1.5, 0, 1e+300), not Boost.JSON's 1.5E0.
std::string value_text(const boost::json::value& v) {
  if (!v.is_double()) return boost::json::serialize(v);
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, v.as_double()).ptr;
  return std::string(text, end);
}
std::string number_text(double n) { return value_text(boost::json::value(n)); }

std::string describe(const boost::json::value& v) {
  const char* kind = v.is_bool()                       ? "bool"
                     : v.is_string()                   ? "string"
                     : v.is_double()                   ? "float"
                     : (v.is_int64() || v.is_uint64()) ? "int"
                     : v.is_null()                     ? "null"
                                                       : "JSON value";
  return std::string(kind) + " " + value_text(v);
}

}  // namespace

KwargsSchema KwargsSchema::from_json(std::string_view text) {
  boost::json::value doc;
  try {
    doc = parse_json_exact(text);
  } catch (const JsonSyntaxError& e) {  // the documented error of this function, for malformed text too
    throw std::invalid_argument("schema is not valid JSON (at byte " + std::to_string(e.offset) + "): " + e.what());
  }
  if (!doc.is_object() || !doc.as_object().contains("kwargs") || !doc.at("kwargs").is_array())
    throw std::invalid_argument("schema must be an object with a \"kwargs\" array");
  KwargsSchema schema;
  for (const auto& item : doc.at("kwargs").as_array()) {
    if (!item.is_object()) throw std::invalid_argument("schema entries must be objects");
    const auto& o = item.as_object();
    if (!o.contains("name") || !o.at("name").is_string() || !o.contains("type") || !o.at("type").is_string())
      throw std::invalid_argument("schema entry without a string \"name\" and \"type\"");
    KwargSpec spec;
    spec.name = o.at("name").as_string();
    spec.type = parse_type(o.at("type").as_string());
    if (o.contains("default")) spec.default_value = o.at("default");
    // Defaults go into the canonical kwargs, which must be flat JSON: no arrays or objects, and no number
    // beyond double's range (it parses as infinity, which JSON cannot spell). Found by fuzz_kwargs_schema.
    if (spec.default_value.is_array() || spec.default_value.is_object())
      throw std::invalid_argument("schema entry '" + spec.name + "': the default must be a scalar");
    for (const char* key : {"default", "min", "max"})
      if (o.contains(key) && o.at(key).is_double() && !std::isfinite(o.at(key).as_double()))
        throw std::invalid_argument("schema entry '" + spec.name + "': \"" + key + "\" is not a finite number");
    if (o.contains("min")) spec.min = number_of(o.at("min"));
    if (o.contains("max")) spec.max = number_of(o.at("max"));
    if (o.contains("choices") && o.at("choices").is_array())
      for (const auto& c : o.at("choices").as_array())
        if (c.is_string()) spec.choices.emplace_back(c.as_string());
    if (o.contains("doc") && o.at("doc").is_string()) spec.doc = o.at("doc").as_string();
    if (schema.find(spec.name)) throw std::invalid_argument("schema declares '" + spec.name + "' twice");
    schema.entries_.push_back(std::move(spec));
  }
  return schema;
}

const KwargSpec* KwargsSchema::find(std::string_view name) const {
  for (const auto& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::string KwargsSchema::canonicalize(const boost::json::object& kwargs, const boost::json::object& bare_tokens,
                                       std::string_view device) const {
  std::vector<std::string> names;
  for (const auto& e : entries_) names.push_back(e.name);
  const std::string where = std::string(device) + ": kwarg '";

  boost::json::object canonical;
  for (const auto& entry : kwargs) {
    // Named references, not a structured binding: Clang before 16 cannot capture those in the lambda.
    const auto key = entry.key();
    const boost::json::value& given = entry.value();
    const KwargSpec* spec = find(key);
    if (!spec) {
      std::string message = std::string(device) + ": unknown kwarg '" + std::string(key) + "'";
      if (auto near = nearest_name(key, names)) message += " (did you mean '" + *near + "'?)";
      message += names.empty() ? "; the device takes no kwargs" : "; valid kwargs: ";
      for (std::size_t i = 0; i < names.size(); ++i) message += (i ? ", " : "") + names[i];
      throw Error(ErrorCode::Config, message);
    }
    auto wrong = [&](const std::string& expected) {
      throw Error(ErrorCode::Config, where + spec->name + "' expects " + expected + ", got " + describe(given));
    };
    boost::json::value value;
    if (given.is_null()) {
      if (!spec->default_value.is_null()) wrong(std::string("a non-null ") + to_string(spec->type));
      value = nullptr;
    } else {
      switch (spec->type) {
        case KwargType::Integer: {
          // Whole numbers as written are ints up to 2^63 - 1; a float must be whole and exact (below 2^53).
          if (given.is_uint64() && given.as_uint64() > static_cast<std::uint64_t>(INT64_MAX))
            wrong("an int from -9223372036854775808 to 9223372036854775807");
          auto n = number_of(given);
          if (!n || (given.is_double() && (std::floor(*n) != *n || std::abs(*n) > 9.007199254740992e15)))
            wrong("an int");
          value = given.is_uint64()  ? static_cast<std::int64_t>(given.as_uint64())
                  : given.is_int64() ? given.as_int64()
                                     : static_cast<std::int64_t>(*n);
          break;
        }
        case KwargType::Real: {
          auto n = number_of(given);
          if (!n) wrong("a float");
          if (!std::isfinite(*n)) wrong("a finite float");
          value = *n;
          break;
        }
        case KwargType::Boolean:
          if (!given.is_bool()) wrong("a bool (true or false)");
          value = given.as_bool();
          break;
        case KwargType::String:
          if (given.is_string()) value = given;
          else if (bare_tokens.contains(key)) value = bare_tokens.at(key);
          else wrong("a string");
          break;
      }
      if (auto n = number_of(value)) {
        bool below = spec->min && *n < *spec->min, above = spec->max && *n > *spec->max;
        if (below || above) {
          std::string range = spec->min && spec->max
                                  ? "in [" + number_text(*spec->min) + ", " + number_text(*spec->max) + "]"
                              : spec->min ? ">= " + number_text(*spec->min)
                                          : "<= " + number_text(*spec->max);
          throw Error(ErrorCode::Config, where + spec->name + "' must be " + range + ", got " + value_text(value));
        }
      }
      if (!spec->choices.empty() && value.is_string() &&
          std::find(spec->choices.begin(), spec->choices.end(), value.as_string()) == spec->choices.end()) {
        std::string message = where + spec->name + "' must be one of ";
        for (std::size_t i = 0; i < spec->choices.size(); ++i)
          message += (i ? ", " : "") + ("\"" + spec->choices[i] + "\"");
        throw Error(ErrorCode::Config, message + ", got " + boost::json::serialize(value));
      }
    }
    canonical[key] = std::move(value);
  }
  for (const auto& e : entries_)
    if (!canonical.contains(e.name)) canonical[e.name] = e.default_value;

  // Sorted keys make the text canonical.
  std::vector<std::string_view> keys;
  for (const auto& kv : canonical) keys.push_back(kv.key());
  std::sort(keys.begin(), keys.end());
  std::string text = "{";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    text += (i ? "," : "") + boost::json::serialize(boost::json::value(boost::json::string(keys[i]))) + ":" +
            boost::json::serialize(canonical.at(keys[i]));
  }
  return text + "}";
}

}  // namespace qrt::config
