// Program::load: read, verify and analyse the module, bind its runtime functions, add the call wrappers
// and compile it once (the QIR front end's module reading, binding, JIT session and error trapping).
#include <qrt/catalyst/program.hpp>

#include "catalyst/call_wrappers.hpp"
#include "catalyst/element_types.hpp"
#include "catalyst/entry_signature.hpp"
#include "catalyst/function_table.hpp"
#include "catalyst/program_impl.hpp"
#include "qir/function_binding.hpp"
#include "qir/jit_session.hpp"
#include "qir/llvm_errors.hpp"
#include "qir/module_loader.hpp"
#include "qir/module_screen.hpp"

#include <atomic>
#include <chrono>

namespace qrt::catalyst {
namespace {

std::atomic<std::uint64_t> g_compilations{0};

// Catalyst's runtime, after the caller's extra functions (which `storage` holds for the binding).
qir::RuntimeSurface catalyst_surface(const LoadOptions& options, std::vector<capi::ProgramFunction>& storage) {
  if (options.functions.empty()) return {"Catalyst runtime", catalyst_functions(), &is_catalyst_runtime_name};
  for (const auto& f : options.functions) storage.push_back({f.name.c_str(), f.signature.c_str(), f.address});
  const auto own = catalyst_functions();
  storage.insert(storage.end(), own.begin(), own.end());
  return {"Catalyst runtime", storage, &is_catalyst_runtime_name};
}

void require_result_types(const EntrySignature& sig, const std::filesystem::path& file) {
  for (std::size_t k = 0; k < sig.results.size(); ++k)
    if (!sig.results[k].type)
      throw ProgramError(file.string() + ": error: the element type of result " + std::to_string(k + 1) + " of '" +
                         sig.entry->getName().str() +
                         "' does not show in the IR (no typed load, store, getelementptr, "
                         "constant or runtime call reaches its buffer), so qrt cannot read it");
}

}  // namespace

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

Program Program::load(const std::filesystem::path& file, const LoadOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto impl = std::make_unique<Impl>();
  impl->file = file;
  qir::DiagnosticCollector diagnostics;  // outlives the context: a jump below leaks the context, never destroys it
  std::string fatal;
  // Every LLVM object lives in the lambda's frame until compiled: a fatal LLVM error jumps back past it.
  const bool finished = qir::run_with_llvm_errors_trapped(
      [&] {
        const auto t0 = Clock::now();
        auto context = std::make_unique<llvm::LLVMContext>();
        diagnostics.attach(*context);
        std::unique_ptr<llvm::Module> module = qir::load_module(qir::read_module_file(file), file, *context);
        EntrySignature sig = find_entry(*module, file, options.entry);
        infer_element_types(sig);
        require_result_types(sig, file);
        qir::screen_module(*module, file, "Catalyst runtime");
        std::vector<capi::ProgramFunction> surface;
        const std::vector<qir::Binding> bindings =
            qir::bind_declarations(*module, file, catalyst_surface(options, surface));
        add_call_wrappers(*module, sig, file);
        impl->form = sig.form;
        impl->entry_name = sig.entry->getName().str();
        impl->arguments = sig.arguments;
        impl->results = sig.results;
        impl->several_results = sig.several_results;
        const auto t1 = Clock::now();
        // A qjit module's time goes to its runtime calls; LLVM's fast instruction selection compiles the
        // layered 20-qubit circuit's 790 calls in a third of the optimising code generator's time.
        const auto level = options.optimize ? llvm::CodeGenOptLevel::Default : llvm::CodeGenOptLevel::None;
        auto jit = std::make_unique<qir::JitSession>(std::move(context), std::move(module), bindings, level);
        impl->call = reinterpret_cast<CallWrapper>(jit->lookup(kCallWrapper));
        impl->setup = reinterpret_cast<PlainWrapper>(jit->lookup(kSetupWrapper));
        impl->teardown = reinterpret_cast<PlainWrapper>(jit->lookup(kTeardownWrapper));
        impl->main = reinterpret_cast<MainWrapper>(jit->lookup(kMainWrapper));
        const auto t2 = Clock::now();
        if (!diagnostics.errors().empty()) throw ProgramError(qir::compile_failure(file, diagnostics.joined()));
        impl->jit = std::move(jit);
        impl->load_seconds = std::chrono::duration<double>(t1 - t0).count();
        impl->compile_seconds = std::chrono::duration<double>(t2 - t1).count();
      },
      fatal);
  if (!finished) throw ProgramError(qir::compile_failure(file, fatal));
  g_compilations.fetch_add(1, std::memory_order_relaxed);
  return Program(std::move(impl));
}

const std::filesystem::path& Program::file() const { return impl_->file; }
EntryForm Program::form() const { return impl_->form; }
const std::string& Program::entry_name() const { return impl_->entry_name; }
const std::vector<MemrefInfo>& Program::arguments() const { return impl_->arguments; }
const std::vector<MemrefInfo>& Program::results() const { return impl_->results; }
double Program::load_seconds() const { return impl_->load_seconds; }
double Program::compile_seconds() const { return impl_->compile_seconds; }
std::uint64_t Program::compilations() noexcept { return g_compilations.load(std::memory_order_relaxed); }

std::vector<Tensor> Program::arguments_from_json(std::span<const std::string> texts) const {
  const auto& expected = impl_->arguments;
  if (texts.size() != expected.size())
    throw Error(ErrorCode::InvalidArgument, impl_->entry_name + " takes " + std::to_string(expected.size()) +
                                                " argument" + (expected.size() == 1 ? "" : "s") +
                                                " (one --arg each); " + std::to_string(texts.size()) + " given");
  std::vector<Tensor> args;
  for (std::size_t i = 0; i < texts.size(); ++i)
    args.push_back(tensor_from_json(texts[i], expected[i].type, expected[i].rank,
                                    "argument " + std::to_string(i + 1) + " of " + impl_->entry_name));
  return args;
}

}  // namespace qrt::catalyst
