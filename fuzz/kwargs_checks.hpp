// What the two kwargs fuzz targets check after parsing: canonicalize() either rejects the kwargs with
// qrt::Error(Config) or returns canonical text that is a JSON object holding every schema entry, in
// sorted order, and that canonicalises to itself (the pool relies on one spelling per configuration).
#pragma once

#include "config/config_string.hpp"
#include "config/kwargs_schema.hpp"
#include "fuzz_check.hpp"

#include <qrt/error.hpp>

#include <boost/json/parse.hpp>

#include <exception>
#include <string>
#include <string_view>

namespace qrt::fuzz {

inline void check_config_error(const qrt::Error& error) {
  QRT_FUZZ_CHECK(error.code() == qrt::ErrorCode::Config, "a kwargs error with another error code");
  QRT_FUZZ_CHECK(*error.what() != '\0', "an empty error message");
}

// Parses and canonicalises `text` (throws qrt::Error when it is rejected).
inline std::string recanonicalize(const config::KwargsSchema& schema, std::string_view text) {
  const config::ParsedConfig parsed = config::parse_kwargs(text);
  return schema.canonicalize(parsed.kwargs, parsed.bare_tokens, "fuzz.qubit");
}

// `defaults_valid`: the schema's own defaults pass its checks (a plugin could declare ones that do not,
// and then a canonical text holding them is rejected when given back, which is the plugin's bug).
inline void check_kwargs(const config::KwargsSchema& schema, std::string_view kwargs_text, bool defaults_valid) {
  std::string canonical;
  try {
    const config::ParsedConfig parsed = config::parse_kwargs(kwargs_text);
    canonical = schema.canonicalize(parsed.kwargs, parsed.bare_tokens, "fuzz.qubit");
  } catch (const qrt::Error& error) {
    check_config_error(error);
    return;
  }
  boost::json::value doc;
  try {
    doc = boost::json::parse(canonical);
  } catch (const std::exception&) {
    QRT_FUZZ_CHECK(false, "canonical kwargs are not valid JSON");
  }
  QRT_FUZZ_CHECK(doc.is_object(), "canonical kwargs are not a JSON object");
  for (const config::KwargSpec& spec : schema.entries())
    QRT_FUZZ_CHECK(doc.as_object().contains(spec.name), "a schema entry missing from the canonical kwargs");
  if (!defaults_valid) return;
  std::string again;
  try {
    again = recanonicalize(schema, canonical);
  } catch (const qrt::Error& error) {
    std::fprintf(stderr, "canonical: %s\nrejected: %s\n", canonical.c_str(), error.what());
    QRT_FUZZ_CHECK(false, "canonical kwargs rejected when given back");
  }
  if (again != canonical) std::fprintf(stderr, "canonical: %s\nagain:     %s\n", canonical.c_str(), again.c_str());
  QRT_FUZZ_CHECK(again == canonical, "canonicalisation is not idempotent");
}

// Whether the schema's defaults, given back as kwargs, canonicalise to themselves.
inline bool defaults_valid(const config::KwargsSchema& schema) {
  try {
    const std::string defaults = schema.canonicalize({}, {}, "fuzz.qubit");
    return recanonicalize(schema, defaults) == defaults;
  } catch (const qrt::Error&) {
    return false;
  }
}

}  // namespace qrt::fuzz
