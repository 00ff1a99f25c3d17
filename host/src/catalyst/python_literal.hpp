// Catalyst's device kwargs: the text of a Python dict literal, as `qjit` writes it into a module
// ("{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"; the runtime examples write "{shots: 0}").
#pragma once

#include <boost/json/value.hpp>

#include <string_view>

namespace qrt::catalyst {

// Parses a Python literal: dicts (keys quoted, or bare identifiers as in "{shots: 0}"), lists and
// tuples (as JSON arrays), True/False/None, integers, floats and strings ('...' or "...", with Python's
// simple escapes). An empty text is an empty dict. Throws qrt::Error(Config) naming the column and what
// was expected.
boost::json::value parse_python_literal(std::string_view text);

}  // namespace qrt::catalyst
