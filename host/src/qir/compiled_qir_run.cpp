#include "qir/compiled_qir_run.hpp"

#include "qir/shot_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

namespace qrt::qir {

void CompiledQirRun::run_here(Device& device) {
  run_shots(program_.loop, device, options_.progress,
            [this](std::uint64_t shot, ShotOutput&& output) { deliver(shot, std::move(output)); });
}

boost::json::object CompiledQirRun::request() const {
  const ShotLoop& loop = program_.loop;
  return {{"file", program_.file.string()},
          {"entry", program_.entry_name},
          {"shots", loop.shots},
          {"seed", loop.base_seed},
          {"seed_optional", loop.device_seed == exec::SeedUse::IfSupported},
          {"stop_on_failure", loop.stop_on_failure}};
}

void CompiledQirRun::on_message(const boost::json::object& message) {
  std::uint64_t shot = 0;
  ShotOutput output = decode_shot(message, shot);
  if (shot != result_.shots.size() || shot >= program_.loop.shots)
    throw Error(ErrorCode::Internal, "isolation protocol: the worker sent shot " + std::to_string(shot) +
                                         " where shot " + std::to_string(result_.shots.size()) + " was due");
  deliver(shot, std::move(output));
}

void CompiledQirRun::deliver(std::uint64_t shot, ShotOutput&& output) {
  if (options_.progress) options_.progress->set_shots(shot + 1, program_.loop.shots);
  if (options_.on_shot) options_.on_shot(shot, output);
  result_.shots.push_back(std::move(output));
}

}  // namespace qrt::qir
