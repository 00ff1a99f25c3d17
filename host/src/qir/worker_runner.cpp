#include "qir/worker_runner.hpp"

#include "context/execution_context.hpp"
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
    throw Error(ErrorCode::InvalidArgument, std::string("isolation protocol: a QIR run without a number '") + name + "'");
  }
}

void run_in_worker(const json::object& request, std::string bytes, Device& device, ExecutionProgress& progress,
                   const isolation::MessageSender& send) {
  const std::filesystem::path file = text_field(request, "file");
  LoadOptions load;
  load.entry = text_field(request, "entry");
  load.force_jit = true;  // the host compiled it: a straight-line program would not have come here
  const json::value* stop = request.if_contains("stop_on_failure");
  if (!stop || !stop->is_bool()) throw Error(ErrorCode::InvalidArgument, "isolation protocol: a QIR run without 'stop_on_failure'");
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
  loop.stop_on_failure = stop->get_bool();
  run_shots(loop, device, context::kUnownedGeneration, &progress,
            [&](std::uint64_t shot, ShotOutput&& output) { send(encode_shot(shot, output)); });
}

}  // namespace

}  // namespace qrt::qir

extern "C" const qrt::isolation::CompiledFrontEnd* qrt_worker_front_end_qir() {
  static constexpr qrt::isolation::CompiledFrontEnd front_end{&qrt::qir::run_in_worker};
  return &front_end;
}
