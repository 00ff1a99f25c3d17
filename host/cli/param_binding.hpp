// `--param NAME=VALUE` of `qrt run` and the check shared with `qrt batch`: a parameter that no program
// mentions is a misspelling to report, not a binding to ignore silently.
#pragma once

#include <qrt/parameter_sweep.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace qrt::cli {

// One value per name ("theta=pi/4"; values as parse_sweep_axis reads them). Throws UsageError for a list,
// a range or a name given twice.
ParameterBinding parse_run_params(const std::vector<std::string>& specs);

// Throws UsageError naming the first parameter that appears as an identifier in none of `sources` (the
// programs' text), with the nearest identifier they do contain.
void require_params_used(const std::vector<std::string>& names, const std::vector<std::string>& sources);

// The text of an OpenQASM file, for require_params_used (empty when unreadable: the parser says why).
std::string read_source(const std::filesystem::path& file);

}  // namespace qrt::cli
