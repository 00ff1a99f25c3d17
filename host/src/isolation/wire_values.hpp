// Typed reads and writes of JSON values shared by the worker protocol's payloads (wire_format.cpp,
// op_format.cpp): a value of the wrong type is a malformed message (Error InvalidArgument), never a Boost
// exception; doubles travel as their IEEE-754 bit patterns.
#pragma once

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <bit>
#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::isolation {
namespace json = boost::json;

[[noreturn]] inline void malformed(const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, "isolation protocol: malformed message: " + what);
}

template <class T>
T number(const json::value& v) {
  try {
    return v.to_number<T>();
  } catch (const std::exception&) {
    malformed("expected an integer, got " + json::serialize(v));
  }
}

inline std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }
inline double from_bits(const json::value& v) { return std::bit_cast<double>(number<std::uint64_t>(v)); }

// Typed reads: a value of the wrong type is a malformed message, never a Boost exception.
inline bool boolean(const json::value& v, std::string_view what) {
  if (!v.is_bool()) malformed(std::string(what) + " is not a boolean");
  return v.get_bool();
}
inline const json::string& text(const json::value& v, std::string_view what) {
  if (!v.is_string()) malformed(std::string(what) + " is not a string");
  return v.get_string();
}
inline const json::array& array_of(const json::value& v, std::string_view what) {
  if (!v.is_array()) malformed(std::string(what) + " is not an array");
  return v.get_array();
}

inline const json::value& field(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  if (!v) malformed("no field '" + std::string(key) + "'");
  return *v;
}

inline const json::array& array_field(const json::object& o, std::string_view key) {
  return array_of(field(o, key), "'" + std::string(key) + "'");
}

inline json::array double_array(const std::vector<double>& values) {
  json::array out;
  out.reserve(values.size());
  for (double d : values) out.emplace_back(bits(d));
  return out;
}

inline std::vector<double> doubles(const json::array& a) {
  std::vector<double> out;
  out.reserve(a.size());
  for (const auto& v : a) out.push_back(from_bits(v));
  return out;
}

inline json::array complex_array(const std::vector<std::complex<double>>& values) {
  json::array out;
  out.reserve(2 * values.size());
  for (auto c : values) {
    out.emplace_back(bits(c.real()));
    out.emplace_back(bits(c.imag()));
  }
  return out;
}

inline std::vector<std::complex<double>> complexes(const json::array& a) {
  if (a.size() % 2) malformed("a complex array has an odd length");
  std::vector<std::complex<double>> out;
  out.reserve(a.size() / 2);
  for (std::size_t i = 0; i < a.size(); i += 2) out.emplace_back(from_bits(a[i]), from_bits(a[i + 1]));
  return out;
}

}  // namespace qrt::isolation
