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

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/device_type.hpp>
#include <qrt/distributed_readout.hpp>
#include <qrt/qasm/parser.hpp>

#include <boost/json/object.hpp>

#include <cstdio>
#include <optional>
#include <string>

namespace qrt::cli {

inline constexpr std::size_t kTableDefaultTop = 16;

// Results read after the run from a device that spans MPI ranks (statevector.mpi), through its
// distributed read-out, instead of RunResult's vectors: no rank holds a whole table (the JSON streams the
// pieces as rank 0 receives them; top-K selections are merged from each rank's own). Every rank writes
// the report (stdout is /dev/null beyond rank 0), so every rank makes the same collective calls.
struct StreamedResults {
  const DistributedReadout* readout = nullptr;
  std::vector<Wire> wires;  // qubit n-1 ... qubit 0: index bit k is qubit k
  double global_phase = 0;  // the program's, applied to every streamed amplitude
  bool probabilities = false, state = false;
};

struct RunReport {
  const Device& device;
  const qasm::Program& program;
  const std::string& file;
  const RunResult& result;
  double parse_seconds = 0;
  std::optional<std::uint64_t> seed;  // the seed the run used (effective_settings.hpp); unset: the device's own
  const StreamedResults* streamed = nullptr;  // set: probabilities and state come from it
};

void write_run_json(const RunReport& report, std::optional<std::size_t> top, std::FILE* to);
void print_run_table(const RunReport& report, std::optional<std::size_t> top, std::FILE* to);

// For JSON built as a DOM (one `qrt batch` line): the same completeness rule. Adds "probabilities" and,
// with a top K, "probabilities_top" to `doc`.
void add_probabilities(boost::json::object& doc, const std::vector<double>& p, std::size_t num_qubits,
                       std::optional<std::size_t> top);

}  // namespace qrt::cli
