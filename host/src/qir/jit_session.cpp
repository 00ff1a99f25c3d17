#include "qir/jit_session.hpp"
#include "qir/retarget.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Support/Error.h>

namespace qrt::qir {
namespace {

template <class T>
T take(llvm::Expected<T> value, const std::string& what) {
  if (!value) throw ProgramError(what + ": " + llvm::toString(value.takeError()));
  return std::move(*value);
}

void check(llvm::Error error, const std::string& what) {
  if (error) throw ProgramError(what + ": " + llvm::toString(std::move(error)));
}

}  // namespace

JitSession::JitSession(std::unique_ptr<llvm::LLVMContext> context, std::unique_ptr<llvm::Module> module,
                       const std::vector<Binding>& bindings, llvm::CodeGenOptLevel level) {
  initialize_native_target();
  auto machine = take(llvm::orc::JITTargetMachineBuilder::detectHost(), "cannot describe this machine to the JIT");
  machine.setCodeGenOptLevel(level);
  jit_ =
      take(llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(machine)).create(), "cannot start the JIT");
  llvm::orc::JITDylib& dylib = jit_->getMainJITDylib();
  llvm::orc::SymbolMap symbols;
  for (const Binding& b : bindings)
    symbols[jit_->mangleAndIntern(b.name)] = {llvm::orc::ExecutorAddr::fromPtr(b.address),
                                              llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  check(dylib.define(llvm::orc::absoluteSymbols(std::move(symbols))), "cannot define the runtime functions");
  const char prefix = jit_->getDataLayout().getGlobalPrefix();
  auto generator = take(
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          prefix, [](const llvm::orc::SymbolStringPtr& name) { return is_allowed_library_function((*name).str()); }),
      "cannot open the process's symbols");
  dylib.addGenerator(std::move(generator));
  check(jit_->addIRModule(llvm::orc::ThreadSafeModule(std::move(module), std::move(context))), "cannot add the module");
}

void* JitSession::lookup(const std::string& name) {
  return take(jit_->lookup(name), "cannot compile '" + name + "'").toPtr<void*>();
}

}  // namespace qrt::qir
