// Running the check groups on the devices of a loaded plugin file, from a start point on: what check()
// does in process and what the worker does (check_worker_main), which reports each step to a listener.
#pragma once

#include "conformance/check_listener.hpp"

#include <qrt/conformance.hpp>
#include <qrt/device_type.hpp>
#include <qrt/plugin_file.hpp>

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace qrt::conformance {

// The groups' names in the order they run.
std::span<const std::string_view> group_names() noexcept;

// The plugin's name, version and ABI into `report` (its file: the canonical file loaded).
void describe_plugin(const PluginFile& file, Report& report);

// The devices of `file` that `options` selects. Throws Error(NotFound) naming those it offers.
std::vector<std::shared_ptr<const DeviceType>> select_devices(const PluginFile& file, const Options& options);

// Runs the groups on devices[start.device], from start.group on, then on each later device, appending
// one DeviceReport per device to `report`. Throws Error(Config) for options.kwargs a device rejects.
void run_devices(const PluginFile& file, const std::vector<std::shared_ptr<const DeviceType>>& devices,
                 const Options& options, const StartPoint& start, Report& report, CheckListener* listener);

// check() with options.isolation == Worker (worker_supervisor.cpp).
Report check_in_worker(const std::filesystem::path& plugin_file, const Options& options);

}  // namespace qrt::conformance
