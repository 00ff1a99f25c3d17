// `qrt check-plugin PATH.so [--device NAME] [--kwargs K] [--json] [--require-simulation]
// [--check-timeout SECONDS] [--in-process]`: runs the conformance kit (qrt/conformance.hpp) on a plugin
// file — in a worker process, each check under a timeout, unless --in-process — and prints a pass/fail
// line per check, or one JSON document. Exit code 0 when every check of every device passed
// (not-checked items and notes do not fail), 1 otherwise.
#include "commands.hpp"
#include "number_options.hpp"

#include <qrt/conformance.hpp>

#include <iostream>
#include <memory>

namespace qrt::cli {
namespace {

struct CheckPluginArgs {
  std::string path;
  conformance::Options options;
  bool json = false;
};

int check_plugin(const CheckPluginArgs& args) {
  const conformance::Report report = conformance::check(args.path, args.options);
  std::cout << (args.json ? conformance::to_json(report) + "\n" : conformance::to_text(report));
  return report.passed() ? 0 : 1;
}

}  // namespace

Action add_check_plugin_command(CLI::App& app) {
  auto* sub = app.add_subcommand("check-plugin", "Run the conformance suite against a device plugin file");
  auto args = std::make_shared<CheckPluginArgs>();
  sub->add_option("path", args->path, "The plugin library (.so)")->required();
  sub->add_option("--device", args->options.device, "Check only this device of the file");
  sub->add_option(
      "--kwargs", args->options.kwargs,
      "Kwargs to create instances with (\"key=value,...\" or a JSON object); default: the device's defaults");
  sub->add_option("--seed", args->options.seed, "Seed of the random states, parameters and wire placements")
      ->check(whole_number());
  sub->add_flag("--require-simulation", args->options.require_simulation,
                "Fail a device whose state does not evolve under its gates (instead of a note)");
  sub->add_option("--check-timeout", args->options.check_timeout_seconds,
                  "Seconds the load or any one check may take before its worker process is killed and the check "
                  "fails (default 30)")
      ->check(positive_seconds());
  sub->add_flag_function(
      "--in-process", [args](std::int64_t) { args->options.isolation = conformance::Isolation::InProcess; },
      "Run the plugin in this process, without timeouts (to debug it under gdb): a plugin that crashes, exits "
      "or hangs takes qrt check-plugin with it");
  sub->add_flag("--json", args->json, "Print one JSON document");
  return [args] { return check_plugin(*args); };
}

}  // namespace qrt::cli
