// qrt — command-line front-end of the qrt runtime.
#include "buffered_output.hpp"
#include "commands.hpp"
#include "exit_status.hpp"
#include "maps_snapshot.hpp"
#include "mpi_launch.hpp"

#include <qrt/error.hpp>
#include <qrt/nearest_name.hpp>
#include <qrt/program/error.hpp>
#include <qrt/runtime.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <new>

namespace {

using namespace qrt::cli;

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

// `qrt devcies`: the first word is neither an option nor a command. CLI11 would call it an unexpected
// argument; the user meant a command.
std::optional<std::string> unknown_command_message(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return std::nullopt;
  const std::string word = argv[1];
  const std::vector<std::string> names = subcommand_names(app);
  for (const auto& name : names)
    if (name == word) return std::nullopt;
  std::string message = "unknown command '" + word + "'";
  if (auto nearest = qrt::nearest_name(word, names)) message += "; did you mean '" + *nearest + "'?";
  message += " (commands:";
  for (const auto& name : names) message += " " + name;
  return message + ")";
}

// A command-line error: "qrt: error: ...", a pointer to --help, the one usage status.
int usage_error(const std::string& message, const std::string& help_of) {
  write_diagnostic("qrt: error: " + message + "\nRun '" + help_of + " --help' for the options.\n");
  return kExitUsage;
}

// The command's result went to stdout through the C library or iostreams: whatever is still buffered is
// written now, so that a full disk or a closed pipe is a failure the user sees (status 1), not a silent 0.
bool output_failure_reported = false;

bool stdout_written() {
  std::cout.flush();
  errno = 0;
  const bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good();
  if (!ok && !output_failure_reported)
    write_diagnostic("qrt: error: writing the output failed" +
                     (errno != 0 ? std::string(": ") + std::strerror(errno) : "") + "; what was written is incomplete");
  return ok;
}

int run_action(const Action& action) {
  try {
    return action();
  } catch (const UsageError& e) {
    write_diagnostic(std::string("qrt: error: ") + e.what());
    return kExitUsage;
  } catch (const qrt::RequestError& e) {  // an option that does not fit the program or the device
    write_diagnostic(std::string("qrt: error: ") + e.what());
    return kExitUsage;
  } catch (const qrt::ProgramLoadError& e) {
    write_diagnostic(e.what());  // already "file:line:col: error: ..."
    return kExitError;
  } catch (const qrt::Error& e) {
    write_diagnostic(std::string("qrt: error: ") + e.what());
    return kExitError;
  } catch (const qrt::program::Error& e) {
    write_diagnostic(e.what());  // already "file:line:col: error: ..." with an excerpt
    return kExitError;
  } catch (const OutputError& e) {
    write_diagnostic(std::string("qrt: error: ") + e.what());
    output_failure_reported = true;
    return kExitError;
  } catch (const std::bad_alloc&) {
    // The host's own allocations (a result too large for the memory limit): a resource error.
    write_diagnostic(
        "qrt: error: out of memory (the result or the program does not fit in the memory this "
        "process may use; see ulimit -v and the cgroup's memory.max)");
    return kExitError;
  } catch (const std::exception& e) {
    write_diagnostic(std::string("qrt: internal error: ") + e.what());
    return kExitInternal;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const qrt::cli::MapsSnapshotAtExit maps_snapshot;  // testing only ($QRT_TEST_MAPS_FILE)
  qrt::cli::quiet_unless_rank_zero();                // under mpirun: rank 0 alone prints results
  CLI::App app{"qrt — a host for pluggable quantum devices"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string("qrt ") + qrt::version() + " (device ABI " +
                                        std::to_string(QRT_ABI_VERSION_MAJOR) + "." +
                                        std::to_string(QRT_ABI_VERSION_MINOR) + ")");
  std::map<CLI::App*, Action> actions;
  auto add = [&](Action (*make)(CLI::App&)) {
    std::size_t before = app.get_subcommands({}).size();
    Action action = make(app);
    actions[app.get_subcommands({}).at(before)] = std::move(action);
  };
  add(&add_devices_command);
  add(&add_run_command);
  add(&add_batch_command);
  add(&add_grad_command);
  add(&add_check_plugin_command);

  if (auto message = unknown_command_message(app, argc, argv)) return usage_error(*message, "qrt");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e) == kExitOk && stdout_written() ? kExitOk : kExitError;
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e) == kExitOk && stdout_written() ? kExitOk : kExitError;
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e) == kExitOk && stdout_written() ? kExitOk : kExitError;
  } catch (const CLI::ExtrasError&) {
    // CLI11 lists the unexpected words last to first; name them in the order the user typed them.
    const CLI::App* where = &app;
    for (auto& [sub, action] : actions)
      if (sub->parsed()) where = sub;
    const std::vector<std::string> extras = where->remaining();
    std::string words;
    for (const auto& word : extras) words += (words.empty() ? "" : " ") + word;
    const std::string help_of = where == &app ? "qrt" : "qrt " + where->get_name();
    return usage_error(std::string(extras.size() == 1 ? "unexpected argument: " : "unexpected arguments: ") + words,
                       help_of);
  } catch (const CLI::ParseError& e) {
    std::string help_of = "qrt";
    for (auto& [sub, action] : actions)
      if (sub->parsed()) help_of += " " + sub->get_name();
    return usage_error(e.what(), help_of);
  }
  for (auto& [sub, action] : actions)
    if (sub->parsed()) {
      const int status = run_action(action);
      return stdout_written() ? status : (status == kExitOk ? kExitError : status);
    }
  std::cout << app.help();
  return stdout_written() ? kExitOk : kExitError;
}
