// libFuzzer target: kwargs ("key=value,..." or a JSON object) validated and canonicalised against a
// fixed schema with every kind of entry (int with and without bounds, nullable int, float, bool, string
// with choices, free string). See kwargs_checks.hpp for what must hold.
#include "kwargs_checks.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

constexpr std::string_view kSchema = R"({"kwargs":[
  {"name":"shots","type":"int","default":0,"min":0},
  {"name":"seed","type":"int","default":null,"min":0},
  {"name":"threads","type":"int","default":0,"min":0,"max":1024},
  {"name":"fusion","type":"bool","default":true},
  {"name":"simd","type":"string","default":"auto","choices":["auto","avx512","avx2","portable"]},
  {"name":"label","type":"string","default":""},
  {"name":"tolerance","type":"float","default":1e-9,"min":0,"max":1},
  {"name":"scale","type":"float","default":1.5}
]})";

const qrt::config::KwargsSchema& schema() {
  static const qrt::config::KwargsSchema parsed = qrt::config::KwargsSchema::from_json(kSchema);
  return parsed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  qrt::fuzz::check_kwargs(schema(), std::string_view(reinterpret_cast<const char*>(data), size), true);
  return 0;
}
