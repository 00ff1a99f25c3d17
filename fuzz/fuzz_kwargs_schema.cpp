// libFuzzer target: the kwargs schema JSON a plugin declares (KwargsSchema::from_json), then kwargs
// canonicalised against it. Input: the schema text, optionally followed by a line "%%" and kwargs text:
//
//   {"kwargs":[{"name":"shots","type":"int","default":0,"min":0}]}
//   %%
//   shots=10
//
// from_json may reject a schema only with std::invalid_argument (or Boost.JSON's parse error); the
// loader turns either into a load failure. See kwargs_checks.hpp for what must hold of the kwargs.
#include "kwargs_checks.hpp"

#include <boost/system/system_error.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace {

constexpr std::string_view kSeparator = "\n%%\n";

std::optional<qrt::config::KwargsSchema> parse_schema(std::string_view text) {
  try {
    return qrt::config::KwargsSchema::from_json(text);
  } catch (const std::invalid_argument&) {
  } catch (const boost::system::system_error&) {
  }
  return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t split = input.find(kSeparator);
  const std::string_view schema_text = input.substr(0, split);
  const std::string_view kwargs_text =
      split == std::string_view::npos ? std::string_view{} : input.substr(split + kSeparator.size());
  const std::optional<qrt::config::KwargsSchema> schema = parse_schema(schema_text);
  if (!schema) return 0;
  for (const qrt::config::KwargSpec& spec : schema->entries())
    QRT_FUZZ_CHECK(schema->find(spec.name) == &spec, "a schema name declared twice");
  qrt::fuzz::check_kwargs(*schema, kwargs_text, qrt::fuzz::defaults_valid(*schema));
  return 0;
}
