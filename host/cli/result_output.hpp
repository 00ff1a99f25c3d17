// How `qrt run` presents one result: a table for a terminal (short by default) or one JSON document
// (complete unless --top asks otherwise). Both stream: 2^n probabilities or amplitudes never become a
// DOM, a map of strings or one allocation per entry.
//
// Completeness rule (also for `qrt batch`): counts are always complete. Probabilities in JSON list all
// 2^n entries, zeros included, unless --top K is given; then the K largest above 1e-12 are listed and
// "probabilities_top" says how many were kept of how many and the probability mass left out. The table
// lists the 16 largest by default (--top 0: every nonzero entry) and says the same in its header; the
// table's state follows the same rule (amplitudes ranked by probability).
#pragma once

#include "probability_selection.hpp"
#include "streamed_results.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/device_type.hpp>
#include <qrt/qasm/parser.hpp>

#include <boost/json/object.hpp>

#include <cstdio>
#include <optional>
#include <string>

namespace qrt::cli {

inline constexpr std::size_t kTableDefaultTop = 16;

struct RunReport {
  const Device& device;
  const program::Program& program;
  const std::string& file;
  const RunResult& result;
  double parse_seconds = 0;
  std::optional<std::uint64_t> seed;          // the seed the run used (effective_settings.hpp); unset: the device's own
  const StreamedResults* streamed = nullptr;  // set: probabilities and state come from it (streamed_results.hpp)
};

void write_run_json(const RunReport& report, std::optional<std::size_t> top, std::FILE* to);
void print_run_table(const RunReport& report, std::optional<std::size_t> top, std::FILE* to);

// For JSON built as a DOM (one `qrt batch` line): the same completeness rule. Adds "probabilities" and,
// with a top K, "probabilities_top" to `doc`.
void add_probabilities(boost::json::object& doc, const std::vector<double>& p, std::size_t num_qubits,
                       std::optional<std::size_t> top);

}  // namespace qrt::cli
