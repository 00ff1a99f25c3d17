// libFuzzer target: config strings, both parse_config ("NAME@LIB:key=value,..." or a JSON object) and
// parse_kwargs ("key=value,..." or a JSON object). Any input may be rejected, but only with
// qrt::Error(Config); whatever is accepted must be self-consistent.
#include "config/config_string.hpp"
#include "fuzz_check.hpp"

#include <qrt/error.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

void check_parsed(const qrt::config::ParsedConfig& parsed) {
  for (const auto& token : parsed.bare_tokens) {
    QRT_FUZZ_CHECK(parsed.kwargs.contains(token.key()), "a bare token without its kwarg");
    QRT_FUZZ_CHECK(token.value().is_string(), "a bare token that is not a string");
  }
}

void check_rejection(const qrt::Error& error) {
  QRT_FUZZ_CHECK(error.code() == qrt::ErrorCode::Config, "a config error with another error code");
  QRT_FUZZ_CHECK(*error.what() != '\0', "an empty error message");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const qrt::config::ParsedConfig parsed = qrt::config::parse_config(text);
    QRT_FUZZ_CHECK(!parsed.device.empty(), "a config accepted without a device name");
    check_parsed(parsed);
  } catch (const qrt::Error& error) {
    check_rejection(error);
  }
  try {
    check_parsed(qrt::config::parse_kwargs(text));
  } catch (const qrt::Error& error) {
    check_rejection(error);
  }
  return 0;
}
