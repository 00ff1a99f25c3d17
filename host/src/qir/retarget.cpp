#include "qir/retarget.hpp"

#include <qrt/qir/program.hpp>

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/CallingConv.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace qrt::qir {
namespace {

// This machine's target, as the JIT sees it (LLJITBuilder takes the same defaults).
struct HostTarget {
  std::string triple;
  std::string layout;
};

const HostTarget& host_target() {
  static const HostTarget host = [] {
    initialize_native_target();
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!builder) throw ProgramError("cannot describe this machine's target: " + llvm::toString(builder.takeError()));
    auto layout = builder->getDefaultDataLayoutForTarget();
    if (!layout)
      throw ProgramError("cannot describe this machine's data layout: " + llvm::toString(layout.takeError()));
    return HostTarget{builder->getTargetTriple().str(), layout->getStringRepresentation()};
  }();
  return host;
}

std::string type_name(llvm::Type* type) {
  std::string text;
  llvm::raw_string_ostream out(text);
  type->print(out, false, true);
  return out.str();
}

// Every type the module names, with the types inside them.
class TypeCollector {
 public:
  void add(llvm::Type* type) {
    if (!seen_.insert(type).second) return;
    order_.push_back(type);
    for (llvm::Type* inner : type->subtypes()) add(inner);
  }
  const std::vector<llvm::Type*>& types() const { return order_; }

 private:
  std::set<llvm::Type*> seen_;
  std::vector<llvm::Type*> order_;  // first use first, for stable messages
};

std::vector<llvm::Type*> module_types(const llvm::Module& module) {
  TypeCollector types;
  for (const llvm::GlobalVariable& global : module.globals()) types.add(global.getValueType());
  for (const llvm::Function& f : module) {
    types.add(f.getFunctionType());
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& instruction : block) {
        types.add(instruction.getType());
        for (const llvm::Use& operand : instruction.operands()) types.add(operand->getType());
        if (const auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&instruction)) types.add(alloca->getAllocatedType());
        if (const auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&instruction))
          types.add(gep->getSourceElementType());
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&instruction)) types.add(call->getFunctionType());
      }
  }
  return types.types();
}

// Why `type` is laid out differently here than where the module was built, or empty.
std::string layout_difference(llvm::Type* type, const llvm::DataLayout& there, const llvm::DataLayout& here) {
  if (!type->isSized()) return {};
  const auto size_there = there.getTypeAllocSize(type), size_here = here.getTypeAllocSize(type);
  const auto align_there = there.getABITypeAlign(type).value(), align_here = here.getABITypeAlign(type).value();
  std::string why;
  if (size_there != size_here)
    why = std::to_string(size_there.getKnownMinValue()) + " bytes there, " +
          std::to_string(size_here.getKnownMinValue()) + " here";
  else if (align_there != align_here)
    why = "aligned to " + std::to_string(align_there) + " bytes there, " + std::to_string(align_here) + " here";
  else if (auto* structure = llvm::dyn_cast<llvm::StructType>(type))
    for (unsigned i = 0; i < structure->getNumElements() && why.empty(); ++i)
      if (there.getStructLayout(structure)->getElementOffset(i) != here.getStructLayout(structure)->getElementOffset(i))
        why = "field " + std::to_string(i) + " at another offset";
  return why.empty() ? why : "the type " + type_name(type) + " (" + why + ")";
}

// A type that exists for one target only, or empty.
std::string target_only_type(llvm::Type* type) {
  if (type->isX86_AMXTy() || type->isPPC_FP128Ty() || llvm::isa<llvm::TargetExtType>(type))
    return "the type " + type_name(type) + ", which belongs to one target";
  return {};
}

std::vector<std::string> target_dependences(const llvm::Module& module, const llvm::DataLayout* there,
                                            const llvm::DataLayout& here) {
  std::vector<std::string> problems;
  if (there && there->isBigEndian() != here.isBigEndian())
    problems.push_back(std::string("a ") + (there->isBigEndian() ? "big" : "little") + "-endian data layout");
  if (module.getModuleFlag("target-abi")) problems.push_back("the module flag \"target-abi\" (a target's calling ABI)");
  std::size_t type_problems = 0;
  for (llvm::Type* type : module_types(module)) {
    std::string why = target_only_type(type);
    if (why.empty() && there) why = layout_difference(type, *there, here);
    if (why.empty()) continue;
    if (++type_problems <= 3) problems.push_back(std::move(why));
  }
  if (type_problems > 3) problems.push_back(std::to_string(type_problems - 3) + " more types laid out differently");
  for (const llvm::Function& f : module) {
    if (f.getCallingConv() >= llvm::CallingConv::FirstTargetCC)
      problems.push_back("function '" + f.getName().str() + "' uses a target's own calling convention (number " +
                         std::to_string(f.getCallingConv()) + ")");
    bool variadic_reported = false, convention_reported = false;
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& instruction : block) {
        const bool reads_variadic = llvm::isa<llvm::VAArgInst>(instruction) ||
                                    llvm::isa<llvm::VAStartInst>(instruction) ||
                                    llvm::isa<llvm::VACopyInst>(instruction);
        if (reads_variadic && !variadic_reported) {
          variadic_reported = true;
          problems.push_back("function '" + f.getName().str() +
                             "' reads variadic arguments (va_list is laid out differently by each target)");
        }
        const auto* call = llvm::dyn_cast<llvm::CallBase>(&instruction);
        if (call && call->getCallingConv() >= llvm::CallingConv::FirstTargetCC && !convention_reported) {
          convention_reported = true;
          problems.push_back("function '" + f.getName().str() +
                             "' calls with a target's own calling convention (number " +
                             std::to_string(call->getCallingConv()) + ")");
        }
      }
  }
  return problems;
}

}  // namespace

void initialize_native_target() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

void retarget_to_host(llvm::Module& module, const std::filesystem::path& file) {
  const HostTarget& host = host_target();
  const std::string& layout = module.getDataLayoutStr();
  const std::string triple = module.getTargetTriple();
  if (layout == host.layout && (triple.empty() || triple == host.triple)) return;
  const llvm::DataLayout here(host.layout);
  const bool own_layout = !layout.empty();  // without one, the module assumed none: it takes this machine's
  const llvm::DataLayout there(own_layout ? layout : host.layout);
  if (own_layout || !triple.empty()) {
    const std::vector<std::string> problems = target_dependences(module, own_layout ? &there : nullptr, here);
    if (!problems.empty()) {
      std::string text = file.string() + ": error: the module was built for " +
                         (triple.empty() ? "another target" : triple) + " (data layout \"" + layout +
                         "\") and depends on it: ";
      for (std::size_t i = 0; i < problems.size(); ++i) text += (i ? "; " : "") + problems[i];
      text += " (qrt runs a module built for another target on " + host.triple +
              " only when nothing in it depends on that target)";
      throw ProgramError(text);
    }
  }
  for (llvm::Function& f : module)
    for (const char* attribute : {"target-cpu", "target-features", "tune-cpu"}) f.removeFnAttr(attribute);
  module.setTargetTriple(host.triple);
  module.setDataLayout(here);
}

}  // namespace qrt::qir
