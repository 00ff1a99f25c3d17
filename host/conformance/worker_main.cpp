// qrt-check-worker: loads the plugin under test and runs the checks it is asked for, reporting each step
// on file descriptor 3 (worker_protocol.hpp) before the step runs, so that the process watching it can
// name the check a crash, an exit or a hang happened in.
#include <qrt/conformance.hpp>

#include "conformance/check_run.hpp"
#include "conformance/worker_protocol.hpp"

#include <qrt/error.hpp>
#include <qrt/plugin_file.hpp>

#include <boost/json.hpp>

#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iostream>

namespace qrt::conformance {
namespace {
namespace json = boost::json;

constexpr int kReportFd = 3;

// One message, one line, one write(2) call or several: nothing is buffered, so what was sent before a
// crash has reached the pipe.
void send(const json::object& message) {
  const std::string line = json::serialize(message) + "\n";
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t put = ::write(kReportFd, line.data() + done, line.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) std::_Exit(1);  // the watching process is gone: nobody wants the rest
    done += static_cast<std::size_t>(put);
  }
}

class Reporter final : public CheckListener {
 public:
  void device_started(std::size_t index) override { send({{"device", index}}); }
  void group_started(std::string_view group, const Facts& facts) override {
    send({{"group", group}, {"facts", protocol::encode(facts)}});
  }
  void check_started(std::string_view group, std::string_view name, const Facts& facts) override {
    send({{"check", json::array{json::string(group), json::string(name)}}, {"facts", protocol::encode(facts)}});
  }
  void recorded(const CheckResult& result, const Facts& facts) override {
    send({{"result", protocol::encode(result)}, {"facts", protocol::encode(facts)}});
  }
};

int run(const std::filesystem::path& file, const json::object& request) {
  const Options options = protocol::decode_options(request.at("options").as_object());
  const StartPoint start = protocol::decode_start(request.at("start").as_object());
  PluginFile loaded;
  try {
    loaded = PluginFile::load(file);
  } catch (const Error& e) {
    send({{"load_error", e.what()}});
    return 0;
  }
  Report report;
  describe_plugin(loaded, report);
  std::vector<std::shared_ptr<const DeviceType>> devices;
  try {
    devices = select_devices(loaded, options);
  } catch (const Error& e) {
    send({{"error", {{"code", static_cast<int>(e.code())}, {"message", e.what()}}}});
    return 0;
  }
  json::array names;
  for (const auto& d : devices) names.push_back({{"name", d->name()}, {"version", d->version()}});
  send({{"plugin",
         {{"file", report.file.string()},
          {"name", report.plugin_name},
          {"version", report.plugin_version},
          {"abi", json::array{report.abi_major, report.abi_minor}}}},
        {"devices", std::move(names)}});
  Reporter reporter;
  try {
    run_devices(loaded, devices, options, start, report, &reporter);
  } catch (const Error& e) {  // kwargs a device rejects
    send({{"error", {{"code", static_cast<int>(e.code())}, {"message", e.what()}}}});
    return 0;
  }
  send({{"done", true}});
  return 0;
}

}  // namespace

int check_worker_main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: qrt-check-worker FILE REQUEST   (started by qrt check-plugin; reports on fd 3)\n";
    return 2;
  }
  json::object request;
  try {
    request = json::parse(argv[2]).as_object();
  } catch (const std::exception& e) {
    std::cerr << "qrt-check-worker: the request is not a JSON object: " << e.what() << "\n";
    return 2;
  }
  // Die with the process that watches: first ask for the signal, then make sure it has not already gone.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (const json::value* parent = request.if_contains("parent");
      parent && parent->is_int64() && ::getppid() != static_cast<pid_t>(parent->get_int64()))
    return 1;
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGINT, SIG_IGN);  // Ctrl-C reaches the process group: the watching process decides
  // A plugin's crash must end the worker with its signal, which the watcher reports: undo handlers that a
  // sanitizer runtime installed (they would turn SIGSEGV into "exited with status 1").
  for (const int crash : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(crash, SIG_DFL);
  // The plugin's prints go to stdout, which the watcher sends to its stderr; qrt's own report is on fd 3.
  try {
    return run(argv[1], request);
  } catch (const std::exception& e) {
    std::cerr << "qrt-check-worker: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace qrt::conformance
