// qrt::conformance — a conformance kit for device plugins (`qrt check-plugin`).
//
// check() loads a plugin file the way the host does (LoadedPlugin::load) and drives every device it
// offers through the raw C ABI, recording one result per check:
//
//   abi           descriptor and function-table sizes, required functions, capabilities and kwargs
//                 schema JSON, unique gate names, kwargs defaults valid against their own schema,
//                 declared measurements backed by functions
//   lifecycle     create with the (given or default) kwargs, allocate, release, reset (no qubits,
//                 shots restored), destroy; create/destroy many times
//   simulation    whether the device's state evolves under its gates (see "Non-simulating devices")
//   gates         every declared gate with a reference matrix (the PennyLane gate set) applied to
//                 random 1-3 qubit states and compared with the reference; its adjoint (U, U† and
//                 U U† = I) when the device declares "adjoint"; with one extra control (value 1 and 0)
//                 when it declares "controlled_gates". Unknown gate names are "not checked".
//   measurements  each declared measurement: probs (normalised, marginals and wire order consistent),
//                 state, sample and counts (shape, 0/1 values), expval/var (Z on |0> = 1 / 0, and every
//                 declared observable against the device's own state), measure, reset
//   errors        bad wire ids, unknown gate ids, wrong parameter and wire counts, repeated wires,
//                 impossible postselection, sampling without shots, allocating past max_qubits: each
//                 must return a well-formed error value with the documented status, in this process,
//                 and leave the instance unchanged
//   concurrency   two instances interleaved on one thread do not affect each other; two instances
//                 driven from two threads at once give the results they give sequentially
//
// Observing the state. Gate and value checks read the state through `state` when the device declares
// it, else through `probs`. Through probs the reference replays the whole circuit, preparation included
// (so a wrong preparation gate makes other gates fail too), and a random layer follows the gate so that
// relative phases show in the probabilities. A device with neither is "not checked" there. The limit of probabilities:
// a device whose every gate is the complex conjugate of the right one (e.g. RZ(-θ) for RZ(θ) when its other gates are
// real) produces conj(ψ), which has the same probabilities as ψ; only a device exposing `state` can be caught doing
// that.
//
// Non-simulating devices (decision). A device may accept gates without simulating them (null.qubit:
// its state is always |0...0>). The kit probes this: it applies each declared one-qubit gate that moves
// |0> (PauliX, Hadamard, RX, ...) and reads the state back. If none changes it, the device is reported
// as non-simulating — a Note, not a failure (unless Options::require_simulation) — and every check that
// needs simulated values or the gates' semantics (gate matrices, expval of a prepared state, rejecting
// wrong parameter or wire counts or a control on a target) is "not checked" or a Note, while every
// structural check (ABI, lifecycle, shapes, normalisation, wire validation, errors, concurrency) still
// runs.
//
// Where the plugin runs (Options::isolation). By default in a worker process, `qrt-check-worker` (beside
// libqrt_conformance: <libdir>/qrt/qrt-check-worker), which loads the file and runs the checks while
// this process watches: a plugin that crashes, calls exit() or hangs while loading fails the `load`
// (Report::load_error), and during a check fails that check, with the signal, the exit status or the
// timeout (Options::check_timeout_seconds, per check) in its detail. The kit then starts a fresh worker
// and goes on after that check (after a timeout, or a crash that repeats, with the next group). The
// worker's stdout goes to this process's stderr. Each group draws its random numbers from a generator
// seeded with (Options::seed, the group), so a worker that starts in the middle draws what an
// uninterrupted run would, and a report in a worker equals one in process.
// With Isolation::InProcess everything runs in this process (for debugging a plugin under gdb): a
// plugin that crashes takes the caller with it. Thread-safe: check() may run concurrently on different
// files (in process, unless the plugins share state).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::conformance {

enum class Outcome {
  Passed,
  Failed,
  NotChecked,  // the check does not apply (not declared, no reference, nothing to observe)
  Note,        // a finding that is not a failure (e.g. "the device does not simulate")
};

const char* to_string(Outcome outcome) noexcept;

struct CheckResult {
  std::string group;  // abi, lifecycle, simulation, gates, measurements, errors, concurrency
  std::string name;   // e.g. "RX adjoint"
  Outcome outcome = Outcome::Passed;
  std::string detail;  // what was checked or why it failed / was not checked, with the numbers
};

struct DeviceReport {
  std::string name, version;
  bool simulating = false;       // the state was seen to evolve under the device's gates
  std::string observed_through;  // "state", "probs" or "" (nothing to observe)
  std::vector<CheckResult> checks;

  std::size_t count(Outcome outcome) const;
  // The result of (group, name), or nullptr.
  const CheckResult* find(std::string_view group, std::string_view name) const;
  bool passed() const { return count(Outcome::Failed) == 0; }
};

struct Report {
  std::filesystem::path file;
  std::string plugin_name, plugin_version;
  std::uint32_t abi_major = 0, abi_minor = 0;
  std::optional<std::string> load_error;  // set when the file did not load; then there are no devices
  std::vector<DeviceReport> devices;

  const DeviceReport* device(std::string_view name) const;
  // Loaded, at least one device checked, and no check failed.
  bool passed() const;
};

enum class Isolation {
  Worker,     // the plugin runs in a child process, each check under a timeout
  InProcess,  // the plugin runs in this process
};

struct Options {
  std::string device;  // check only this device; empty: every device of the file
  // Kwargs every instance is created with, in config syntax ("shots=10,seed=1" or a JSON object);
  // empty: the device's defaults. Invalid kwargs throw qrt::Error(Config) from check().
  std::string kwargs;
  std::uint64_t seed = 0x5eed2024;  // random states, parameters and wire placements
  double tolerance = 1e-9;          // max |difference| of an amplitude, probability or value
  std::size_t states_per_case = 2;  // random input states per gate case
  std::size_t lifecycle_repetitions = 64;
  std::size_t concurrency_rounds = 16;
  bool require_simulation = false;  // a non-simulating device fails instead of getting a Note
  Isolation isolation = Isolation::Worker;
  // Worker only: the longest the load, or one check, may take before the worker is killed and the check
  // fails; 0 or less: no limit. Every check of the bundled plugins takes milliseconds.
  double check_timeout_seconds = 30;
};

// Throws qrt::Error(NotFound) when options.device is set and the file does not offer it, and
// qrt::Error(Config) for invalid options.kwargs. A file that does not load is a Report with load_error.
// With Isolation::Worker, also qrt::Error(NotFound) when qrt-check-worker is missing and
// qrt::Error(Internal) when it cannot be started.
Report check(const std::filesystem::path& plugin_file, const Options& options = {});

// The main of `qrt-check-worker` (started by check(), not by hand): `qrt-check-worker FILE REQUEST`
// loads FILE, runs the checks REQUEST (JSON) asks for and reports each on file descriptor 3.
int check_worker_main(int argc, char** argv);

// Human-readable report: one line per check, a summary per device, the verdict last.
std::string to_text(const Report& report);
// One JSON document: {"file", "plugin", "plugin_version", "abi", "passed", "load_error", "devices": [
//   {"name", "version", "simulating", "observed_through", "passed", "summary": {...},
//    "checks": [{"group", "name", "outcome", "detail"}]}]}
std::string to_json(const Report& report);

}  // namespace qrt::conformance
