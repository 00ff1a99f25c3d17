#include "catalyst/element_types.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <array>
#include <map>
#include <set>

namespace qrt::catalyst {
namespace {

using Path = std::vector<unsigned>;

std::optional<ElementType> element_of(const llvm::Type* t) {
  if (t->isDoubleTy()) return ElementType::F64;
  if (t->isFloatTy()) return ElementType::F32;
  if (t->isIntegerTy(64)) return ElementType::I64;
  if (t->isIntegerTy(32)) return ElementType::I32;
  if (t->isIntegerTy(16)) return ElementType::I16;
  if (t->isIntegerTy(8)) return ElementType::I8;
  if (t->isIntegerTy(1)) return ElementType::I1;
  if (const auto* s = llvm::dyn_cast<llvm::StructType>(t);
      s && s->getNumElements() == 2 && s->getElementType(0) == s->getElementType(1)) {
    if (s->getElementType(0)->isDoubleTy()) return ElementType::C128;
    if (s->getElementType(0)->isFloatTy()) return ElementType::C64;
  }
  if (const auto* a = llvm::dyn_cast<llvm::ArrayType>(t)) return element_of(a->getElementType());
  if (const auto* v = llvm::dyn_cast<llvm::VectorType>(t)) return element_of(v->getElementType());
  return std::nullopt;
}

// Runtime functions that read or fill a memref whose descriptor the module passes by pointer: which
// argument, where the data pointer sits in what is stored there, and its element type.
struct RuntimeMemref {
  std::string_view function;
  int argument;  // -1: every variadic argument from `first_variadic` on
  unsigned first_variadic;
  std::array<unsigned, 2> path;
  unsigned path_length;
  ElementType type;
};

constexpr std::array<RuntimeMemref, 13> kRuntimeMemrefs = {{
    {"Probs", 0, 0, {1, 0}, 1, ElementType::F64},
    {"State", 0, 0, {1, 0}, 1, ElementType::C128},
    {"Sample", 0, 0, {1, 0}, 1, ElementType::F64},
    {"Counts", 0, 0, {0, 1}, 2, ElementType::F64},
    {"Counts", 0, 0, {1, 1}, 2, ElementType::I64},
    {"Gradient", -1, 1, {1, 0}, 1, ElementType::F64},
    {"Gradient_params", 0, 0, {1, 0}, 1, ElementType::I64},
    {"Gradient_params", -1, 2, {1, 0}, 1, ElementType::F64},
    {"QubitUnitary", 0, 0, {1, 0}, 1, ElementType::C128},
    {"HermitianObs", 0, 0, {1, 0}, 1, ElementType::C128},
    {"HamiltonianObs", 0, 0, {1, 0}, 1, ElementType::F64},
    {"SetState", 0, 0, {1, 0}, 1, ElementType::C128},
    {"SetBasisState", 0, 0, {1, 0}, 1, ElementType::I8},
}};

class Evidence {
 public:
  void add(ElementType t, bool strong) { (strong ? strong_ : weak_).insert(t); }
  void add(const llvm::Type* t, bool strong) {
    if (auto e = element_of(t)) add(*e, strong);
  }
  std::optional<ElementType> decide() const {
    if (auto t = single(strong_)) return t;
    if (!strong_.empty()) return std::nullopt;
    return single(weak_);
  }

 private:
  // One type, or a complex type with the real type of its parts (a complex buffer read part by part).
  static std::optional<ElementType> single(const std::set<ElementType>& s) {
    if (s.size() == 1) return *s.begin();
    if (s == std::set<ElementType>{ElementType::F64, ElementType::C128}) return ElementType::C128;
    if (s == std::set<ElementType>{ElementType::F32, ElementType::C64}) return ElementType::C64;
    return std::nullopt;
  }
  std::set<ElementType> strong_, weak_;
};

class Tracer {
 public:
  Tracer(Evidence& evidence, const llvm::Function& entry) : e_(evidence), entry_(entry) {}
  std::set<unsigned> entry_parameters;  // entry parameters a result's pointer comes from

  // Forward: what is done with a data pointer. `bytes`: reached through byte offsets (weaker evidence).
  void pointer(const llvm::Value* p, bool bytes) {
    if (!seen_.insert({p, {bytes ? 1u : 0u}, 'p'}).second) return;
    for (const llvm::User* u : p->users()) {
      if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(u)) {
        if (load->getPointerOperand() == p) e_.add(load->getType(), !bytes);
      } else if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) {
        if (store->getPointerOperand() == p) e_.add(store->getValueOperand()->getType(), !bytes);
        else stored_pointer(store->getPointerOperand());
      } else if (const auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(u)) {
        if (gep->getPointerOperand() != p) continue;
        const llvm::Type* source = gep->getSourceElementType();
        if (source->isIntegerTy(8)) pointer(gep, true);
        else e_.add(source, true);
      } else if (const auto* call = llvm::dyn_cast<llvm::CallBase>(u)) {
        passed_pointer(*call, p, bytes);
      } else if (const auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(u)) {
        if (insert->getInsertedValueOperand() == p) aggregate(insert, Path(insert->idx_begin(), insert->idx_end()));
      } else if (llvm::isa<llvm::PHINode, llvm::SelectInst, llvm::CastInst>(u)) {
        if (u->getType()->isPointerTy()) pointer(u, bytes);
      }
    }
  }

  // Forward: an aggregate whose field at `path` holds the data pointer.
  void aggregate(const llvm::Value* v, const Path& path) {
    if (!seen_.insert({v, path, 'a'}).second) return;
    for (const llvm::User* u : v->users()) {
      if (const auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(u)) {
        const Path at(insert->idx_begin(), insert->idx_end());
        if (insert->getAggregateOperand() == v) {
          if (!starts_with(path, at)) aggregate(insert, path);
        } else if (insert->getInsertedValueOperand() == v) {
          Path longer = at;
          longer.insert(longer.end(), path.begin(), path.end());
          aggregate(insert, longer);
        }
      } else if (const auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(u)) {
        const Path at(extract->idx_begin(), extract->idx_end());
        if (at == path) pointer(extract, false);
        else if (starts_with(path, at))
          aggregate(extract, Path(path.begin() + static_cast<long>(at.size()), path.end()));
      } else if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(u)) {
        if (store->getValueOperand() == v) memory(store->getPointerOperand(), path);
      } else if (const auto* ret = llvm::dyn_cast<llvm::ReturnInst>(u)) {
        for (const llvm::User* caller : ret->getFunction()->users())
          if (llvm::isa<llvm::CallBase>(caller)) aggregate(caller, path);
      } else if (llvm::isa<llvm::PHINode, llvm::SelectInst>(u)) {
        aggregate(u, path);
      } else if (const auto* call = llvm::dyn_cast<llvm::CallBase>(u)) {
        const llvm::Function* callee = call->getCalledFunction();
        if (!callee || callee->isDeclaration()) continue;
        for (unsigned k = 0; k < call->arg_size() && k < callee->arg_size(); ++k)
          if (call->getArgOperand(k) == v) aggregate(callee->getArg(k), path);
      }
    }
  }

  // Forward: memory at `m` holds an aggregate with the data pointer at `path`.
  void memory(const llvm::Value* m, const Path& path) {
    if (!seen_.insert({m, path, 'm'}).second) return;
    for (const llvm::User* u : m->users()) {
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(u)) {
        const llvm::Function* callee = call->getCalledFunction();
        if (!callee) continue;
        for (unsigned k = 0; k < call->arg_size(); ++k) {
          if (call->getArgOperand(k) != m) continue;
          if (!callee->isDeclaration() && k < callee->arg_size()) memory(callee->getArg(k), path);
          else runtime_argument(callee->getName(), k, path);
        }
      } else if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(u)) {
        if (load->getPointerOperand() != m) continue;
        if (path.empty()) pointer(load, false);
        else aggregate(load, path);
      } else if (const auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(u)) {
        if (gep->getPointerOperand() != m) continue;
        Path fields;
        if (!constant_fields(*gep, fields) || !starts_with(path, fields)) continue;
        memory(gep, Path(path.begin() + static_cast<long>(fields.size()), path.end()));
      }
    }
  }

  // Backward: where the data pointer at field `path` of the aggregate `v` came from (and, forward, what
  // else is done with `v`).
  void origin(const llvm::Value* v, const Path& path) {
    if (!seen_.insert({v, path, 'o'}).second) return;
    aggregate(v, path);
    if (const auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(v)) {
      const Path at(insert->idx_begin(), insert->idx_end());
      if (at == path) {
        origin_pointer(insert->getInsertedValueOperand());
      } else if (starts_with(path, at)) {
        origin(insert->getInsertedValueOperand(), Path(path.begin() + static_cast<long>(at.size()), path.end()));
      } else {
        origin(insert->getAggregateOperand(), path);
      }
    } else if (const auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(v)) {
      Path longer(extract->idx_begin(), extract->idx_end());
      longer.insert(longer.end(), path.begin(), path.end());
      origin(extract->getAggregateOperand(), longer);
    } else if (const auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
      for (const llvm::Value* in : phi->incoming_values()) origin(in, path);
    } else if (const auto* select = llvm::dyn_cast<llvm::SelectInst>(v)) {
      origin(select->getTrueValue(), path);
      origin(select->getFalseValue(), path);
    } else if (const auto* call = llvm::dyn_cast<llvm::CallBase>(v)) {
      if (const llvm::Function* callee = call->getCalledFunction(); callee && !callee->isDeclaration())
        for (const llvm::BasicBlock& block : *callee)
          if (const auto* ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator()); ret && ret->getReturnValue())
            origin(ret->getReturnValue(), path);
    } else if (const auto* c = llvm::dyn_cast<llvm::Constant>(v)) {
      const llvm::Constant* field = c;
      for (unsigned i : path) field = field ? field->getAggregateElement(i) : nullptr;
      if (field) origin_pointer(field);
    } else if (const auto* argument = llvm::dyn_cast<llvm::Argument>(v)) {
      for (const llvm::User* u : argument->getParent()->users())
        if (const auto* caller = llvm::dyn_cast<llvm::CallBase>(u); caller && argument->getArgNo() < caller->arg_size())
          origin(caller->getArgOperand(argument->getArgNo()), path);
    }
  }

  // Backward: where a data pointer came from (a global constant says its type).
  void origin_pointer(const llvm::Value* p) {
    if (!seen_.insert({p, {}, 'q'}).second) return;
    pointer(p, false);
    if (const auto* global = llvm::dyn_cast<llvm::GlobalVariable>(p)) {
      e_.add(global->getValueType(), true);
    } else if (const auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) {
      if (!gep->getSourceElementType()->isIntegerTy(8)) e_.add(gep->getSourceElementType(), true);
      else if (const auto* base = llvm::dyn_cast<llvm::GlobalVariable>(gep->getPointerOperand()))
        e_.add(base->getValueType(), false);
    } else if (const auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(p)) {
      origin(extract->getAggregateOperand(), Path(extract->idx_begin(), extract->idx_end()));
    } else if (const auto* phi = llvm::dyn_cast<llvm::PHINode>(p)) {
      for (const llvm::Value* in : phi->incoming_values()) origin_pointer(in);
    } else if (const auto* select = llvm::dyn_cast<llvm::SelectInst>(p)) {
      origin_pointer(select->getTrueValue());
      origin_pointer(select->getFalseValue());
    } else if (const auto* argument = llvm::dyn_cast<llvm::Argument>(p)) {
      if (argument->getParent() == &entry_) {
        entry_parameters.insert(argument->getArgNo());
        return;
      }
      for (const llvm::User* u : argument->getParent()->users())
        if (const auto* caller = llvm::dyn_cast<llvm::CallBase>(u); caller && argument->getArgNo() < caller->arg_size())
          origin_pointer(caller->getArgOperand(argument->getArgNo()));
    }
  }

 private:
  static bool starts_with(const Path& path, const Path& prefix) {
    return prefix.size() <= path.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
  }

  // A getelementptr 0, i, j... with constant indices: the fields it selects.
  static bool constant_fields(const llvm::GetElementPtrInst& gep, Path& fields) {
    auto index = gep.idx_begin();
    if (index == gep.idx_end()) return false;
    const auto* first = llvm::dyn_cast<llvm::ConstantInt>(index->get());
    if (!first || !first->isZero()) return false;
    for (++index; index != gep.idx_end(); ++index) {
      const auto* c = llvm::dyn_cast<llvm::ConstantInt>(index->get());
      if (!c) return false;
      fields.push_back(static_cast<unsigned>(c->getZExtValue()));
    }
    return true;
  }

  // The data pointer was stored at `address`: a field of a descriptor in memory.
  void stored_pointer(const llvm::Value* address) {
    if (const auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(address)) {
      Path fields;
      if (constant_fields(*gep, fields)) memory(gep->getPointerOperand(), fields);
    }
  }

  void passed_pointer(const llvm::CallBase& call, const llvm::Value* p, bool bytes) {
    const llvm::Function* callee = call.getCalledFunction();
    if (!callee) return;
    if (const auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(&call)) {
      const llvm::Value* other = copy->getRawDest() == p ? copy->getRawSource() : copy->getRawDest();
      pointer(other, bytes);
      origin_pointer(other);
      return;
    }
    if (callee->isDeclaration()) return;
    for (unsigned k = 0; k < call.arg_size() && k < callee->arg_size(); ++k)
      if (call.getArgOperand(k) == p) pointer(callee->getArg(k), bytes);
  }

  void runtime_argument(llvm::StringRef name, unsigned k, const Path& path) {
    for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"})
      if (name.starts_with(prefix)) name = name.drop_front(std::string_view(prefix).size());
    for (const auto& r : kRuntimeMemrefs) {
      if (name != llvm::StringRef(r.function.data(), r.function.size())) continue;
      const bool argument = r.argument >= 0 ? k == static_cast<unsigned>(r.argument) : k >= r.first_variadic;
      if (argument && path == Path(r.path.begin(), r.path.begin() + r.path_length)) e_.add(r.type, true);
    }
  }

  struct Key {
    const llvm::Value* value;
    Path path;
    char kind;
    bool operator<(const Key& o) const { return std::tie(value, path, kind) < std::tie(o.value, o.path, o.kind); }
  };
  Evidence& e_;
  const llvm::Function& entry_;
  std::set<Key> seen_;
};

}  // namespace

void infer_element_types(EntrySignature& sig) {
  if (sig.form != EntryForm::Jit) return;
  const llvm::Function& entry = *sig.entry;
  for (std::size_t a = 0; a < sig.arguments.size(); ++a) {
    Evidence e;
    Tracer t(e, entry);
    t.pointer(entry.getArg(sig.argument_starts[a] + 1), false);
    t.pointer(entry.getArg(sig.argument_starts[a]), false);
    sig.arguments[a].type = e.decide();
  }
  for (std::size_t r = 0; r < sig.results.size(); ++r) {
    Evidence e;
    Tracer t(e, entry);
    const Path path = sig.several_results ? Path{static_cast<unsigned>(r), 1} : Path{1};
    for (const llvm::BasicBlock& block : entry)
      if (const auto* ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator()); ret && ret->getReturnValue())
        t.origin(ret->getReturnValue(), path);
    std::optional<ElementType> type = e.decide();
    // A result that is (a copy of) an argument has the argument's type.
    for (unsigned parameter : t.entry_parameters)
      for (std::size_t a = 0; a < sig.arguments.size() && !type; ++a)
        if (parameter == sig.argument_starts[a] + 1 || parameter == sig.argument_starts[a])
          type = sig.arguments[a].type;
    sig.results[r].type = type;
  }
}

}  // namespace qrt::catalyst
