#include "param_binding.hpp"

#include "exit_status.hpp"

#include <qrt/nearest_name.hpp>

#include <fstream>
#include <iterator>
#include <set>

namespace qrt::cli {
namespace {

bool identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Every identifier-like word of a source (comments included: a cheap superset is enough here).
std::set<std::string> words_of(const std::string& source) {
  std::set<std::string> words;
  for (std::size_t i = 0; i < source.size();) {
    if (!identifier_char(source[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < source.size() && identifier_char(source[i])) ++i;
    if (!(source[start] >= '0' && source[start] <= '9')) words.insert(source.substr(start, i - start));
  }
  return words;
}

}  // namespace

ParameterBinding parse_run_params(const std::vector<std::string>& specs) {
  ParameterBinding binding;
  for (const std::string& spec : specs) {
    const SweepAxis axis = parse_sweep_axis(spec);
    if (axis.values.size() != 1)
      throw UsageError("--param " + spec + ": qrt run binds one value per parameter (sweep several with qrt batch)");
    if (!binding.emplace(axis.name, axis.values.front()).second)
      throw UsageError("--param " + axis.name + " is given twice");
  }
  return binding;
}

void require_params_used(const std::vector<std::string>& names, const std::vector<std::string>& sources) {
  std::set<std::string> words;
  for (const std::string& source : sources) words.merge(words_of(source));
  for (const std::string& name : names) {
    if (words.contains(name)) continue;
    std::string message = "--param " + name + ": no program uses a parameter '" + name + "'";
    if (auto nearest = nearest_name(name, std::vector<std::string>(words.begin(), words.end())))
      message += "; did you mean '" + *nearest + "'?";
    throw UsageError(message);
  }
}

std::string read_source(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace qrt::cli
