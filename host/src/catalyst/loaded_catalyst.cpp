// The Catalyst front end as the run policy sees it (qrt/front_end.hpp): a compiled module whose entry takes
// arguments and returns values, and that opens its own devices (device_init) from the process runtime's pool.
#include "catalyst/loaded_catalyst.hpp"

#include <qrt/front_end.hpp>
#include <qrt/run.hpp>

namespace qrt::catalyst {
namespace {

class LoadedCatalyst final : public FrontEndProgram {
 public:
  explicit LoadedCatalyst(Program program) : program_(std::move(program)) {
    info_.kind = ProgramKind::Catalyst;
    info_.name = program_.file().string();
    info_.path = "jit";
    info_.entry = program_.entry_name();
    info_.opens_own_devices = true;
    info_.load_seconds = program_.load_seconds();
    info_.compile_seconds = program_.compile_seconds();
  }

  const ProgramInfo& info() const override { return info_; }

  std::vector<Tensor> arguments_from_json(std::span<const std::string> texts) const override {
    try {
      return program_.arguments_from_json(texts);
    } catch (const RequestError&) {
      throw;
    } catch (const Error& e) {
      throw RequestError(e.what());  // a wrong argument is the caller's
    }
  }

  void run(Device&, const RunPlan&, qrt::RunResult&) const override {
    throw RequestError(info_.name + " opens its own devices (device_init)");  // qrt::run never gets here
  }

  void run_on_own_devices(const std::optional<DeviceSpec>& device, const RunPlan& plan,
                          qrt::RunResult& result) const override {
    CallOptions options;
    options.device = device;
    options.shots = plan.request.shots;
    options.seed = plan.request.seed;
    options.print = PrintTo::Collect;
    options.progress = plan.progress;
    CallResult called = program_.call(plan.request.arguments, options);
    result.values = std::move(called.results);
    result.devices = std::move(called.devices);
    result.printed = std::move(called.printed);
    result.exit_status = called.exit_status;
    result.seed = called.seed;
    result.run_seconds = called.seconds;
  }

  const Program& program() const noexcept { return program_; }

 private:
  Program program_;
  ProgramInfo info_;
};

}  // namespace

LoadedProgram load(const std::filesystem::path& file, const qrt::LoadOptions& options) {
  catalyst::LoadOptions load;
  load.entry = options.entry;
  return LoadedProgram(std::make_shared<const LoadedCatalyst>(Program::load(file, load)));
}

const Program* program_of(const LoadedProgram& program) noexcept {
  const auto* loaded = dynamic_cast<const LoadedCatalyst*>(&program.front_end());
  return loaded ? &loaded->program() : nullptr;
}

}  // namespace qrt::catalyst
