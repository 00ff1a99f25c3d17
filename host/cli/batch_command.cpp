// `qrt batch FILES|DIR --device CONFIG [--jobs N] [--shots N] [--seed S] [--param NAME=VALUES]...
//            [--output jsonl|json] [--stats]`
//
// Runs every program (every *.qasm, *.ll and *.bc under a folder, recursively, in path order; each loaded
// once) once per point of the parameter grid, with qrt::run on `--jobs` workers sharing pooled devices, and
// writes one JSON result per run in input order: JSON Lines (default) or one JSON document. Program i
// (file-major, then grid point) runs with seed derive_seed(S, i), so seeded results do not depend on --jobs.
//
// Progress goes to stderr (batch_progress.hpp); Ctrl-C stops cleanly (batch_interrupt.hpp). Exit code 1 when
// any run failed, 130 when interrupted, else 0.
#include "batch_interrupt.hpp"
#include "batch_line.hpp"
#include "batch_programs.hpp"
#include "batch_progress.hpp"
#include "batch_ranks.hpp"
#include "batch_resume.hpp"
#include "batch_writer.hpp"
#include "commands.hpp"
#include "exit_status.hpp"
#include "json_text.hpp"
#include "mpi_launch.hpp"
#include "number_options.hpp"
#include "param_binding.hpp"
#include "results_channel.hpp"

#include <qrt/executor.hpp>
#include <qrt/parameter_sweep.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

namespace qrt::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct BatchArgs {
  std::vector<std::string> inputs;
  std::string device = "statevector.qubit";
  std::size_t jobs = 0;
  std::optional<std::uint64_t> shots, seed;
  std::vector<std::string> params;
  std::string output = "jsonl";
  std::optional<std::size_t> top;  // unset: all 2^n probabilities (see result_output.hpp)
  bool stats = false;
  bool no_progress = false;
  bool isolate = false;  // run devices in worker processes
  std::optional<std::size_t> pool_max_inactive, pool_max_per_key;
  std::optional<std::string> pool_max_bytes;
  std::optional<double> timeout;  // per program
  bool device_given = false;      // -d was given (a Catalyst program otherwise maps its own devices)
  std::string out;                // results to this file instead of stdout
  bool resume = false;            // skip the runs whose complete line `out` holds
};

// ---- The command -------------------------------------------------------------------------------------

struct Tally {
  std::size_t ok = 0, failed = 0, cancelled = 0;
  void count(BatchOutcome::Status status) {
    ++(status == BatchOutcome::Status::Ok ? ok : status == BatchOutcome::Status::Failed ? failed : cancelled);
  }
};

PoolPolicy pool_policy_of(const BatchArgs& args) {
  PoolPolicy policy;
  policy.max_inactive = args.pool_max_inactive;
  policy.max_inactive_per_key = args.pool_max_per_key;
  if (args.pool_max_bytes) policy.max_bytes = parse_byte_size(*args.pool_max_bytes, "--pool-max-bytes");
  return policy;
}

// Whether the device spans the ranks of an MPI job (capability "collective"): every rank must then make
// the same calls in the same order.
bool device_is_collective(const std::optional<ResolvedDevice>& device) {
  return device && device->type()->capabilities().collective;
}

int batch(const BatchArgs& args) {
  std::vector<SweepAxis> axes;
  for (const auto& spec : args.params) axes.push_back(parse_sweep_axis(spec));
  const ParameterGrid grid(std::move(axes));
  BatchPrograms programs(batch_files(args.inputs));
  const std::vector<fs::path>& files = programs.files();
  const std::size_t total = files.size() * grid.size();
  if (!grid.axes().empty()) {  // a --param that no program mentions is a misspelling, not a sweep
    std::vector<std::string> names, sources;
    for (const auto& axis : grid.axes()) names.push_back(axis.name);
    for (const auto& file : files) sources.push_back(read_source(file));
    require_params_used(names, sources);
  }

  RuntimeOptions runtime_options;
  runtime_options.pool = pool_policy_of(args);
  if (args.isolate) runtime_options.isolate = true;  // else $QRT_ISOLATE decides
  Runtime runtime(runtime_options);
  const DeviceSpec spec = DeviceSpec::parse(args.device);
  // A config that does not resolve fails each program with its own error.
  std::optional<ResolvedDevice> device;
  try {
    device = runtime.resolve(spec);
  } catch (const Error&) {
  }

  // The base seed: --seed, else the device's seed kwarg, else a fresh one, reported in the summary so that
  // the batch can be repeated. Under mpirun the ranks could not agree on a fresh one: then none.
  std::optional<std::uint64_t> base_seed = args.seed;
  if (!base_seed && device) base_seed = choose_seed(std::nullopt, *device);

  // Declared before the executor: its queued tasks refer to them until it is gone.
  std::vector<RunLabel> labels;
  labels.reserve(total);
  for (std::size_t f = 0; f < files.size(); ++f)
    for (std::size_t p = 0; p < grid.size(); ++p) {
      const std::size_t i = labels.size();
      labels.push_back({i, f, grid.point(p), base_seed ? std::optional(derive_seed(*base_seed, i)) : std::nullopt});
    }
  // A fresh base seed is reported, not asked for: a device that cannot be seeded runs unseeded.
  BatchRunSettings settings{args.shots, args.top, args.timeout, !args.seed && !(device && device->seed()),
                            std::nullopt};
  if (args.device_given) settings.own_devices_replaced_by = spec;
  // Each run's stop flag: the first Ctrl-C stops running programs at their next operation.
  std::vector<ExecutionProgress> stops(total);
  std::vector<bool> done(total, false);
  if (args.resume) {
    if (args.out.empty()) throw UsageError("--resume needs --out FILE: the results of the batch to resume");
    if (args.output != "jsonl") throw UsageError("--resume applies to -o jsonl (one line per run)");
    if (launcher_rank()) throw UsageError("--resume applies to a batch outside mpirun");
    done = resume_from(args.out, labels, files);
  }

  // Under mpirun: programs are split over the ranks, unless the device itself spans them; then every rank
  // runs every program, one at a time in the same order (two at once could pair different programs'
  // collectives across ranks), and rank 0 alone prints.
  const bool collective = launcher_rank() && device_is_collective(device);
  const BatchRanks ranks = collective ? BatchRanks() : BatchRanks::of_launch();
  std::size_t jobs = args.jobs;
  if (collective) {
    if (jobs > 1 && launcher_rank() == 0)
      std::fprintf(stderr, "qrt: note: --jobs 1: device '%s' spans every MPI rank, programs run one at a time\n",
                   args.device.c_str());
    jobs = 1;
  }
  // From here on a rank that fails must take the job down with it, or the others wait forever.
  try {
    Executor executor(runtime, ExecutorOptions{jobs, 0, true});
    // Should anything below throw, the executor must not go on to run the whole queue before unwinding.
    struct CancelOnUnwind {
      Executor& executor;
      ~CancelOnUnwind() {
        if (std::uncaught_exceptions() > 0) executor.cancel();
      }
    } cancel_on_unwind{executor};
    std::vector<std::future<boost::json::object>> futures(total);

    BatchInterrupt interrupt;
    // stdout carries the results alone: what programs or devices print goes to stderr.
    ResultsChannel results;
    const auto start = Clock::now();
    for (const RunLabel& label : labels)
      if (ranks.owns(label.index) && !done[label.index])
        futures[label.index] = executor.submit(spec, [&label, &programs, &settings, &stops](Device& device) {
          return run_line(label, programs, settings, device, stops[label.index]);
        });
    const auto stop_running = [&] {
      for (ExecutionProgress& stop : stops) stop.request_stop();
    };

    if (ranks.rank() != 0) {
      // Results go to rank 0 in this rank's index order, each as soon as it is done.
      for (const RunLabel& label : labels) {
        if (!ranks.owns(label.index)) continue;
        BatchInterrupt::wait_for(futures[label.index], executor, stop_running, [] {});
        ranks.send_to_zero(take_line(futures[label.index], label, files[label.file]));
      }
      ranks.gather(to_json(runtime.pool_stats()));
      return ranks.agree_exit_status(kExitOk);
    }

    // With a device that spans the ranks every rank gets here; only the launcher's rank 0 reports.
    const bool reporting = launcher_rank().value_or(0) == 0;
    BatchProgress progress(total, !args.no_progress && reporting);
    Tally tally;
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> out_file(
        args.out.empty() ? nullptr : std::fopen(args.out.c_str(), args.resume ? "a" : "w"), &std::fclose);
    if (!args.out.empty() && !out_file)
      throw Error(ErrorCode::NotFound, "cannot open " + args.out + " for the results");
    BatchWriter writer(out_file ? out_file.get() : results.results(), args.output == "json", args.device);
    std::size_t next = 0;  // results before it are written
    auto finished = [&] {  // including this rank's ones done out of order
      const ExecutorStats s = executor.stats();
      return std::min(total, std::max(next, static_cast<std::size_t>(s.succeeded + s.failed + s.cancelled) *
                                                static_cast<std::size_t>(ranks.size())));
    };
    // Results are written in input order, each as soon as it and all before it are done.
    while (next < total) {
      if (done[next]) {  // --resume: written by the session before
        ++next;
        continue;
      }
      std::optional<BatchOutcome> outcome;
      if (ranks.owns(next)) {
        BatchInterrupt::wait_for(futures[next], executor, stop_running, [&] { progress.update(finished()); });
        outcome = take_line(futures[next], labels[next], files[labels[next].file]);
      } else {
        while (!(outcome = ranks.try_receive(ranks.owner(next)))) {
          BatchInterrupt::cancel_if_requested(executor, stop_running);
          progress.update(finished());
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
      }
      tally.count(outcome->status);
      writer.write(outcome->json);
      ++next;
      progress.update(finished());
    }
    progress.finish(next);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    BatchInterrupt::cancel_if_requested(executor, stop_running);  // a Ctrl-C after the last result still reports as one
    const bool interrupted = executor.cancelled() || tally.cancelled > 0;
    const std::vector<std::string> pools = ranks.gather(to_json(runtime.pool_stats()));

    boost::json::object summary{{"programs", total},
                                {"ok", tally.ok},
                                {"failed", tally.failed},
                                {"cancelled", tally.cancelled},
                                {"interrupted", interrupted},
                                {"jobs", executor.workers()},
                                {"device_threads", executor.device_threads()},
                                {"seconds", seconds}};
    if (ranks.size() > 1) summary["ranks"] = ranks.size();
    if (base_seed) summary["seed"] = *base_seed;
    const auto resumed = static_cast<std::size_t>(std::count(done.begin(), done.end(), true));
    if (args.resume) summary["resumed"] = resumed;
    std::vector<std::pair<std::string, std::string>> extra;
    if (args.stats) {
      extra.emplace_back("pool", pools.front());
      if (ranks.size() > 1) {
        std::string by_rank = "[";
        for (std::size_t r = 0; r < pools.size(); ++r) by_rank += (r ? "," : "") + pools[r];
        extra.emplace_back("pool_by_rank", by_rank + "]");
      }
    }
    writer.finish(summary, extra);
    if (args.stats && reporting)
      for (std::size_t r = 0; r < pools.size(); ++r)
        std::cerr << "qrt: pool" << (ranks.size() > 1 ? " (rank " + std::to_string(r) + ")" : std::string()) << ' '
                  << pools[r] << '\n';
    if (reporting)
      std::fprintf(
          stderr, "qrt: %s%zu program%s in %.2f s (%.1f/s) on %zu worker%s%s: %zu ok, %zu failed, %zu cancelled%s%s\n",
          interrupted ? "interrupted: " : "", total, total == 1 ? "" : "s", seconds,
          seconds > 0 ? static_cast<double>(total) / seconds : 0.0, executor.workers(),
          executor.workers() == 1 ? "" : "s",
          ranks.size() > 1 ? (" x " + std::to_string(ranks.size()) + " ranks").c_str() : "", tally.ok, tally.failed,
          tally.cancelled, args.resume ? (", " + std::to_string(resumed) + " done before (--resume)").c_str() : "",
          base_seed ? ("; seed " + std::to_string(*base_seed) + " (--seed repeats the batch)").c_str() : "");
    // 130 = 128 + SIGINT, as a shell reports a process Ctrl-C ended.
    return ranks.agree_exit_status(interrupted ? kExitInterrupted : tally.failed > 0 ? kExitError : kExitOk);
  } catch (const std::exception& e) {
    if (ranks.size() > 1) ranks.abort(e.what());
    throw;
  }
}

}  // namespace

Action add_batch_command(CLI::App& app) {
  auto* sub =
      app.add_subcommand("batch", "Run many OpenQASM 2.0 circuits or QIR programs (or a parameter sweep) in parallel");
  auto args = std::make_shared<BatchArgs>();
  sub->add_option("inputs", args->inputs,
                  "Program files (OpenQASM or QIR) and/or folders (every *.qasm, *.ll and *.bc below, recursively)")
      ->required()
      ->check(CLI::ExistingPath);
  auto* device =
      sub->add_option("-d,--device", args->device,
                      "Device config string (default statevector.qubit; replaces a Catalyst program's own devices)");
  sub->add_option("-j,--jobs", args->jobs, "Programs run at once (default: one per core)")->check(whole_number(1));
  sub->add_option("-s,--shots", args->shots, "Shots (overrides the device's); 0 = analytic")->check(whole_number());
  sub->add_option("--seed", args->seed,
                  "Base seed; run i gets a seed derived from it and i (default: the device's seed, else a fresh one; "
                  "the summary reports it)")
      ->check(whole_number());
  sub->add_option("-p,--param", args->params,
                  "Sweep a free parameter: NAME=v1,v2,... or NAME=start:stop:count (values may use pi); "
                  "several --param make a grid");
  sub->add_option("-o,--output", args->output, "jsonl (one line per run, default) or json (one document)")
      ->check(CLI::IsMember({"jsonl", "json"}));
  sub->add_option("--top", args->top,
                  "Keep the K most likely states of analytic runs (0 or unset: all 2^n; with K, each line says what "
                  "was left out)")
      ->check(whole_number());
  sub->add_flag("--stats", args->stats, "Print the device pool's statistics (stderr; in the document with -o json)");
  sub->add_flag("--no-progress", args->no_progress, "Do not report progress on stderr");
  sub->add_option(
         "--timeout", args->timeout,
         "Stop a program that runs longer than this many seconds (its line reports the error; one that makes no "
         "operation for that long is ended only with --isolate, whose worker is killed)")
      ->check(positive_seconds());
  sub->add_option("--out", args->out, "Write the results to this file instead of standard output");
  sub->add_flag("--resume", args->resume,
                "With --out: skip the runs whose complete result line the file already holds, and append the others "
                "(an interrupted batch goes on where it stopped)");
  sub->add_flag("--isolate", args->isolate,
                "Run devices in separate worker processes: a crashing plugin fails its programs, not the batch "
                "(also: isolate=true in the config, or QRT_ISOLATE=1)");
  sub->add_option("--pool-max-inactive", args->pool_max_inactive,
                  "Idle device instances kept for reuse (0: create one per program; env QRT_POOL_MAX_INACTIVE)")
      ->check(whole_number());
  sub->add_option("--pool-max-per-key", args->pool_max_per_key,
                  "Idle instances kept per device config (env QRT_POOL_MAX_INACTIVE_PER_KEY)")
      ->check(whole_number());
  sub->add_option("--pool-max-bytes", args->pool_max_bytes,
                  "Memory idle instances may hold, e.g. 512M or 4G (env QRT_POOL_MAX_BYTES)");
  return [args, device] {
    args->device_given = device->count() > 0;
    return batch(*args);
  };
}

}  // namespace qrt::cli
