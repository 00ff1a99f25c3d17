// Z measurements, resets and results (static slots and the runtime's Zero/One).
#include "capi/guarded.hpp"

using qrt::Error;
using qrt::ErrorCode;
using qrt::Wire;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace qrt::capi {
// After a measurement gave 1, X resets the qubit exactly (cheaper than a second measurement).
void apply_gate_x(ThreadContext& ctx, Wire w);
}  // namespace qrt::capi

namespace {

void measure_into(const char* function, QUBIT* q, RESULT* result, bool reset) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    count_operation(ctx);
    Wire w = wire_of(ctx, q);
    int outcome = ctx.device.measure(w);
    write_result(ctx, result, outcome);
    if (reset && outcome == 1) apply_gate_x(ctx, w);
  });
}

}  // namespace

void qrt::capi::apply_gate_x(ThreadContext& ctx, Wire w) {
  const auto& id = ctx.gate_ids[static_cast<std::size_t>(context::QisGate::X)];
  if (id) ctx.device.apply(*id, {}, {&w, 1});
  else ctx.device.reset_wire(w);
}

extern "C" {

void __quantum__qis__mz__body(QUBIT* q, RESULT* result) { measure_into(__func__, q, result, false); }
void __quantum__qis__mresetz__body(QUBIT* q, RESULT* result) { measure_into(__func__, q, result, true); }

RESULT* __quantum__qis__m__body(QUBIT* q) {
  return guarded(__func__, static_cast<RESULT*>(nullptr), [&] {
    ThreadContext& ctx = active();
    count_operation(ctx);
    return ctx.device.measure(wire_of(ctx, q)) ? result_one() : result_zero();
  });
}

void __quantum__qis__reset__body(QUBIT* q) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    count_operation(ctx);
    ctx.device.reset_wire(wire_of(ctx, q));
  });
}

bool __quantum__qis__read_result__body(RESULT* result) {
  return guarded(__func__, false, [&] { return read_result(qrt::context::this_thread(), result); });
}
bool __quantum__rt__read_result(RESULT* result) {
  return guarded(__func__, false, [&] { return read_result(qrt::context::this_thread(), result); });
}

RESULT* __quantum__rt__result_get_zero(void) { return result_zero(); }
RESULT* __quantum__rt__result_get_one(void) { return result_one(); }

bool __quantum__rt__result_equal(RESULT* a, RESULT* b) {
  return guarded(__func__, false, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    return read_result(ctx, a) == read_result(ctx, b);
  });
}

// Runtime results are the two constants: nothing to count.
void __quantum__rt__result_update_reference_count(RESULT*, int32_t) {}

}  // extern "C"
