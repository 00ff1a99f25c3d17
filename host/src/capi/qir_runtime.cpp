// The runtime C API: a thin layer over qrt::Runtime and qrt::Device. Each entry point runs its body
// inside `guarded`, which turns any exception into the documented error path.
#include <qrt/runtime.h>

#include "context/execution_context.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::QisGate;
using qrt::context::ThreadContext;

namespace {

std::mutex g_handler_mutex;
qrt_error_handler g_handler = nullptr;
void* g_handler_context = nullptr;

void report(const char* function, const char* message) noexcept {
  ThreadContext& ctx = qrt::context::this_thread();
  try {
    ctx.last_error = std::string(function) + ": " + message;
  } catch (...) {
    ctx.last_error.clear();
  }
  qrt_error_handler handler;
  void* context;
  {
    std::lock_guard lock(g_handler_mutex);
    handler = g_handler;
    context = g_handler_context;
  }
  const char* text = ctx.last_error.empty() ? message : ctx.last_error.c_str();
  if (handler) {
    handler(text, context);
    return;
  }
  std::fprintf(stderr, "qrt: error: %s\n", text);
  std::exit(1);  // QIR's `fail`: the program cannot continue meaningfully
}

template <class R, class Body>
R guarded(const char* function, R fallback, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    report(function, e.what());
  } catch (...) {
    report(function, "unknown error");
  }
  return fallback;
}

template <class Body>
void guarded(const char* function, Body&& body) noexcept {
  guarded(function, 0, [&] {
    body();
    return 0;
  });
}

// The calling thread's context with a live device, or an Error(State).
ThreadContext& active() {
  ThreadContext& ctx = qrt::context::this_thread();
  if (!ctx.device) throw Error(ErrorCode::State, "no active device on this thread (call __quantum__rt__device_init)");
  if (!qrt::context::is_current(ctx.generation)) [[unlikely]] {
    ctx.drop_device();
    throw Error(ErrorCode::State, "the runtime was finalized; this thread's device has been destroyed");
  }
  return ctx;
}

qrt::Wire wire_of(QUBIT* q) {
  if (!q) throw Error(ErrorCode::InvalidArgument, "NULL qubit");
  return static_cast<qrt::Wire>(reinterpret_cast<std::uintptr_t>(q) - 1);
}

QUBIT* qubit_of(qrt::Wire wire) { return reinterpret_cast<QUBIT*>(static_cast<std::uintptr_t>(wire) + 1); }

std::size_t slot_of(RESULT* r) {
  auto slot = reinterpret_cast<std::uintptr_t>(r);
  if (slot >= (std::uintptr_t{1} << 24))
    throw Error(ErrorCode::OutOfRange, "result slot " + std::to_string(slot) + " is beyond the supported 2^24 slots");
  return static_cast<std::size_t>(slot);
}

bool read_result(RESULT* result) {
  ThreadContext& ctx = active();
  std::size_t slot = slot_of(result);
  if (slot >= ctx.results.size() || ctx.results[slot] == 2)
    throw Error(ErrorCode::FailedPrecondition, "result " + std::to_string(slot) + " was never measured into");
  return ctx.results[slot] == 1;
}

void apply(QisGate gate, std::initializer_list<double> params, std::initializer_list<QUBIT*> qubits,
           bool adjoint = false) {
  ThreadContext& ctx = active();
  const auto& id = ctx.gate_ids[static_cast<std::size_t>(gate)];
  if (!id)
    throw Error(ErrorCode::Unsupported, ctx.device.name() + " does not offer the gate " +
                                            qrt::context::kQisGateNames[static_cast<std::size_t>(gate)]);
  std::array<qrt::Wire, 3> wires{};
  std::size_t n = 0;
  for (QUBIT* q : qubits) wires[n++] = wire_of(q);
  ctx.device.apply(*id, {params.begin(), params.size()}, {wires.data(), n}, {}, {}, adjoint);
}

}  // namespace

extern "C" {

void qrt_set_error_handler(qrt_error_handler handler, void* context) {
  std::lock_guard lock(g_handler_mutex);
  g_handler = handler;
  g_handler_context = context;
}

const char* qrt_last_error(void) { return qrt::context::this_thread().last_error.c_str(); }
void qrt_clear_error(void) { qrt::context::this_thread().last_error.clear(); }

void __quantum__rt__initialize(int8_t* reserved) {
  guarded(__func__, [&] {
    if (reserved) throw Error(ErrorCode::InvalidArgument, "the argument is reserved and must be NULL");
    qrt::context::initialize();
  });
}

void __quantum__rt__finalize(void) {
  guarded(__func__, [] { qrt::context::finalize(); });
}

void __quantum__rt__device_init(int8_t* lib, int8_t* name, int8_t* kwargs) {
  guarded(__func__, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    if (ctx.device && qrt::context::is_current(ctx.generation))
      throw Error(ErrorCode::State, "this thread already has an active device (" + ctx.device.name() +
                                        "); call __quantum__rt__device_release first");
    ctx.drop_device();  // a device left over from a finalized runtime
    if (!name || !*name) throw Error(ErrorCode::InvalidArgument, "device name is NULL or empty");
    std::uint64_t generation = 0;
    auto runtime = qrt::context::current_runtime(&generation);
    auto text = [](int8_t* s) { return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view(); };
    qrt::Device device = runtime->open(text(lib), text(name), text(kwargs));
    for (std::size_t g = 0; g < ctx.gate_ids.size(); ++g) ctx.gate_ids[g] = device.gate_id(qrt::context::kQisGateNames[g]);
    ctx.device = std::move(device);
    ctx.generation = generation;
  });
}

void __quantum__rt__device_release(void) {
  guarded(__func__, [] {
    ThreadContext& ctx = qrt::context::this_thread();
    if (!ctx.device) throw Error(ErrorCode::State, "no active device on this thread to release");
    bool finalized = !qrt::context::is_current(ctx.generation);
    ctx.drop_device();
    if (finalized) throw Error(ErrorCode::State, "the runtime was finalized; the device has been destroyed");
  });
}

QUBIT* __quantum__rt__qubit_allocate(void) {
  return guarded(__func__, static_cast<QUBIT*>(nullptr), [] { return qubit_of(active().device.allocate(1).at(0)); });
}

void __quantum__rt__qubit_release(QUBIT* qubit) {
  guarded(__func__, [&] {
    qrt::Wire w = wire_of(qubit);
    active().device.release_qubits({&w, 1});
  });
}

QirArray* __quantum__rt__qubit_allocate_array(int64_t count) {
  return guarded(__func__, static_cast<QirArray*>(nullptr), [&] {
    ThreadContext& ctx = active();
    if (count < 0) throw Error(ErrorCode::InvalidArgument, "negative qubit count " + std::to_string(count));
    auto array = std::make_unique<QirArray>();
    for (qrt::Wire w : ctx.device.allocate(static_cast<std::size_t>(count))) array->elements.push_back(qubit_of(w));
    QirArray* raw = array.get();
    ctx.arrays.emplace(raw, std::move(array));
    return raw;
  });
}

void __quantum__rt__qubit_release_array(QirArray* array) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    auto it = ctx.arrays.find(array);
    if (it == ctx.arrays.end()) throw Error(ErrorCode::InvalidArgument, "not a qubit array of this thread's device");
    std::vector<qrt::Wire> wires;
    for (QUBIT* q : it->second->elements) wires.push_back(wire_of(q));
    ctx.arrays.erase(it);
    ctx.device.release_qubits(wires);
  });
}

int64_t __quantum__rt__array_get_size_1d(QirArray* array) {
  return guarded(__func__, int64_t{0}, [&] {
    ThreadContext& ctx = active();
    if (!ctx.arrays.count(array)) throw Error(ErrorCode::InvalidArgument, "not a qubit array of this thread's device");
    return static_cast<int64_t>(array->elements.size());
  });
}

int8_t* __quantum__rt__array_get_element_ptr_1d(QirArray* array, int64_t index) {
  return guarded(__func__, static_cast<int8_t*>(nullptr), [&] {
    ThreadContext& ctx = active();
    if (!ctx.arrays.count(array)) throw Error(ErrorCode::InvalidArgument, "not a qubit array of this thread's device");
    if (index < 0 || static_cast<std::size_t>(index) >= array->elements.size())
      throw Error(ErrorCode::OutOfRange, "index " + std::to_string(index) + " outside an array of " +
                                             std::to_string(array->elements.size()) + " qubits");
    return reinterpret_cast<int8_t*>(&array->elements[static_cast<std::size_t>(index)]);
  });
}

#define QRT_QIS_1(fn, gate, adj) \
  void fn(QUBIT* q) { guarded(#fn, [&] { apply(QisGate::gate, {}, {q}, adj); }); }
QRT_QIS_1(__quantum__qis__h__body, H, false)
QRT_QIS_1(__quantum__qis__x__body, X, false)
QRT_QIS_1(__quantum__qis__y__body, Y, false)
QRT_QIS_1(__quantum__qis__z__body, Z, false)
QRT_QIS_1(__quantum__qis__s__body, S, false)
QRT_QIS_1(__quantum__qis__s__adj, S, true)
QRT_QIS_1(__quantum__qis__t__body, T, false)
QRT_QIS_1(__quantum__qis__t__adj, T, true)
#undef QRT_QIS_1

void __quantum__qis__rx__body(double theta, QUBIT* q) { guarded(__func__, [&] { apply(QisGate::RX, {theta}, {q}); }); }
void __quantum__qis__ry__body(double theta, QUBIT* q) { guarded(__func__, [&] { apply(QisGate::RY, {theta}, {q}); }); }
void __quantum__qis__rz__body(double theta, QUBIT* q) { guarded(__func__, [&] { apply(QisGate::RZ, {theta}, {q}); }); }
void __quantum__qis__cnot__body(QUBIT* c, QUBIT* t) { guarded(__func__, [&] { apply(QisGate::CNOT, {}, {c, t}); }); }
void __quantum__qis__cz__body(QUBIT* c, QUBIT* t) { guarded(__func__, [&] { apply(QisGate::CZ, {}, {c, t}); }); }
void __quantum__qis__swap__body(QUBIT* a, QUBIT* b) { guarded(__func__, [&] { apply(QisGate::SWAP, {}, {a, b}); }); }
void __quantum__qis__ccx__body(QUBIT* c1, QUBIT* c2, QUBIT* t) {
  guarded(__func__, [&] { apply(QisGate::Toffoli, {}, {c1, c2, t}); });
}

void __quantum__qis__mz__body(QUBIT* q, RESULT* result) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    std::size_t slot = slot_of(result);
    int outcome = ctx.device.measure(wire_of(q));
    if (ctx.results.size() <= slot) ctx.results.resize(slot + 1, 2);
    ctx.results[slot] = static_cast<std::uint8_t>(outcome);
  });
}

void __quantum__qis__reset__body(QUBIT* q) {
  guarded(__func__, [&] { active().device.reset_wire(wire_of(q)); });
}

bool __quantum__qis__read_result__body(RESULT* result) {
  return guarded(__func__, false, [&] { return read_result(result); });
}

void __quantum__rt__result_record_output(RESULT* result, int8_t* label) {
  guarded(__func__, [&] {
    bool one = read_result(result);
    std::string line = std::string("OUTPUT\tRESULT\t") + (one ? "1" : "0") + "\t" +
                       (label ? reinterpret_cast<const char*>(label) : "") + "\n";
    std::fputs(line.c_str(), stdout);  // one call per line: lines of concurrent threads never interleave
  });
}

}  // extern "C"
