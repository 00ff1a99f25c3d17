// Values as text, spelled as qir-runner spells them (the QIR output schema and string conversions).
#pragma once

#include <string>
#include <string_view>

namespace qrt::capi {

// Shortest text that reads back as the same double, in positional notation (no exponent); a whole
// number keeps one decimal ("42.0"); "inf", "-inf", "NaN".
std::string format_double(double value);

// A message line as qir-runner prints it: "INFO\t" and the text escaped as Rust's escape_default does
// (\t \r \n \\ \' \" escaped, printable ASCII kept, every other character as \u{hex}).
std::string format_message(std::string_view text);

}  // namespace qrt::capi
