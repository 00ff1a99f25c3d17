// `qrt run FILE.ll|FILE.bc`: the QIR front end's command (see docs/qir.md).
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
  // Options of `qrt run` that only OpenQASM programs have: given for a QIR program, they are refused
  // (a compiled program's result is its output records; it has no final state to report).
  struct OpenQasmOnly {
    bool probs = false, state = false, expval = false, top = false;
  } openqasm_only;
  bool force_jit = false;  // --jit: compile a straight-line program too (see docs/qir.md)
  bool seed_optional = false;  // `seed` was picked to be reported, not given: a device without set_seed runs unseeded
};

// The shots a QIR run makes: --shots, else the device's shots kwarg when above 0, else 1. --shots 0 (an
// analytic run) is refused: a compiled program runs shot by shot.
std::uint64_t qir_shots(const std::string& file, std::optional<std::uint64_t> requested, std::optional<std::uint64_t> device_shots);

// One QIR program of `qrt batch`: its JSON Lines result (status ok / error, the histogram of the shots'
// outcomes, its messages, timings). Runs on the calling thread, on a device from the process runtime's pool.
boost::json::object run_qir_for_batch(const std::string& file, const std::string& device, std::uint64_t shots,
                                      std::optional<std::uint64_t> seed, bool seed_optional);

// While it runs: the progress bar of `qrt run` (shots done / total, gates applied, rate; no estimate of the
// time left: a compiled program's length is not known up front). Ctrl-C stops the program at its next gate
// or measurement, or, if it calls none within a second (a classical loop), ends the process.
// Exit status (exit_status.hpp): 0 every shot ran; 1 the program, its device or the input failed (a failed
// shot, a module that does not load); 124 --timeout expired; 130 Ctrl-C (SIGINT) stopped it; 2 internal
// error; 64 an option that does not apply to QIR (UsageError).
int run_qir(const QirRunArgs& args);

}  // namespace qrt::cli
