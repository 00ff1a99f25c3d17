// The `qrt` subcommands. Each registers its options on the app and returns the action to run.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace qrt::cli {

using Action = std::function<int()>;

Action add_devices_command(CLI::App& app);
Action add_run_command(CLI::App& app);
Action add_batch_command(CLI::App& app);
Action add_check_plugin_command(CLI::App& app);
Action add_grad_command(CLI::App& app);

}  // namespace qrt::cli
