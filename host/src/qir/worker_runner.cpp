#include "qir/worker_runner.hpp"

#include "capi/program_driver.hpp"
#include "qir/compiled_qir_run.hpp"
#include "qir/shot_format.hpp"

#include <qrt/error.hpp>
#include <qrt/qir/program.hpp>

#include <boost/json.hpp>

namespace qrt::qir {
namespace json = boost::json;
namespace {

std::string text_field(const json::object& request, const char* name) {
  const json::value* v = request.if_contains(name);
  if (!v || !v->is_string())
    throw Error(ErrorCode::InvalidArgument, std::string("isolation protocol: a QIR run without '") + name + "'");
  return std::string(v->get_string());
}

std::uint64_t number_field(const json::object& request, const char* name) {
  try {
    return request.at(name).to_number<std::uint64_t>();
  } catch (const std::exception&) {
    throw Error(ErrorCode::InvalidArgument,
                std::string("isolation protocol: a QIR run without a number '") + name + "'");
  }
}

void run_in_worker(const json::object& request, std::string bytes, Device& device, ExecutionProgress& progress,
                   const isolation::MessageSender& send) {
  const std::filesystem::path file = text_field(request, "file");
  LoadOptions load;
  load.entry = text_field(request, "entry");
  load.force_jit = true;  // the host compiled it: a straight-line program would not have come here
  const json::value* stop = request.if_contains("stop_on_failure");
  if (!stop || !stop->is_bool())
    throw Error(ErrorCode::InvalidArgument, "isolation protocol: a QIR run without 'stop_on_failure'");
  const Program program = [&] {
    try {
      return Program::load_bytes(std::move(bytes), file, load);
    } catch (const ProgramError& e) {  // the host loaded the same bytes: this worker's LLVM disagrees
      throw Error(ErrorCode::InvalidArgument, std::string("the isolated worker cannot load the program: ") + e.what());
    }
  }();
  ShotLoop loop = ProgramInternals::compiled(program).loop;
  loop.shots = number_field(request, "shots");
  loop.base_seed = number_field(request, "seed");
  const json::value* seed_optional = request.if_contains("seed_optional");
  if (seed_optional && !seed_optional->is_bool())
    throw Error(ErrorCode::InvalidArgument, "isolation protocol: a QIR run whose 'seed_optional' is not a boolean");
  loop.device_seed = seed_optional && seed_optional->get_bool() ? exec::SeedUse::IfSupported : exec::SeedUse::Required;
  loop.stop_on_failure = stop->get_bool();
  // The program runs on this worker's device, which no runtime here could replace.
  struct OwnDevicesRefused {
    OwnDevicesRefused() {
      capi::refuse_device_init(
          "a program running in an isolated device's worker cannot open devices: it runs on that "
          "device (run it on an in-process device to open others)");
    }
    ~OwnDevicesRefused() { capi::refuse_device_init(nullptr); }
  } refused;
  run_shots(loop, device, &progress, [&](std::uint64_t shot, ShotOutput&& output) { send(encode_shot(shot, output)); });
}

}  // namespace

}  // namespace qrt::qir

extern "C" const qrt::isolation::CompiledFrontEnd* qrt_worker_front_end_qir() {
  static constexpr qrt::isolation::CompiledFrontEnd front_end{&qrt::qir::run_in_worker};
  return &front_end;
}
