// `qrt run FILE.qasm`: parse, run on a device, print counts / probabilities / state / expectation values
// as a table or as one JSON document (result_output.hpp: what each lists, and how it streams).
//
// While it runs: a progress bar on stderr (run_progress.hpp) after progress_delay(), when stderr is a
// terminal and the result is not JSON (--progress forces it, --no-progress turns it off). Ctrl-C stops the
// run at its next operation boundary: no result is printed and the exit status is 130.
#include "commands.hpp"
#include "effective_settings.hpp"
#include "exit_status.hpp"
#include "hamiltonian_files.hpp"
#include "number_options.hpp"
#include "param_binding.hpp"
#include "program_kind.hpp"
#include "run_catalyst.hpp"
#include "run_qir.hpp"
#include "run_deadline.hpp"
#include "run_progress.hpp"
#include "result_output.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/distributed_readout.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <iostream>
#include <numeric>
#include <utility>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace qrt::cli {
namespace {

struct RunArgs {
  std::string file;
  std::string device = "statevector.qubit";
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  bool probs = false, state = false, stats = false;
  bool isolate = false;  // run the device in a worker process
  bool progress = false, no_progress = false;  // force / suppress the progress bar
  bool jit = false;  // QIR only: compile a straight-line program instead of running it as a circuit
  std::optional<std::size_t> top;  // unset: all in JSON, kTableDefaultTop in the table
  std::vector<std::string> expvals, hamiltonians;
  std::string entry;              // QIR only
  std::optional<double> timeout;  // seconds; the whole run, parsing included
  std::string precision;          // --precision: added to the device config as a kwarg
  std::vector<std::string> params;  // --param NAME=VALUE: free parameters of the OpenQASM circuit
  std::vector<std::string> catalyst_args;  // --arg VALUE: a Catalyst program's arguments
  bool device_given = false;               // -d was on the command line (a Catalyst program maps its own devices)
};

// A Catalyst program (qjit output): its own command (run_catalyst.hpp); the OpenQASM-only options it refuses.
int dispatch_catalyst(const RunArgs& args) {
  std::string refused;
  auto note = [&](bool set, const char* option) {
    if (set) refused += (refused.empty() ? "" : ", ") + std::string(option);
  };
  note(args.probs, "--probs");
  note(args.state, "--state");
  note(!args.expvals.empty(), "--expval");
  note(args.top.has_value(), "--top");
  note(!args.params.empty(), "--param");
  note(args.jit, "--jit");
  note(!args.precision.empty(), "--precision");
  return run_catalyst({args.file, args.entry, args.catalyst_args,
                       args.device_given ? std::optional<std::string>(args.device) : std::nullopt, args.shots, args.seed,
                       args.output, args.timeout, args.isolate, args.stats, refused});
}

// `qrt run -`: the program from standard input, kept in a temporary file for as long as the run needs
// it (the QIR front end and an isolated child read a file).
class StdinProgram {
 public:
  StdinProgram() {
    text_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    std::string pattern = (std::filesystem::temp_directory_path() / "qrt-stdin-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw Error(ErrorCode::Internal, "cannot create a temporary file for standard input");
    ::close(fd);
    path_ = pattern;
    std::ofstream(path_, std::ios::binary) << text_;
  }
  ~StdinProgram() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  StdinProgram(const StdinProgram&) = delete;
  StdinProgram& operator=(const StdinProgram&) = delete;
  const std::string& text() const { return text_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::string text_;
  std::filesystem::path path_;
};

// --precision on a device without that kwarg, or beside precision=... in the config, is the command
// line's mistake: say so in its terms (the kwarg is what --precision adds, not what the user typed).
void check_precision_option(const std::string& config, const std::string& precision) {
  if (precision.empty()) return;
  const auto colon = config.find(':');
  if (colon != std::string::npos && config.find("precision", colon) != std::string::npos)
    throw UsageError("--precision " + precision + " and a precision kwarg in the device config '" + config +
                     "': give one of them");
  Runtime runtime;
  const auto type = runtime.resolve(config).first;
  if (type->schema_json().find("\"precision\"") == std::string::npos)
    throw UsageError("--precision applies to devices with a precision setting (statevector.qubit); " + type->name() +
                     " has none");
}

bool show_progress(const RunArgs& args) { return show_progress_bar(args.progress, args.no_progress, args.output); }

// `--precision X` is shorthand for the kwarg precision=X on the device config string (the device's
// schema then decides whether it takes it). A JSON config carries its kwargs itself.
std::string with_precision(const std::string& config, const std::string& precision) {
  if (precision.empty()) return config;
  const auto first = config.find_first_not_of(" \t\n");
  if (first != std::string::npos && config[first] == '{')
    throw Error(ErrorCode::InvalidArgument,
                "--precision cannot be combined with a JSON device config; put \"precision\" in its kwargs");
  return config + (config.find(':') == std::string::npos ? ":" : ",") + "precision=" + precision;
}

int run(const RunArgs& given) {
  RunArgs args = given;
  std::optional<StdinProgram> stdin_program;
  if (args.file == "-") args.file = stdin_program.emplace().path().string();
  const std::string shown_file = stdin_program ? "<stdin>" : args.file;
  const ProgramKind kind = program_kind(args.file);
  if (kind == ProgramKind::Catalyst) return dispatch_catalyst(args);
  if (!args.catalyst_args.empty())
    throw UsageError("--arg applies to Catalyst programs (qjit output); " + shown_file + " is " +
                     (kind == ProgramKind::Qir ? "QIR" : "OpenQASM"));
  check_precision_option(args.device, args.precision);
  const std::string device_config = with_precision(args.device, args.precision);
  if (kind == ProgramKind::Qir) {
    if (!args.params.empty()) throw UsageError("--param applies to OpenQASM programs; " + shown_file + " is QIR");
    if (!args.hamiltonians.empty()) throw UsageError("--hamiltonian applies to OpenQASM programs; " + shown_file + " is QIR");
    return run_qir({args.file, args.entry, device_config, args.shots, args.seed, args.output, args.timeout, args.isolate,
                    args.progress, args.no_progress, {args.probs, args.state, !args.expvals.empty(), args.top.has_value()},
                    args.jit});
  }
  if (!args.entry.empty()) throw UsageError("--entry applies to QIR programs; " + shown_file + " is OpenQASM");
  if (args.jit) throw UsageError("--jit applies to QIR programs; " + shown_file + " is OpenQASM");
  const ObservableList observables = observable_list(args.expvals, args.hamiltonians);
  args.expvals = observables.texts;
  ExecutionProgress progress;
  RunDeadline deadline(args.timeout, progress, shown_file);
  const ParameterBinding binding = parse_run_params(args.params);
  if (!args.params.empty()) {
    std::vector<std::string> names;
    for (const auto& [name, value] : binding) names.push_back(name);
    require_params_used(names, {stdin_program ? stdin_program->text() : read_source(args.file)});
  }
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  qasm::ParseOptions parse_options;
  parse_options.free_parameters = true;
  program::Program program = stdin_program ? qasm::parse_string(stdin_program->text(), shown_file, parse_options)
                                        : qasm::parse_file(args.file, parse_options);
  double parse_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  for (const auto& w : program.warnings) std::cerr << w.format() << "\n";
  (void)program::free_parameter_values(program, binding);  // a binding that does not fit fails before a device opens

  RuntimeOptions runtime_options;
  if (args.isolate) runtime_options.isolate = true;  // else $QRT_ISOLATE decides
  Runtime runtime(runtime_options);
  Device device = runtime.open(device_config);
  RunOptions options;
  options.shots = args.shots;
  options.seed = effective_seed(args.seed, device_settings(device.canonical_kwargs()));
  options.seed_optional = !args.seed;  // picked to report: a device that cannot be seeded runs unseeded
  options.probabilities = args.probs;
  options.state = args.state;
  options.expvals = args.expvals;
  options.parameters = binding;
  // Without shots and without any other request, show the final-state probabilities.
  if (!args.probs && !args.state && args.expvals.empty() && device.shots() == 0 && (!args.shots || *args.shots == 0))
    options.probabilities = true;
  options.progress = &progress;
  // A device that spans MPI ranks reads its probabilities and state out after the run, streamed to rank 0
  // (result_output.hpp), instead of filling 2^n values on every rank.
  const std::optional<DistributedReadout> readout = DistributedReadout::of(device);
  StreamedResults streamed;
  if (readout) {
    streamed.readout = &*readout;
    streamed.probabilities = std::exchange(options.probabilities, false);
    streamed.state = std::exchange(options.state, false);
  }
  RunResult r;
  {
    StopOnSigint stop_on_ctrl_c(progress);
    try {
      std::optional<RunProgressDisplay> display;  // erases its bar when it goes, before anything else prints
      if (show_progress(args)) display.emplace(progress, ::isatty(STDERR_FILENO) == 1, progress_delay());
      r = run_program(program, device, options);
    } catch (const StoppedError& e) {
      deadline.stop();
      if (deadline.expired() && !StopOnSigint::interrupted()) {
        deadline.report();
        return kExitTimeout;
      }
      if (!StopOnSigint::interrupted()) throw;
      std::cerr << "qrt: interrupted: " << e.what() << "\n";
      return kExitInterrupted;
    }
  }
  deadline.stop();  // the run is over: printing its result is not timed
  relabel(r.expvals, observables);
  if (args.stats) std::cerr << "qrt: pool " << to_json(runtime.pool_stats()) << "\n";

  streamed.wires.assign(r.wires.rbegin(), r.wires.rend());  // qubit n-1 ... qubit 0
  streamed.global_phase = r.global_phase;
  const RunReport report{device, program, shown_file, r, parse_seconds, options.seed, readout ? &streamed : nullptr};
  if (args.output == "json")
    write_run_json(report, args.top, stdout);
  else
    print_run_table(report, args.top, stdout);
  return kExitOk;
}

}  // namespace

Action add_run_command(CLI::App& app) {
  auto* sub = app.add_subcommand("run", "Run an OpenQASM 2.0 file or a QIR program (LLVM IR .ll / bitcode .bc) on a device");
  auto args = std::make_shared<RunArgs>();
  sub->add_option("file", args->file,
                  "OpenQASM 2.0 file, or QIR as LLVM IR text or bitcode (chosen by content); - reads standard input")
      ->required()
      ->check(CLI::ExistingFile | CLI::IsMember({"-"}));
  sub->add_option("--entry", args->entry,
                  "QIR: the entry point to run (default: the function marked entry_point); Catalyst: the jit_ function");
  sub->add_flag("--jit", args->jit,
                "QIR: compile a straight-line program with the JIT instead of running it as a circuit (as QRT_QIR_JIT=1)");
  sub->add_option("--timeout", args->timeout, "Fail (exit status 124) when the run takes longer than this many seconds")
      ->check(positive_seconds());
  auto* device = sub->add_option("-d,--device", args->device,
                                 "Device config string (default statevector.qubit; for a Catalyst program it replaces the "
                                 "device of every device_init)");
  sub->add_option("-s,--shots", args->shots, "Shots (overrides the device's); 0 = analytic")->check(whole_number());
  sub->add_option("--seed", args->seed, "Seed for sampling (overrides the device's; the result reports the seed used)")
      ->check(whole_number());
  sub->add_option("--precision", args->precision,
                  "Amplitude precision of the device: double or single (adds precision=... to the device config; "
                  "statevector.qubit takes it)")
      ->check(CLI::IsMember({"double", "single"}));
  sub->add_option("-o,--output", args->output, "table or json")->check(CLI::IsMember({"table", "json"}));
  sub->add_flag("--probs", args->probs, "Print final-state probabilities (qubit 0 rightmost)");
  sub->add_option("--top", args->top, "List only the K most likely states (0 = all). Default: all 2^n in JSON, 16 in the table")
      ->check(whole_number());
  sub->add_flag("--state", args->state, "Print the final state vector");
  sub->add_flag("--stats", args->stats, "Print the device pool's statistics to stderr (JSON)");
  sub->add_flag("--isolate", args->isolate,
                "Run the device in a separate worker process: a crashing plugin cannot take qrt down "
                "(also: isolate=true in the config, or QRT_ISOLATE=1)");
  auto* progress = sub->add_flag("--progress", args->progress,
                                 "Show the progress bar on stderr even when it is not a terminal or the output is JSON");
  sub->add_flag("--no-progress", args->no_progress, "Never show the progress bar")->excludes(progress);
  sub->add_option("--expval", args->expvals,
                  "Expectation value of a Pauli word: one letter per qubit, rightmost = qubit 0 (ZZI), or sparse (\"Z0 Z3\"); "
                  "any case; or of a Hamiltonian ('0.5*Z0 Z1 - 0.2*X3')");
  sub->add_option("--hamiltonian", args->hamiltonians,
                  "Expectation value of a Hamiltonian file: one 'coefficient word' term a line (# comments), "
                  "reported under the file's name")
      ->check(CLI::ExistingFile);
  sub->add_option("-p,--param", args->params,
                  "Value of a free parameter of the circuit: NAME=VALUE (e.g. theta=pi/4); repeat for several");
  sub->add_option("--arg", args->catalyst_args,
                  "Catalyst program: the next argument of its entry, as JSON (0.5, [1, 2], [[re, im]], true), "
                  "optionally typed (f32:[1, 2]); repeat in the entry's order")
      ->allow_extra_args(false);  // one JSON value per --arg: CLI11 would split "[1, 2]" into two
  return [args, device] {
    args->device_given = device->count() > 0;
    return run(*args);
  };
}

}  // namespace qrt::cli
