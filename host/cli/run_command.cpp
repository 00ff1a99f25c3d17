// `qrt run FILE.qasm`: parse, run on a device, print counts / probabilities / state / expectation values
// as a table or as one JSON document.
#include "commands.hpp"
#include "program_kind.hpp"
#include "run_qir.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>

namespace qrt::cli {
namespace {

struct RunArgs {
  std::string file;
  std::string device = "statevector.qubit";
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  bool probs = false, state = false, stats = false;
  bool isolate = false;  // run the device in a worker process
  std::size_t top = 16;
  std::vector<std::string> expvals;
  std::string entry;              // QIR only
  std::optional<double> timeout;  // QIR only
};

std::string basis(std::size_t index, std::size_t n) {
  std::string s(n, '0');
  for (std::size_t k = 0; k < n; ++k)
    if ((index >> k) & 1u) s[n - 1 - k] = '1';
  return s;
}

// Indices of the largest probabilities above 1e-12, largest first, at most `top` (0: all).
std::vector<std::size_t> top_states(const std::vector<double>& p, std::size_t top) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > 1e-12) idx.push_back(i);
  std::size_t keep = top == 0 ? idx.size() : std::min(top, idx.size());
  std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(keep), idx.end(),
                    [&](std::size_t a, std::size_t b) { return p[a] > p[b] || (p[a] == p[b] && a < b); });
  idx.resize(keep);
  return idx;
}

int run(const RunArgs& args) {
  if (program_kind(args.file) == ProgramKind::Qir)
    return run_qir({args.file, args.entry, args.device, args.shots, args.seed, args.output, args.timeout, args.isolate});
  if (!args.entry.empty() || args.timeout)
    throw Error(ErrorCode::InvalidArgument, "--entry and --timeout apply to QIR programs; " + args.file + " is OpenQASM");
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  qasm::Program program = qasm::parse_file(args.file);
  double parse_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  for (const auto& w : program.warnings) std::cerr << w.format() << "\n";

  RuntimeOptions runtime_options;
  if (args.isolate) runtime_options.isolate = true;  // else $QRT_ISOLATE decides
  Runtime runtime(runtime_options);
  Device device = runtime.open(args.device);
  RunOptions options;
  options.shots = args.shots;
  options.seed = args.seed;
  options.probabilities = args.probs;
  options.state = args.state;
  options.expvals = args.expvals;
  // Without shots and without any other request, show the final-state probabilities.
  if (!args.probs && !args.state && args.expvals.empty() && device.shots() == 0 && (!args.shots || *args.shots == 0))
    options.probabilities = true;
  RunResult r = run_program(program, device, options);
  if (args.stats) std::cerr << "qrt: pool " << to_json(runtime.pool_stats()) << "\n";
  const std::size_t n = program.num_qubits;

  if (args.output == "json") {
    boost::json::object doc;
    doc["device"] = device.name();
    doc["library"] = device.type().library_path().string();
    doc["config"] = boost::json::parse(device.canonical_kwargs());
    doc["circuit"] = {{"file", args.file}, {"qubits", n}, {"clbits", program.num_clbits},
                      {"gates", program.gate_count()}};
    doc["shots"] = r.shots;
    doc["dynamic"] = r.dynamic;
    if (!r.counts.empty()) {
      boost::json::object counts;
      for (const auto& [bits, c] : r.counts) counts[bits] = c;
      doc["counts"] = std::move(counts);
    }
    if (!r.probabilities.empty()) {
      boost::json::object probs;
      for (std::size_t i : top_states(r.probabilities, args.top)) probs[basis(i, n)] = r.probabilities[i];
      doc["probabilities"] = std::move(probs);
    }
    if (!r.state.empty()) {
      boost::json::array amps;
      for (const auto& a : r.state) amps.push_back(boost::json::array{a.real(), a.imag()});
      doc["state"] = std::move(amps);
    }
    if (!r.expvals.empty()) {
      boost::json::object ev;
      for (const auto& [word, v] : r.expvals) ev[word] = v;
      doc["expvals"] = std::move(ev);
    }
    doc["timings"] = {{"parse_s", parse_seconds}, {"lower_s", r.lower_seconds}, {"run_s", r.run_seconds}};
    boost::json::array warnings;
    for (const auto& w : program.warnings) warnings.push_back(boost::json::string(w.format()));
    doc["warnings"] = std::move(warnings);
    std::cout << boost::json::serialize(doc) << "\n";
    return 0;
  }

  std::printf("device   %s %s\n", device.name().c_str(), device.canonical_kwargs().c_str());
  std::printf("circuit  %s: %zu qubits, %u clbits, %zu gates%s\n", args.file.c_str(), n, program.num_clbits,
              program.gate_count(), r.dynamic ? " (mid-circuit measurement: run shot by shot)" : "");
  if (r.shots > 0) {
    if (r.counts.empty()) {
      std::printf("counts   (the circuit measures nothing)\n");
    } else {
      std::printf("counts   %llu shots (bit order: last register leftmost, highest bit leftmost)\n",
                  static_cast<unsigned long long>(r.shots));
      std::vector<std::pair<std::string, std::uint64_t>> rows(r.counts.begin(), r.counts.end());
      std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
      for (const auto& [bits, c] : rows)
        std::printf("  %s  %8llu  %.4f\n", bits.c_str(), static_cast<unsigned long long>(c),
                    static_cast<double>(c) / static_cast<double>(r.shots));
    }
  }
  if (!r.probabilities.empty()) {
    auto idx = top_states(r.probabilities, args.top);
    std::printf("probabilities (qubit 0 rightmost; %zu largest of %zu nonzero)\n", idx.size(),
                top_states(r.probabilities, 0).size());
    for (std::size_t i : idx) std::printf("  %s  %.10f\n", basis(i, n).c_str(), r.probabilities[i]);
  }
  if (!r.state.empty()) {
    std::printf("state (qubit 0 rightmost)\n");
    for (std::size_t i = 0; i < r.state.size(); ++i)
      if (std::abs(r.state[i]) > 1e-12)
        std::printf("  %s  %+.10f %+.10fi\n", basis(i, n).c_str(), r.state[i].real(), r.state[i].imag());
  }
  for (const auto& [word, v] : r.expvals) std::printf("expval   <%s> = %.12f\n", word.c_str(), v);
  std::printf("timings  parse %.3f ms, lower %.3f ms, run %.3f ms\n", parse_seconds * 1e3, r.lower_seconds * 1e3,
              r.run_seconds * 1e3);
  return 0;
}

}  // namespace

Action add_run_command(CLI::App& app) {
  auto* sub = app.add_subcommand("run", "Run an OpenQASM 2.0 file or a QIR program (LLVM IR .ll / bitcode .bc) on a device");
  auto args = std::make_shared<RunArgs>();
  sub->add_option("file", args->file, "OpenQASM 2.0 file, or QIR as LLVM IR text or bitcode (chosen by content)")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--entry", args->entry, "QIR: the entry point to run (default: the function marked entry_point)");
  sub->add_option("--timeout", args->timeout, "QIR: fail (exit status 124) when the run takes longer than this many seconds")
      ->check(CLI::PositiveNumber);
  sub->add_option("-d,--device", args->device, "Device config string (default statevector.qubit)");
  sub->add_option("-s,--shots", args->shots, "Shots (overrides the device's); 0 = analytic");
  sub->add_option("--seed", args->seed, "Seed for sampling (overrides the device's)");
  sub->add_option("-o,--output", args->output, "table or json")->check(CLI::IsMember({"table", "json"}));
  sub->add_flag("--probs", args->probs, "Print final-state probabilities (qubit 0 rightmost)");
  sub->add_option("--top", args->top, "Show only the K most likely states (0 = all; default 16)");
  sub->add_flag("--state", args->state, "Print the final state vector");
  sub->add_flag("--stats", args->stats, "Print the device pool's statistics to stderr (JSON)");
  sub->add_flag("--isolate", args->isolate,
                "Run the device in a separate worker process: a crashing plugin cannot take qrt down "
                "(also: isolate=true in the config, or QRT_ISOLATE=1)");
  sub->add_option("--expval", args->expvals, "Expectation value of a Pauli word (rightmost letter = qubit 0)");
  return [args] { return run(*args); };
}

}  // namespace qrt::cli
