#include "qir/straight_line.hpp"

#include "capi/qis_gate_table.hpp"
#include "capi/value_format.hpp"

#include <qrt/program/gate_library.hpp>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/raw_ostream.h>

#include <array>
#include <memory>
#include <set>
#include <span>
#include <unordered_map>

namespace qrt::qir {
namespace {

// Static result slots: what capi accepts as a result pointer (guarded.cpp).
constexpr std::uint64_t kMaxResultSlot = std::uint64_t{1} << 24;
// Without required_num_qubits, qubit ids a straight-line program may use on the fast path.
constexpr std::uint64_t kUndeclaredQubitLimit = 64;
// The register width the OpenQASM front end allows by default (ParseOptions::max_qubits): the same
// circuits run on either path.
constexpr std::uint64_t kMaxQubits = std::uint64_t{1} << 16;

struct NotStraightLine {
  std::string why;
};

std::string describe(const llvm::Instruction& instruction) {
  std::string text;
  llvm::raw_string_ostream out(text);
  instruction.print(out);
  out.flush();
  const auto first = text.find_first_not_of(' ');
  text = first == std::string::npos ? text : text.substr(first);
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

// A constant pointer operand as a static id: null is 0, `inttoptr (iN k to ptr)` is k.
std::optional<std::uint64_t> static_id(const llvm::Value* value) {
  if (llvm::isa<llvm::ConstantPointerNull>(value)) return 0;
  const auto* expr = llvm::dyn_cast<llvm::ConstantExpr>(value);
  if (!expr || expr->getOpcode() != llvm::Instruction::IntToPtr) return std::nullopt;
  const auto* k = llvm::dyn_cast<llvm::ConstantInt>(expr->getOperand(0));
  if (!k || k->getValue().getActiveBits() > 63) return std::nullopt;
  return k->getZExtValue();
}

class Reader {
 public:
  explicit Reader(std::uint64_t required_qubits) : required_qubits_(required_qubits) {}

  void read(const llvm::Function& entry) {
    const std::size_t calls = entry.getInstructionCount();
    operations_.reserve(calls);
    parameters_.reserve(calls);
    operands_.reserve(calls * 2);
    std::set<const llvm::BasicBlock*> seen;
    const llvm::BasicBlock* block = &entry.getEntryBlock();
    while (block) {
      if (!seen.insert(block).second)
        throw NotStraightLine{"it loops (block " + block->getName().str() + " runs again)"};
      const llvm::BasicBlock* next = nullptr;
      for (const llvm::Instruction& instruction : *block) {
        if (const auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction)) {
          read_call(*call);
        } else if (const auto* branch = llvm::dyn_cast<llvm::BranchInst>(&instruction);
                   branch && branch->isUnconditional()) {
          next = branch->getSuccessor(0);
        } else if (const auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&instruction); ret && !ret->getReturnValue()) {
          next = nullptr;
        } else {
          throw NotStraightLine{"of `" + describe(instruction) + "`"};
        }
      }
      block = next;
    }
  }

  StraightLineCircuit finish() && {
    const std::uint64_t qubits = std::max<std::uint64_t>({required_qubits_, used_qubits_, 1});
    if (qubits > kMaxQubits) throw NotStraightLine{"it declares " + std::to_string(qubits) + " qubits"};
    // One qreg q and one creg c (a bit per measurement) over the model's standard gates: the program
    // model directly, no OpenQASM text in between.
    program::Program model;
    model.num_qubits = static_cast<std::uint32_t>(qubits);
    model.num_clbits = clbits_;
    model.qregs.push_back(program::Register{"q", 0, model.num_qubits, {}});
    if (clbits_ > 0) model.cregs.push_back(program::Register{"c", 0, clbits_, {}});
    const std::span<const program::GateDefinition> library = program::standard_gates();
    model.gates.assign(library.begin(), library.end());
    model.sources.push_back(std::make_shared<const program::SourceFile>("<qir>", std::string()));
    StraightLineCircuit circuit{std::move(model), std::move(records_), std::move(functions_)};
    program::Program& built = circuit.program;
    std::vector<std::uint32_t> gate_index;
    for (const char* name : gate_names_) {
      auto index = program::find_standard_gate(name);
      if (!index) throw NotStraightLine{std::string("the standard gates have no ") + name};
      gate_index.push_back(*index);
    }
    for (program::Operation& op : operations_)
      if (op.kind == program::OpKind::Gate) op.gate = gate_index[op.gate];
    built.operations = std::move(operations_);
    built.parameters = std::move(parameters_);
    built.operands = std::move(operands_);
    return circuit;
  }

 private:
  void read_call(const llvm::CallInst& call) {
    const llvm::Function* callee = call.getCalledFunction();
    if (!callee || !callee->isDeclaration()) throw NotStraightLine{"of `" + describe(call) + "` (not a runtime call)"};
    const unsigned args = call.arg_size();
    auto [known, added] = callees_.try_emplace(callee);  // one look-up per declared function
    if (added) {
      known->second.gate = capi::find_qis_gate_function(callee->getName());
      functions_.push_back(callee->getName().str());
      known->second.line = static_cast<std::uint32_t>(functions_.size());
    }
    line_ = known->second.line;
    if (const capi::QisGateFunction* gate = known->second.gate) {
      if (args != gate->angles + gate->qubits || !call.getType()->isVoidTy()) throw unusual(call);
      read_gate(call, *gate);
      return;
    }
    const llvm::StringRef name = callee->getName();
    if (name == "__quantum__rt__initialize" || name == "__quantum__qis__barrier__body") return;
    if ((name == "__quantum__qis__mz__body" || name == "__quantum__qis__m__body" ||
         name == "__quantum__qis__mresetz__body") &&
        args == 2 && call.getType()->isVoidTy()) {
      const std::uint64_t qubit = qubit_of(call, 0);
      const std::uint64_t result = result_of(call, 1);
      latest_[result] = clbits_;
      push(program::OpKind::Measure, 0, {}, {&qubit, 1}, clbits_++);
      if (name == "__quantum__qis__mresetz__body") push(program::OpKind::Reset, 0, {}, {&qubit, 1});
      return;
    }
    if (name == "__quantum__qis__reset__body" && args == 1) {
      const std::uint64_t qubit = qubit_of(call, 0);
      push(program::OpKind::Reset, 0, {}, {&qubit, 1});
      return;
    }
    if (name.ends_with("_record_output") && (args == 1 || args == 2) && name.starts_with("__quantum__rt__")) {
      read_record(call, name.drop_front(15).drop_back(14));
      return;
    }
    throw NotStraightLine{"of `" + describe(call) + "`"};
  }

  void read_gate(const llvm::CallInst& call, const capi::QisGateFunction& gate) {
    std::array<double, 2> angles{};
    for (unsigned i = 0; i < gate.angles; ++i) {
      const auto* angle = llvm::dyn_cast<llvm::ConstantFP>(call.getArgOperand(i));
      if (!angle || !angle->getType()->isDoubleTy())
        throw NotStraightLine{"of `" + describe(call) + "` (an angle computed at run time)"};
      angles[i] = angle->getValueAPF().convertToDouble();
    }
    std::array<std::uint64_t, 3> qubits{};
    for (unsigned i = 0; i < gate.qubits; ++i) {
      qubits[i] = qubit_of(call, gate.angles + i);
      for (unsigned j = 0; j < i; ++j)
        if (qubits[j] == qubits[i]) throw unusual(call);  // the runtime's error, from the JIT path
    }
    const std::span<const std::uint64_t> wires(qubits.data(), gate.qubits);
    std::size_t count = gate.angles;
    if (gate.fixed_angle) {
      angles[0] = *gate.fixed_angle;
      count = 1;
    }
    const capi::Qelib1Name& names = capi::qelib1_name(gate.gate);
    if (gate.phased_x) {  // rz(-φ), rx(θ), rz(φ): as gates.cpp applies it
      const char* rz = capi::qelib1_name(context::QisGate::RZ).body;
      const double theta = angles[0], phi = angles[1];
      const double before[] = {-phi}, rotation[] = {theta}, after[] = {phi};
      push_gate(rz, before, wires);
      push_gate(names.body, rotation, wires);
      push_gate(rz, after, wires);
      return;
    }
    if (gate.adjoint && !names.adjoint)
      for (std::size_t i = 0; i < count; ++i) angles[i] = -angles[i];
    push_gate(gate.adjoint && names.adjoint ? names.adjoint : names.body, {angles.data(), count}, wires);
  }

  void read_record(const llvm::CallInst& call, llvm::StringRef kind) {
    RecordStep step;
    const llvm::Value* value = call.getArgOperand(0);
    const auto* integer = llvm::dyn_cast<llvm::ConstantInt>(value);
    if (kind == "result") {
      step.kind = EventKind::Result;
      auto id = static_id(value);
      if (!id || *id >= kMaxResultSlot) throw unusual(call);
      if (auto it = latest_.find(*id); it != latest_.end()) step.clbit = it->second;
      else step.value = "0";  // never measured: Zero, as the runtime reads it
    } else if (kind == "bool" && integer && integer->getBitWidth() == 1) {
      step.kind = EventKind::Bool;
      step.value = integer->isOne() ? "true" : "false";
    } else if ((kind == "int" || kind == "tuple" || kind == "array") && integer && integer->getBitWidth() == 64) {
      step.kind = kind == "int" ? EventKind::Int : kind == "tuple" ? EventKind::Tuple : EventKind::Array;
      step.value = std::to_string(integer->getSExtValue());
    } else if (kind == "double" && llvm::isa<llvm::ConstantFP>(value) && value->getType()->isDoubleTy()) {
      step.kind = EventKind::Double;
      step.value = capi::format_double(llvm::cast<llvm::ConstantFP>(value)->getValueAPF().convertToDouble());
    } else {
      throw NotStraightLine{"of `" + describe(call) + "`"};
    }
    if (call.arg_size() == 2 && !llvm::isa<llvm::ConstantPointerNull>(call.getArgOperand(1))) {
      llvm::StringRef label;
      if (!llvm::getConstantStringInfo(call.getArgOperand(1), label))
        throw NotStraightLine{"of `" + describe(call) + "` (a label that is not a constant string)"};
      step.label = label.str();
      step.labelled = true;
    }
    records_.push_back(std::move(step));
  }

  std::uint64_t qubit_of(const llvm::CallInst& call, unsigned operand) {
    auto id = static_id(call.getArgOperand(operand));
    if (!id) throw NotStraightLine{"of `" + describe(call) + "` (a qubit that is not a static id)"};
    const std::uint64_t limit = required_qubits_ > 0 ? required_qubits_ : kUndeclaredQubitLimit;
    if (*id >= limit) throw unusual(call);
    used_qubits_ = std::max(used_qubits_, *id + 1);
    return *id;
  }

  std::uint64_t result_of(const llvm::CallInst& call, unsigned operand) {
    auto id = static_id(call.getArgOperand(operand));
    if (!id || *id >= kMaxResultSlot) throw unusual(call);
    return *id;
  }

  static NotStraightLine unusual(const llvm::CallInst& call) {
    return {"of `" + describe(call) + "` (its operands are left to the runtime to check)"};
  }

  void push_gate(const char* name, std::span<const double> params, std::span<const std::uint64_t> qubits) {
    auto [it, added] = gate_ids_.try_emplace(name, static_cast<std::uint32_t>(gate_names_.size()));  // by address
    if (added) gate_names_.push_back(name);
    push(program::OpKind::Gate, it->second, params, qubits);
  }

  void push(program::OpKind kind, std::uint32_t gate, std::span<const double> params,
            std::span<const std::uint64_t> qubits, std::uint32_t clbit = 0) {
    program::Operation op;
    op.kind = kind;
    op.gate = gate;
    op.params = {static_cast<std::uint32_t>(parameters_.size()), static_cast<std::uint32_t>(params.size())};
    op.qubits = {static_cast<std::uint32_t>(operands_.size()), static_cast<std::uint32_t>(qubits.size())};
    op.clbit = clbit;
    op.pos.line = line_;
    parameters_.insert(parameters_.end(), params.begin(), params.end());
    for (std::uint64_t q : qubits) operands_.push_back(static_cast<std::uint32_t>(q));
    operations_.push_back(op);
  }
  std::uint64_t required_qubits_;
  std::uint64_t used_qubits_ = 0;
  std::uint32_t clbits_ = 0;
  std::unordered_map<std::uint64_t, std::uint32_t> latest_;  // result id -> clbit of its last measurement
  struct Callee {
    const capi::QisGateFunction* gate = nullptr;  // nullptr: not a gate
    std::uint32_t line = 0;                       // its index in functions_ + 1
  };
  std::unordered_map<const llvm::Function*, Callee> callees_;
  std::vector<std::string> functions_;                       // every function called, in order of first call
  std::uint32_t line_ = 0;                                   // the position of the operations of the call being read
  std::unordered_map<const char*, std::uint32_t> gate_ids_;  // qelib1 name (the table's) -> index into gate_names_
  std::vector<const char*> gate_names_;
  std::vector<program::Operation> operations_;
  std::vector<double> parameters_;
  std::vector<std::uint32_t> operands_;
  std::vector<RecordStep> records_;
};

}  // namespace

std::variant<StraightLineCircuit, std::string> read_straight_line(const llvm::Function& entry,
                                                                  std::uint64_t required_qubits) {
  try {
    Reader reader(required_qubits);
    reader.read(entry);
    return std::move(reader).finish();
  } catch (const NotStraightLine& e) {
    return "the entry point is not straight-line code: it needs the JIT because " + e.why;
  }
}

}  // namespace qrt::qir
