#include <qrt/qir/program.hpp>

#include "config/environment.hpp"
#include "context/execution_context.hpp"
#include "device/backend.hpp"
#include "device/instance.hpp"
#include "qir/circuit_run.hpp"
#include "qir/compiled_qir_run.hpp"
#include "qir/entry_point.hpp"
#include "qir/function_binding.hpp"
#include "qir/jit_session.hpp"
#include "qir/llvm_errors.hpp"
#include "qir/module_loader.hpp"
#include "qir/module_screen.hpp"
#include "qir/retarget.hpp"
#include "qir/straight_line.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <random>

namespace qrt::qir {

struct Program::Impl {
  std::filesystem::path file;
  std::string entry_name;
  std::vector<MetadataEntry> metadata;
  std::uint64_t required_qubits = 0, required_results = 0;
  double load_seconds = 0, compile_seconds = 0;
  std::optional<StraightLineCircuit> circuit;  // the lowered path
  std::string jit_reason;
  std::unique_ptr<JitSession> jit;  // the JIT path
  JitSession::EntryFunction entry = nullptr;
  std::string bytes;  // the JIT path: the module, for an isolated device's worker
};

namespace {

bool jit_forced(const LoadOptions& options) {
  return options.force_jit || config::environment_switch("QRT_QIR_JIT").value_or(false);
}

}  // namespace

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

Program Program::load(const std::filesystem::path& file, const LoadOptions& options) {
  return load_bytes(read_module_file(file), file, options);
}

Program Program::load_bytes(std::string bytes, const std::filesystem::path& file, const LoadOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto impl = std::make_unique<Impl>();
  impl->file = file;
  DiagnosticCollector diagnostics;  // outlives the context: a jump below leaks the context, never destroys it
  std::string fatal;
  // Every LLVM object lives in the lambda's frame until it has been compiled: when LLVM reports a fatal
  // error, the jump back skips that frame and leaks them.
  bool finished = run_with_llvm_errors_trapped(
      [&] {
        auto t0 = Clock::now();
        auto context = std::make_unique<llvm::LLVMContext>();
        diagnostics.attach(*context);
        std::unique_ptr<llvm::Module> module = load_module(bytes, file, *context);
        EntryPoint entry = find_entry_point(*module, file, options.entry);
        screen_module(*module, file);
        std::vector<Binding> bindings = bind_declarations(*module, file);
        impl->entry_name = entry.function->getName().str();
        impl->metadata = std::move(entry.metadata);
        impl->required_qubits = entry.required_qubits;
        impl->required_results = entry.required_results;
        // A straight-line entry point runs as a circuit: the module is never compiled (and is freed on
        // return from this frame).
        if (jit_forced(options)) {
          impl->jit_reason = "the JIT was asked for (LoadOptions::force_jit or QRT_QIR_JIT)";
        } else {
          auto reading = read_straight_line(*entry.function, entry.required_qubits);
          if (auto* circuit = std::get_if<StraightLineCircuit>(&reading)) {
            impl->circuit = std::move(*circuit);
            impl->load_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            return;
          }
          impl->jit_reason = std::get<std::string>(reading);
        }
        retarget_to_host(*module, file);  // built for another machine: runs here when portable
        auto t1 = Clock::now();
        auto jit = std::make_unique<JitSession>(std::move(context), std::move(module), bindings);
        impl->entry = reinterpret_cast<JitSession::EntryFunction>(jit->lookup(impl->entry_name));
        auto t2 = Clock::now();
        if (!diagnostics.errors().empty()) throw ProgramError(compile_failure(file, diagnostics.joined()));
        impl->jit = std::move(jit);
        impl->bytes = std::move(bytes);
        impl->load_seconds = std::chrono::duration<double>(t1 - t0).count();
        impl->compile_seconds = std::chrono::duration<double>(t2 - t1).count();
      },
      fatal);
  if (!finished) throw ProgramError(compile_failure(file, fatal));
  return Program(std::move(impl));
}

const std::filesystem::path& Program::file() const { return impl_->file; }
const std::string& Program::entry_name() const { return impl_->entry_name; }
const std::vector<MetadataEntry>& Program::metadata() const { return impl_->metadata; }
std::uint64_t Program::required_qubits() const { return impl_->required_qubits; }
std::uint64_t Program::required_results() const { return impl_->required_results; }
double Program::load_seconds() const { return impl_->load_seconds; }
double Program::compile_seconds() const { return impl_->compile_seconds; }
bool Program::lowered() const { return impl_->circuit.has_value(); }
const std::string& Program::jit_reason() const { return impl_->jit_reason; }

std::uint64_t shot_seed(std::uint64_t seed, std::uint64_t shot) noexcept {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (shot + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

CompiledProgram ProgramInternals::compiled(const Program& program) {
  const Program::Impl& impl = *program.impl_;
  CompiledProgram out;
  out.loop.entry = impl.entry;
  out.loop.required_qubits = impl.required_qubits;
  out.loop.required_results = impl.required_results;
  out.bytes = impl.bytes;
  out.file = impl.file;
  out.entry_name = impl.entry_name;
  return out;
}

RunResult ProgramInternals::run(const Program& program, Device& device, const RunOptions& options) {
  std::uint64_t base = options.seed ? *options.seed : std::random_device{}() * 0x100000001ull + std::random_device{}();
  const exec::SeedUse device_seed =
      options.seed && !options.seed_optional ? exec::SeedUse::Required : exec::SeedUse::IfSupported;
  if (program.impl_->circuit) return run_circuit(*program.impl_->circuit, device, options, base, device_seed);
  const auto t0 = std::chrono::steady_clock::now();
  RunResult result;
  result.device_name = device.name();
  result.canonical_kwargs = device.canonical_kwargs();
  CompiledProgram compiled = ProgramInternals::compiled(program);
  compiled.loop.shots = options.shots;
  compiled.loop.base_seed = base;
  compiled.loop.device_seed = device_seed;
  compiled.loop.stop_on_failure = options.stop_on_failure;
  CompiledQirRun run(std::move(compiled), options, result);
  if (options.progress) {
    options.progress->begin(0);  // a compiled program's length is not known up front
    options.progress->set_shots(0, options.shots);
  }
  try {
    // Here, or in the isolated device's worker: the device's backend knows which.
    device::Access::backend(device, "run").run_compiled(run, device);
  } catch (const StoppedError&) {
    // In the words of the shot it stopped in, wherever it ran.
    throw stopped_error(result.shots.size(), options.shots, options.progress ? options.progress->done() : 0);
  }
  result.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

RunResult run(const Program& program, Device& device, const RunOptions& options) {
  return ProgramInternals::run(program, device, options);
}

RunResult run(const Program& program, const RunOptions& options) {
  context::ensure_initialized(options.runtime);
  Device device = process_runtime()->open(options.device);
  return run(program, device, options);
}

}  // namespace qrt::qir
