// Config strings: what a user types to pick a device. Syntax only; the device's schema checks values.
//
//   NAME                              statevector.qubit
//   NAME:key=value,key=value          statevector.qubit:shots=1000,seed=7
//   NAME@LIBRARY[:key=value,...]      my.qubit@./libmy.so:shots=10
//   JSON object                       {"device": "...", "library": "...", "kwargs": {...}}  (or kwargs flat)
//
// Values are typed by their spelling: true/false → bool, null → null, integers → int, decimals or
// exponents → float, "double" or 'single' quoted → string (with \" \\ escapes), anything else → string.
#pragma once

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace qrt::config {

struct ParsedConfig {
  std::string device;
  std::string library;  // empty: resolve the device through discovery
  boost::json::object kwargs;
  // Keys whose value was an unquoted token, with its text: a string-typed kwarg accepts it verbatim
  // (so `name=007` stays "007").
  boost::json::object bare_tokens;
};

// Throws qrt::Error(Config) with the offending column and a caret excerpt.
ParsedConfig parse_config(std::string_view text);

// Parses just the kwargs part ("key=value,..." or a JSON object; empty → {}).
ParsedConfig parse_kwargs(std::string_view text);

}  // namespace qrt::config
