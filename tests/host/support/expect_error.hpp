// Asserting on qrt::Error: the code, and a message the caller checks for what it must name.
#pragma once

#include <qrt/error.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace Catch {
template <>
struct StringMaker<qrt::ErrorCode> {
  static std::string convert(qrt::ErrorCode code) { return qrt::to_string(code); }
};
}  // namespace Catch

namespace qrt::test {

// Runs `body`, which must throw qrt::Error with `code`; returns its message ("" and a failed check when
// nothing was thrown). Any other exception escapes and fails the test with its own message.
template <class Body>
std::string error_message(ErrorCode code, Body&& body) {
  try {
    body();
  } catch (const Error& e) {
    INFO("message: " << e.what());
    CHECK(e.code() == code);
    return e.what();
  }
  FAIL_CHECK("expected qrt::Error(" << to_string(code) << "); nothing was thrown");
  return {};
}

}  // namespace qrt::test
