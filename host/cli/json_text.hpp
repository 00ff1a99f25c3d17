// JSON text with numbers as `qrt run` streams them (std::to_chars, shortest round-trip: 0.0625, 1e-05),
// not Boost.JSON's 6.25E-2: every command's JSON reads the same, and a number compares equal as text.
#pragma once

#include <boost/json/value.hpp>

#include <string>

namespace qrt::cli {

// Non-finite doubles become null (JSON has no spelling for them).
std::string json_text(const boost::json::value& value);
void append_json_text(const boost::json::value& value, std::string& out);

}  // namespace qrt::cli
