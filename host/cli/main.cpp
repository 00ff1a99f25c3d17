// qrt — command-line front-end of the qrt runtime.
#include "buffered_output.hpp"
#include "commands.hpp"
#include "maps_snapshot.hpp"
#include "mpi_launch.hpp"

#include <qrt/error.hpp>
#include <qrt/qasm/error.hpp>
#include <qrt/runtime.hpp>

#include <iostream>
#include <map>
#include <new>

int main(int argc, char** argv) {
  const qrt::cli::MapsSnapshotAtExit maps_snapshot;  // testing only ($QRT_TEST_MAPS_FILE)
  qrt::cli::quiet_unless_rank_zero();  // under mpirun: rank 0 alone prints results
  CLI::App app{"qrt — a host for pluggable quantum devices"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string("qrt ") + qrt::version() + " (device ABI " +
                                        std::to_string(QRT_ABI_VERSION_MAJOR) + "." +
                                        std::to_string(QRT_ABI_VERSION_MINOR) + ")");
  std::map<CLI::App*, qrt::cli::Action> actions;
  auto add = [&](qrt::cli::Action (*make)(CLI::App&)) {
    std::size_t before = app.get_subcommands({}).size();
    qrt::cli::Action action = make(app);
    actions[app.get_subcommands({}).at(before)] = std::move(action);
  };
  add(&qrt::cli::add_devices_command);
  add(&qrt::cli::add_run_command);
  add(&qrt::cli::add_batch_command);
  add(&qrt::cli::add_check_plugin_command);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  for (auto& [sub, action] : actions)
    if (sub->parsed()) {
      try {
        return action();
      } catch (const qrt::Error& e) {
        std::cerr << "qrt: error: " << e.what() << "\n";
        return 1;
      } catch (const qrt::qasm::Error& e) {
        std::cerr << e.what() << "\n";  // already "file:line:col: error: ..." with an excerpt
        return 1;
      } catch (const qrt::cli::OutputError& e) {
        std::cerr << "qrt: error: " << e.what() << "\n";
        return 1;
      } catch (const std::bad_alloc&) {
        // The host's own allocations (a result too large for the memory limit): a resource error.
        std::cerr << "qrt: error: out of memory (the result or the program does not fit in the memory this "
                     "process may use; see ulimit -v and the cgroup's memory.max)\n";
        return 1;
      } catch (const std::exception& e) {
        std::cerr << "qrt: internal error: " << e.what() << "\n";
        return 2;
      }
    }
  std::cout << app.help();
  return 0;
}
