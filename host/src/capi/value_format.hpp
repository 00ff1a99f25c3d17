// Values as text, spelled as qir-runner spells them (the QIR output schema and string conversions).
#pragma once

#include <string>

namespace qrt::capi {

// Shortest text that reads back as the same double, in positional notation (no exponent); a whole
// number keeps one decimal ("42.0"); "inf", "-inf", "NaN".
std::string format_double(double value);

}  // namespace qrt::capi
