// check() with Isolation::Worker: the checks run in qrt-check-worker processes while this one reads
// their reports (worker_protocol.hpp) under the per-check timeout. A worker that dies or hangs fails
// the check it was in, and a fresh worker goes on from there: after that check when it crashed or
// exited there (so every crashing check is reported), or with the next group when it hung, when it died
// outside any check, when the same check kills it again, or after kMaxFailuresPerGroup deaths in one
// group (each death costs a process start; each hang a whole timeout).
#include "conformance/check_run.hpp"
#include "conformance/worker_process.hpp"
#include "conformance/worker_protocol.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>

namespace qrt::conformance {
namespace {
namespace json = boost::json;
using Clock = WorkerProcess::Clock;

constexpr int kMaxFailuresPerGroup = 8;
// How long a worker that has reported everything may take to end (unloading the plugin runs its code).
constexpr std::chrono::milliseconds kEndGrace{2000};

std::string seconds_text(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

// Where a worker was when it stopped reporting.
struct Position {
  std::optional<std::size_t> device, group;
  std::string check;  // begun and not reported; empty: between checks (the group's own code)
};

// How one worker ended.
struct WorkerEnd {
  bool finished = false;  // it reported "done"
  bool timed_out = false;
  int status = 0;
};

class Supervisor {
 public:
  Supervisor(const std::filesystem::path& file, const Options& options)
      : file_(file), options_(options), program_(worker_program()) {
    report_.file = file;
  }

  Report run() {
    StartPoint start;
    for (;;) {
      Position at;
      const WorkerEnd end = run_worker(start, at);
      if (report_.load_error) return report_;
      if (end.finished) {
        if (end.timed_out || !WIFEXITED(end.status) || WEXITSTATUS(end.status) != 0) unload_failed(end);
        return report_;
      }
      if (!header_) {
        report_.load_error = file_.string() + ": loading it in the check worker: " + what_happened(end, "the load");
        return report_;
      }
      std::optional<StartPoint> next = record_failure(start, at, end);
      if (!next) return report_;
      start = std::move(*next);
    }
  }

 private:
  std::optional<Clock::time_point> deadline() const {
    if (options_.check_timeout_seconds <= 0) return std::nullopt;
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options_.check_timeout_seconds));
  }

  std::string what_happened(const WorkerEnd& end, const std::string& what) const {
    if (end.timed_out)
      return what + " did not finish within " + seconds_text(options_.check_timeout_seconds) +
             " s (the check timeout); the worker process was killed";
    std::string text = "the worker process " + describe_wait_status(end.status) + " during " + what;
    if (WIFEXITED(end.status)) text += " (a plugin must never end its process)";
    return text;
  }

  WorkerEnd run_worker(const StartPoint& start, Position& at) {
    const json::object request{{"options", protocol::encode(options_)},
                               {"start", protocol::encode(start)},
                               {"parent", static_cast<std::int64_t>(::getpid())}};
    WorkerProcess worker(program_, {file_.string(), json::serialize(request)});
    facts_ = start.facts;
    start_device_ = start.device;
    WorkerEnd end;
    std::string line;
    for (auto until = deadline();; until = deadline()) {
      const WorkerProcess::Read read = worker.next_line(line, until);
      if (read == WorkerProcess::Read::Timeout) {
        end.timed_out = true;
        end.status = worker.finish(std::chrono::milliseconds(0));
        return end;
      }
      if (read == WorkerProcess::Read::End) {
        end.status = worker.finish(kEndGrace);
        return end;
      }
      json::object message;
      try {
        message = json::parse(line).as_object();
        end.finished = handle(message, at) || end.finished;
      } catch (const Error&) {
        throw;  // the worker's own verdict on the options (an unknown device, rejected kwargs)
      } catch (const std::exception& e) {
        throw Error(ErrorCode::Internal, "conformance: the check worker sent a malformed report (" +
                                             std::string(e.what()) + "): " + line.substr(0, 200));
      }
      if (report_.load_error) {
        worker.finish(kEndGrace);
        return end;
      }
    }
  }

  // Applies one message; true for "done".
  bool handle(const json::object& message, Position& at) {
    if (const json::value* plugin = message.if_contains("plugin")) {
      if (!header_) read_header(plugin->as_object(), message.at("devices").as_array());
      return false;
    }
    if (const json::value* text = message.if_contains("load_error")) {
      report_.load_error = std::string(text->as_string());
      return false;
    }
    if (const json::value* error = message.if_contains("error")) {
      const json::object& e = error->as_object();
      throw Error(static_cast<ErrorCode>(e.at("code").to_number<int>()), std::string(e.at("message").as_string()));
    }
    if (const json::value* device = message.if_contains("device")) {
      const std::size_t d = device->to_number<std::size_t>();
      if (d >= devices_.size()) throw std::invalid_argument("device index out of range");
      while (report_.devices.size() <= d) report_.devices.push_back(devices_[report_.devices.size()]);
      if (d != start_device_) facts_ = {};  // a device of its own: nothing is established yet
      at = {d, std::nullopt, {}};
      return false;
    }
    if (!at.device) return message.contains("done");
    DeviceReport& device = report_.devices[*at.device];
    if (const json::value* facts = message.if_contains("facts")) {
      facts_ = protocol::decode_facts(facts->as_object());
      device.simulating = facts_.simulating;
      device.observed_through = observed_through(facts_.observation);
    }
    if (const json::value* group = message.if_contains("group")) {
      const auto names = group_names();
      const auto it = std::find(names.begin(), names.end(), group->as_string());
      if (it == names.end()) throw std::invalid_argument("unknown group");
      at.group = static_cast<std::size_t>(it - names.begin());
      at.check.clear();
    } else if (const json::value* check = message.if_contains("check")) {
      at.check = std::string(check->as_array().at(1).as_string());
    } else if (const json::value* result = message.if_contains("result")) {
      device.checks.push_back(protocol::decode_result(result->as_object()));
      at.check.clear();
    }
    return message.contains("done");
  }

  void read_header(const json::object& plugin, const json::array& devices) {
    header_ = true;
    report_.file = std::string(plugin.at("file").as_string());
    report_.plugin_name = std::string(plugin.at("name").as_string());
    report_.plugin_version = std::string(plugin.at("version").as_string());
    const json::array& abi = plugin.at("abi").as_array();
    report_.abi_major = abi.at(0).to_number<std::uint32_t>();
    report_.abi_minor = abi.at(1).to_number<std::uint32_t>();
    for (const auto& d : devices) {
      DeviceReport device;
      device.name = std::string(d.at("name").as_string());
      device.version = std::string(d.at("version").as_string());
      devices_.push_back(std::move(device));
    }
  }

  // The check the worker died in fails; returns where the next worker starts (nullopt: nothing left).
  std::optional<StartPoint> record_failure(const StartPoint& start, const Position& at, const WorkerEnd& end) {
    const std::size_t d = at.device.value_or(start.device);
    // Before its first group message a device is at its first group (the start's, for the start's device).
    const std::size_t g = at.group.value_or(d == start.device ? start.group : 0);
    while (report_.devices.size() <= d && report_.devices.size() < devices_.size())
      report_.devices.push_back(devices_[report_.devices.size()]);
    if (d >= report_.devices.size()) return std::nullopt;
    DeviceReport& device = report_.devices[d];
    const std::string group(group_names()[g]);

    const bool in_check = !at.check.empty();
    const bool again = d == start.device && g == start.group && start.skip.contains(at.check);
    const bool move_on = end.timed_out || !in_check || again || ++failures_[{d, g}] >= kMaxFailuresPerGroup;
    std::string detail = what_happened(end, in_check ? "this check" : "the " + group + " group's own code");
    if (!in_check) {
      const auto last = std::find_if(device.checks.rbegin(), device.checks.rend(),
                                     [&](const CheckResult& r) { return r.group == group; });
      if (last != device.checks.rend()) detail += ", after its check '" + last->name + "'";
    }
    if (move_on) detail += "; the rest of the " + group + " checks were not run";
    device.checks.push_back({group, in_check ? at.check : "group", Outcome::Failed, detail});

    StartPoint next;
    if (!move_on) {
      next = {d, g, {}, facts_};
      for (const CheckResult& r : device.checks)
        if (r.group == group) next.skip.insert_or_assign(r.name, r.outcome);
      return next;
    }
    if (g + 1 < group_names().size()) return StartPoint{d, g + 1, {}, facts_};
    if (d + 1 < devices_.size()) return StartPoint{d + 1, 0, {}, {}};
    return std::nullopt;
  }

  // Every check reported, but the worker did not end well: its last act was unloading the plugin.
  void unload_failed(const WorkerEnd& end) {
    if (report_.devices.empty()) return;
    const std::string detail =
        end.timed_out ? "the worker process did not end within " + seconds_text(options_.check_timeout_seconds) +
                            " s after the last check (the plugin's exit handlers or static destructors); it was killed"
                      : "after the last check, while the plugin was unloaded, the worker process " +
                            describe_wait_status(end.status);
    report_.devices.back().checks.push_back({"lifecycle", "unload", Outcome::Failed, detail});
  }

  std::filesystem::path file_;
  const Options& options_;
  std::filesystem::path program_;
  Report report_;
  bool header_ = false;
  std::vector<DeviceReport> devices_;  // the selected devices, empty reports
  Facts facts_;                        // as the worker last reported them
  std::size_t start_device_ = 0;       // the device the current worker started with
  std::map<std::pair<std::size_t, std::size_t>, int> failures_;
};

}  // namespace

Report check_in_worker(const std::filesystem::path& plugin_file, const Options& options) {
  return Supervisor(plugin_file, options).run();
}

}  // namespace qrt::conformance
