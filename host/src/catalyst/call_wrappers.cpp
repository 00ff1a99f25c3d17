#include "catalyst/call_wrappers.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Verifier.h>

namespace qrt::catalyst {
namespace {

llvm::Function* define(llvm::Module& module, const char* name, llvm::Type* result, llvm::ArrayRef<llvm::Type*> params,
                       const std::filesystem::path& file) {
  if (module.getNamedValue(name))
    throw ProgramError(file.string() + ": error: the module defines '" + name + "', a name qrt reserves for itself");
  auto* type = llvm::FunctionType::get(result, params, false);
  return llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, module);
}

// A private constant global `name` = `value` (made once; getOrInsertGlobal rather than `new`: GCC's
// -Wmismatched-new-delete misreads LLVM's placement allocation of globals).
llvm::GlobalVariable* constant(llvm::Module& module, const char* name, llvm::Constant* value) {
  auto* g = llvm::cast<llvm::GlobalVariable>(module.getOrInsertGlobal(name, value->getType()));
  if (!g->hasInitializer()) {
    g->setInitializer(value);
    g->setConstant(true);
    g->setLinkage(llvm::GlobalValue::PrivateLinkage);
  }
  return g;
}

// argv = {"qrt", null} for setup(i32, ptr) and main(i32, ptr).
llvm::Constant* argv(llvm::Module& module) {
  llvm::LLVMContext& c = module.getContext();
  llvm::GlobalVariable* name = constant(module, "__qrt_argv0", llvm::ConstantDataArray::getString(c, "qrt"));
  auto* ptr = llvm::PointerType::get(c, 0);
  auto* array = llvm::ConstantArray::get(llvm::ArrayType::get(ptr, 2), {name, llvm::ConstantPointerNull::get(ptr)});
  return constant(module, "__qrt_argv", array);
}

// A call of `f`, which takes nothing or (i32 argc, ptr argv).
llvm::Value* call_with_argv(llvm::IRBuilder<>& b, llvm::Module& module, llvm::Function* f) {
  if (f->arg_empty()) return b.CreateCall(f);
  return b.CreateCall(f, {b.getInt32(1), argv(module)});
}

}  // namespace

void add_call_wrappers(llvm::Module& module, const EntrySignature& sig, const std::filesystem::path& file) {
  llvm::LLVMContext& c = module.getContext();
  auto* ptr = llvm::PointerType::get(c, 0);
  auto* void_type = llvm::Type::getVoidTy(c);
  llvm::IRBuilder<> b(c);

  llvm::Function* call = define(module, kCallWrapper, void_type, {ptr, ptr}, file);
  b.SetInsertPoint(llvm::BasicBlock::Create(c, "entry", call));
  if (sig.form == EntryForm::Jit) {
    std::vector<llvm::Value*> values;
    llvm::FunctionType* type = sig.entry->getFunctionType();
    for (unsigned i = 0; i < type->getNumParams(); ++i) {
      llvm::Value* slot = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, call->getArg(0), i));
      values.push_back(b.CreateLoad(type->getParamType(i), slot));
    }
    llvm::Value* result = b.CreateCall(sig.entry, values);
    if (!type->getReturnType()->isVoidTy()) b.CreateStore(result, call->getArg(1));
  }
  b.CreateRetVoid();

  for (auto [name, f] : {std::pair{kSetupWrapper, sig.setup}, std::pair{kTeardownWrapper, sig.teardown}}) {
    llvm::Function* w = define(module, name, void_type, {}, file);
    b.SetInsertPoint(llvm::BasicBlock::Create(c, "entry", w));
    if (f) call_with_argv(b, module, f);
    b.CreateRetVoid();
  }

  llvm::Function* main = define(module, kMainWrapper, void_type, {ptr}, file);
  b.SetInsertPoint(llvm::BasicBlock::Create(c, "entry", main));
  if (sig.form == EntryForm::Main) b.CreateStore(call_with_argv(b, module, sig.entry), main->getArg(0));
  b.CreateRetVoid();
}

}  // namespace qrt::catalyst
