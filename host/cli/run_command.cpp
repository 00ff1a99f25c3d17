// `qrt run FILE`: load a program (OpenQASM or QIR, chosen by content), run it with qrt::run on the device of
// --device, print the result: circuits as a table or one JSON document (result_output.hpp), compiled QIR in the
// QIR output schema, shot by shot, or one JSON document (shot_output_json.hpp).
//
// While it runs: a progress bar on stderr (run_progress.hpp) after progress_delay(), when stderr is a terminal
// and the result is not JSON (--progress forces it, --no-progress turns it off). Ctrl-C stops the run at its
// next operation: no result is printed and the exit status is 130; --timeout likewise with 124. A run that
// does not stop when asked ends the process (process_watchdog.hpp).
#include "buffered_output.hpp"
#include "commands.hpp"
#include "exit_status.hpp"
#include "hamiltonian_files.hpp"
#include "json_text.hpp"
#include "number_options.hpp"
#include "param_binding.hpp"
#include "process_watchdog.hpp"
#include "result_output.hpp"
#include "results_channel.hpp"
#include "run_catalyst.hpp"
#include "run_progress.hpp"
#include "shot_output_json.hpp"
#include "stdin_program.hpp"

#include <qrt/distributed_readout.hpp>
#include <qrt/load_program.hpp>
#include <qrt/program_kind.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include <cstdio>
#include <iostream>
#include <optional>
#include <unistd.h>

namespace qrt::cli {
namespace {

struct RunArgs {
  std::string file;
  std::string device = "statevector.qubit";
  std::optional<std::uint64_t> shots, seed;
  std::string output = "table";
  bool probs = false, state = false, stats = false;
  bool isolate = false;                        // run the device in a worker process
  bool progress = false, no_progress = false;  // force / suppress the progress bar
  bool jit = false;                // QIR only: compile a straight-line program instead of running it as a circuit
  std::optional<std::size_t> top;  // unset: all in JSON, kTableDefaultTop in the table
  std::vector<std::string> expvals, hamiltonians;
  std::string entry;                       // QIR only
  std::optional<double> timeout;           // seconds; the whole run
  std::string precision;                   // --precision: the device's precision kwarg
  std::vector<std::string> params;         // --param NAME=VALUE: free parameters of the OpenQASM circuit
  std::vector<std::string> catalyst_args;  // --arg VALUE: a Catalyst program's arguments
  bool device_given = false;               // -d was on the command line (a Catalyst program maps its own devices)
};

// The program, from its file or (qrt run -) standard input.
LoadedProgram load(const RunArgs& args, const std::optional<StdinProgram>& stdin_program,
                   const std::string& shown_file) {
  LoadOptions options;
  options.entry = args.entry;
  options.force_jit = args.jit;
  if (stdin_program && program_kind_of_text(stdin_program->text()) == ProgramKind::OpenQasm && args.entry.empty() &&
      !args.jit)
    return load_openqasm(stdin_program->text(), shown_file);
  return load_program(args.file, options);
}

// --param NAME=VALUE: a name that no program mentions is a misspelling, reported with the nearest identifier.
ParameterBinding params_of(const RunArgs& args, const std::optional<StdinProgram>& stdin_program) {
  const ParameterBinding binding = parse_run_params(args.params);
  if (!binding.empty()) {
    std::vector<std::string> names;
    for (const auto& [name, value] : binding) names.push_back(name);
    require_params_used(names, {stdin_program ? stdin_program->text() : read_source(args.file)});
  }
  return binding;
}

RunRequest request_of(const RunArgs& args, ExecutionProgress& progress) {
  RunRequest request;
  request.shots = args.shots;
  request.seed = args.seed;
  request.probabilities = args.probs;
  request.state = args.state;
  request.expvals = args.expvals;
  request.timeout = args.timeout;
  request.progress = &progress;
  return request;
}

// Circuits: the table or the JSON document, probabilities and state streamed from a device that keeps them.
void print_circuit_result(const RunArgs& args, Device& device, const LoadedProgram& program,
                          const std::string& shown_file, const RunResult& r, std::FILE* out) {
  const std::optional<DistributedReadout> readout = DistributedReadout::of(device);
  StreamedResults streamed;
  if (readout) {
    streamed.readout = &*readout;
    streamed.probabilities = r.probabilities_on_device;
    streamed.state = r.state_on_device;
    streamed.wires.assign(r.wires.rbegin(), r.wires.rend());  // qubit n-1 ... qubit 0
    streamed.global_phase = r.global_phase;
  }
  const RunReport report{
      device, *r.circuit, shown_file, r, program.info().load_seconds, r.seed, readout ? &streamed : nullptr};
  if (args.output == "json") write_run_json(report, args.top, out);
  else print_run_table(report, args.top, out);
}

// Compiled QIR: the shots were printed as they finished (text); the JSON document now; a failed shot's error.
int finish_shot_run(const RunArgs& args, const LoadedProgram& program, const std::string& shown_file,
                    const RunResult& r, std::FILE* out) {
  if (args.output == "json") {
    const std::string text = json_text(shot_run_document(program, r, shown_file, args.device)) + "\n";
    if (std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fflush(out) != 0)
      throw OutputError("writing the output failed; what was written is incomplete");
  }
  if (!r.failed()) return kExitOk;
  std::fflush(stdout);
  std::fprintf(stderr, "qrt: error: %s: %s\n", shown_file.c_str(), failure_text(r).c_str());
  return kExitError;
}

// The command an isolated Catalyst program runs in its child: this one, less --isolate.
std::vector<std::string> child_words(const RunArgs& args) {
  std::vector<std::string> words = {"run", args.file, "-o", args.output};
  if (!args.entry.empty()) words.insert(words.end(), {"--entry", args.entry});
  for (const auto& a : args.catalyst_args) words.insert(words.end(), {"--arg", a});
  if (args.device_given) words.insert(words.end(), {"-d", args.device});
  if (!args.precision.empty()) words.insert(words.end(), {"--precision", args.precision});
  if (args.shots) words.insert(words.end(), {"--shots", std::to_string(*args.shots)});
  if (args.seed) words.insert(words.end(), {"--seed", std::to_string(*args.seed)});
  if (args.timeout) words.insert(words.end(), {"--timeout", std::to_string(*args.timeout)});
  if (args.stats) words.push_back("--stats");
  return words;
}

// A program that opens its own devices (Catalyst): -d (or --precision) replaces them; the options of circuits
// and QIR are refused by the run policy in its terms.
int run_own_devices_program(const RunArgs& args, const LoadedProgram& program, const std::string& shown_file,
                            const DeviceSpec& spec) {
  if (args.top) throw UsageError("--top applies to circuits' probabilities; " + shown_file + " is a Catalyst program");
  if (args.probs || args.state || !args.expvals.empty() || !args.hamiltonians.empty() || !args.params.empty()) {
    RunRequest refused;  // the policy says what does not apply, as for any program
    refused.probabilities = args.probs;
    refused.state = args.state;
    refused.expvals = args.expvals;
    refused.expvals.insert(refused.expvals.end(), args.hamiltonians.begin(), args.hamiltonians.end());
    refused.params = parse_run_params(args.params);
    (void)qrt::run(program, std::nullopt, refused);
  }
  CatalystRunArgs catalyst{shown_file,  args.catalyst_args, std::nullopt, args.shots,    args.seed,
                           args.output, args.timeout,       args.stats,   args.progress, args.no_progress};
  if (args.device_given || !args.precision.empty()) catalyst.device = spec;
  return run_catalyst(catalyst, program);
}

int run(const RunArgs& given) {
  RunArgs args = given;
  std::optional<StdinProgram> stdin_program;
  if (args.file == "-") args.file = stdin_program.emplace().path().string();
  const std::string shown_file = stdin_program ? "<stdin>" : args.file;

  DeviceSpec spec = DeviceSpec::parse(args.device);
  if (!args.precision.empty()) spec = spec.with_kwarg("precision", args.precision, "--precision");
  if (args.isolate && program_kind(args.file) == ProgramKind::Catalyst)
    return run_catalyst_in_child(child_words(args), shown_file);

  const LoadedProgram program = load(args, stdin_program, shown_file);
  for (const auto& w : program.info().warnings) std::cerr << w << "\n";
  if (program.info().opens_own_devices) return run_own_devices_program(args, program, shown_file, spec);

  RuntimeOptions runtime_options;
  if (args.isolate) runtime_options.isolate = true;  // else $QRT_ISOLATE decides
  Runtime runtime(runtime_options);
  const ResolvedDevice resolved = runtime.resolve(spec);
  ExecutionProgress progress;
  // --expval words and Hamiltonians, --hamiltonian files: texts the run takes, labels the report shows.
  const ObservableList observables = observable_list(args.expvals, args.hamiltonians);
  RunRequest request = request_of(args, progress);
  request.expvals = observables.texts;
  request.params = params_of(args, stdin_program);
  request.arguments = program.arguments_from_json(args.catalyst_args);
  const bool shot_by_shot = program.info().shot_by_shot;
  if (shot_by_shot && args.top) throw UsageError("--top applies to circuits' probabilities; " + shown_file + " is QIR");
  // A compiled program's random seed is shown with its first shot, so that a run that fails midway can still
  // be repeated.
  const bool show_seed = shot_by_shot && !args.seed && !resolved.seed() && args.output != "json";
  if (show_seed) {
    request.seed = choose_seed(std::nullopt, resolved);
    request.seed_optional = true;
  }
  Device device = runtime.open(resolved);
  // Under -o json, stdout carries the document alone: what the program or the device prints goes to stderr.
  std::optional<ResultsChannel> channel;
  if (args.output == "json") channel.emplace();
  std::FILE* out = channel ? channel->results() : stdout;
  RunResult result;
  {
    StopOnSigint stop_on_ctrl_c(progress);
    std::optional<RunProgressDisplay> display;  // erases its bar when it goes, before anything else prints
    if (show_progress_bar(args.progress, args.no_progress, args.output))
      display.emplace(progress, ::isatty(STDERR_FILENO) == 1, progress_delay());
    if (shot_by_shot && args.output != "json")
      request.on_shot = [&](std::uint64_t k, const ShotOutput& shot) {
        if (k == 0 && show_seed && request.seed)
          std::fprintf(stderr, "qrt: seed %llu (--seed %llu repeats this run)\n",
                       static_cast<unsigned long long>(*request.seed), static_cast<unsigned long long>(*request.seed));
        const std::string text = format_shot(program.info().metadata, shot);
        if (display) {
          display->write_above(stdout, text);
        } else {
          std::fwrite(text.data(), 1, text.size(), stdout);
          std::fflush(stdout);
        }
      };
    ProcessWatchdog watchdog(args.timeout, shown_file, display ? &*display : nullptr);
    try {
      result = qrt::run(program, device, request);
    } catch (const TimeoutError&) {
      display.reset();
      report_timeout(shown_file, *args.timeout);
      return kExitTimeout;
    } catch (const StoppedError& e) {
      if (!StopOnSigint::interrupted()) throw;
      display.reset();
      std::fflush(stdout);
      // A compiled program's message says where it stopped (a shot) but not in which file.
      if (shot_by_shot) std::fprintf(stderr, "qrt: interrupted: %s: %s\n", shown_file.c_str(), e.what());
      else std::fprintf(stderr, "qrt: interrupted: %s\n", e.what());
      return kExitInterrupted;
    }
  }
  relabel(result.expvals, observables);
  if (args.stats) std::cerr << "qrt: pool " << to_json(runtime.pool_stats()) << "\n";
  if (shot_by_shot) return finish_shot_run(args, program, shown_file, result, out);
  print_circuit_result(args, device, program, shown_file, result, out);
  return kExitOk;
}

}  // namespace

Action add_run_command(CLI::App& app) {
  auto* sub =
      app.add_subcommand("run", "Run an OpenQASM 2.0 file or a QIR program (LLVM IR .ll / bitcode .bc) on a device");
  auto args = std::make_shared<RunArgs>();
  sub->add_option("file", args->file,
                  "OpenQASM 2.0 file, or QIR as LLVM IR text or bitcode (chosen by content); - reads standard input")
      ->required()
      ->check(CLI::ExistingFile | CLI::IsMember({"-"}));
  sub->add_option(
      "--entry", args->entry,
      "QIR: the entry point to run (default: the function marked entry_point); Catalyst: the jit_ function");
  sub->add_flag(
      "--jit", args->jit,
      "QIR: compile a straight-line program with the JIT instead of running it as a circuit (as QRT_QIR_JIT=1)");
  sub->add_option("--timeout", args->timeout, "Fail (exit status 124) when the run takes longer than this many seconds")
      ->check(positive_seconds());
  auto* device =
      sub->add_option("-d,--device", args->device,
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
  sub->add_option("--top", args->top,
                  "List only the K most likely states (0 = all). Default: all 2^n in JSON, 16 in the table")
      ->check(whole_number());
  sub->add_flag("--state", args->state, "Print the final state vector");
  sub->add_flag("--stats", args->stats, "Print the device pool's statistics to stderr (JSON)");
  sub->add_flag("--isolate", args->isolate,
                "Run the device in a separate worker process: a crashing plugin cannot take qrt down "
                "(also: isolate=true in the config, or QRT_ISOLATE=1)");
  auto* progress =
      sub->add_flag("--progress", args->progress,
                    "Show the progress bar on stderr even when it is not a terminal or the output is JSON");
  sub->add_flag("--no-progress", args->no_progress, "Never show the progress bar")->excludes(progress);
  sub->add_option(
      "--expval", args->expvals,
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
