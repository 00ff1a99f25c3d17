// Qubit allocation (dynamic ids beside static addressing, see context/qubit_map.hpp).
#include "capi/guarded.hpp"
#include "capi/runtime_objects_api.hpp"

using qrt::Error;
using qrt::ErrorCode;
using namespace qrt::capi;

extern "C" {

QUBIT* __quantum__rt__qubit_allocate(void) {
  return guarded(__func__, static_cast<QUBIT*>(nullptr), [] {
    auto& ctx = active();
    return qubit_handle(ctx.qubits.allocate(ctx.device));
  });
}

void __quantum__rt__qubit_release(QUBIT* qubit) {
  guarded(__func__, [&] {
    auto& ctx = active();
    ctx.qubits.release(ctx.device, qubit_id(qubit));
  });
}

QirArray* __quantum__rt__qubit_allocate_array(int64_t count) {
  return guarded(__func__, static_cast<QirArray*>(nullptr), [&] {
    auto& ctx = active();
    if (count < 0) throw Error(ErrorCode::InvalidArgument, "negative qubit count " + std::to_string(count));
    QirArray& array = new_array(ctx, sizeof(QUBIT*), count);
    array.owns_qubits = true;
    for (int64_t i = 0; i < count; ++i) {
      QUBIT* q = qubit_handle(ctx.qubits.allocate(ctx.device));
      std::memcpy(array.element(i), &q,
                  sizeof q);  // NOLINT(bugprone-sizeof-expression): the pointer is the value copied
    }
    return &array;
  });
}

void __quantum__rt__qubit_release_array(QirArray* handle) {
  guarded(__func__, [&] {
    auto& ctx = active();
    QirArray& array = ctx.objects.arrays.at(handle, "qubit array");
    if (!array.owns_qubits) throw Error(ErrorCode::InvalidArgument, "not a qubit array (made by qubit_allocate_array)");
    for (int64_t i = 0; i < array.count; ++i) ctx.qubits.release(ctx.device, qubit_id(qubit_at(array, i)));
    array.owns_qubits = false;  // the qubits are gone; the array itself lives while referenced (as in qir-runner)
    if (--array.references <= 0) ctx.objects.arrays.erase(handle);
  });
}

QirString* __quantum__rt__qubit_to_string(QUBIT* qubit) {
  return guarded(__func__, static_cast<QirString*>(nullptr),
                 [&] { return new_string(qrt::context::this_thread(), "q" + std::to_string(qubit_id(qubit))); });
}

}  // extern "C"
