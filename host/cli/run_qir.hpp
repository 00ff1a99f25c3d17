// `qrt run FILE.ll|FILE.bc`: the QIR front end's command (see README, "Running QIR").
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace qrt::cli {

struct QirRunArgs {
  std::string file;
  std::string entry;
  std::string device = "statevector.qubit";
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  std::optional<double> timeout;  // seconds
  bool isolate = false;
  bool progress = false, no_progress = false;  // force / suppress the progress bar (as for OpenQASM)
};

// One QIR program of `qrt batch`: its JSON Lines result (status ok / error, the histogram of the shots'
// outcomes, timings). Runs on the calling thread, on a device from the process runtime's pool.
boost::json::object run_qir_for_batch(const std::string& file, const std::string& device, std::uint64_t shots,
                                      std::optional<std::uint64_t> seed);

// While it runs: the progress bar of `qrt run` (shots done / total, gates applied, rate; no estimate of the
// time left: a compiled program's length is not known up front). Ctrl-C stops the program at its next gate
// or measurement, or, if it calls none within a second (a classical loop), ends the process.
// Exit status: 0 every shot ran; 1 the program, its device or the input failed (a failed shot, a module
// that does not load); 124 --timeout expired; 130 Ctrl-C (SIGINT) stopped it; 2 internal error.
int run_qir(const QirRunArgs& args);

}  // namespace qrt::cli
