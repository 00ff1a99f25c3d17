// QIR callables: a specialisation table, a capture tuple, and the adjoint / controlled functors.
#include "capi/runtime_objects_api.hpp"

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace {

QirCallable& at(ThreadContext& ctx, QirCallable* handle) { return ctx.objects.callables.at(handle, "callable"); }

QirCallable* add(ThreadContext& ctx, const QirCallable& value) {
  auto callable = std::make_unique<QirCallable>(value);
  callable->references = 1;
  callable->aliases = 0;
  return ctx.objects.callables.add(std::move(callable));
}

// A callable controlled n > 1 times receives n nested (controls, args) tuples; its controlled
// specialisation takes one: concatenate the control arrays into a new (controls, innermost args) tuple.
QirTuple* flatten_controls(ThreadContext& ctx, QirTuple* args, std::int32_t depth) {
  QirArray* controls = tuple_field<QirArray*>(args, 0);
  QirTuple* inner = tuple_field<QirTuple*>(args, 8);
  for (std::int32_t level = 1; level < depth; ++level) {
    if (!inner) throw Error(ErrorCode::InvalidArgument, "a controlled call's argument tuple is NULL");
    QirArray& a = array_at(ctx, controls);
    QirArray& b = array_at(ctx, tuple_field<QirArray*>(inner, 0));
    QirArray& joined = new_array(ctx, a.element_size, a.count + b.count);
    std::memcpy(joined.storage.data(), a.storage.data(), a.storage.size());
    std::memcpy(joined.storage.data() + a.storage.size(), b.storage.data(), b.storage.size());
    controls = &joined;
    inner = tuple_field<QirTuple*>(inner, 8);
  }
  QirTuple* flat = new_tuple(ctx, 16);
  std::memcpy(flat, &controls, sizeof controls);  // NOLINT(bugprone-sizeof-expression): the pointer is the value copied
  std::memcpy(flat + 8, &inner, sizeof inner);
  return flat;
}

}  // namespace

extern "C" {

QirCallable* __quantum__rt__callable_create(qrt_callable_entry* table, qrt_capture_counter* memory, QirTuple* capture) {
  return guarded(__func__, static_cast<QirCallable*>(nullptr), [&] {
    if (!table) throw Error(ErrorCode::InvalidArgument, "NULL specialisation table");
    QirCallable value;
    for (int i = 0; i < 4; ++i) value.table[i] = reinterpret_cast<QirCallableEntry>(table[i]);
    if (memory)
      for (int i = 0; i < 2; ++i) value.memory[i] = reinterpret_cast<QirCaptureCounter>(memory[i]);
    value.capture = capture;
    return add(qrt::context::this_thread(), value);
  });
}

void __quantum__rt__callable_invoke(QirCallable* handle, QirTuple* args, QirTuple* result) {
  // Prepared inside guarded; the call itself runs outside it, so that a failure inside the callee
  // (which longjmps to the driver) skips no live C++ object here.
  QirCallableEntry entry = nullptr;
  void* capture = nullptr;
  QirTuple* call_args = args;
  bool ready = guarded(__func__, false, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    QirCallable& callable = at(ctx, handle);
    int index = (callable.adjoint ? 1 : 0) + (callable.controlled > 0 ? 2 : 0);
    entry = callable.table[static_cast<std::size_t>(index)];
    if (!entry) {
      static constexpr const char* kNames[] = {"body", "adjoint", "controlled", "controlled adjoint"};
      throw Error(ErrorCode::Unsupported, std::string("the callable has no ") + kNames[index] + " specialisation");
    }
    if (callable.controlled > 1) {
      if (!args) throw Error(ErrorCode::InvalidArgument, "a controlled call's argument tuple is NULL");
      call_args = flatten_controls(ctx, args, callable.controlled);
    }
    capture = callable.capture;
    return true;
  });
  if (ready) entry(capture, call_args, result);
}

QirCallable* __quantum__rt__callable_copy(QirCallable* handle, bool force_copy) {
  return guarded(__func__, static_cast<QirCallable*>(nullptr), [&]() -> QirCallable* {
    if (!handle) return nullptr;
    ThreadContext& ctx = qrt::context::this_thread();
    QirCallable& callable = at(ctx, handle);
    if (callable.aliases == 0 && !force_copy) {
      ++callable.references;
      return handle;
    }
    if (callable.memory[0]) callable.memory[0](callable.capture, 1);  // the copy shares the capture
    return add(ctx, callable);
  });
}

void __quantum__rt__callable_make_adjoint(QirCallable* handle) {
  guarded(__func__, [&] {
    QirCallable& callable = at(qrt::context::this_thread(), handle);
    callable.adjoint = !callable.adjoint;
  });
}

void __quantum__rt__callable_make_controlled(QirCallable* handle) {
  guarded(__func__, [&] { ++at(qrt::context::this_thread(), handle).controlled; });
}

void __quantum__rt__callable_update_reference_count(QirCallable* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    ThreadContext& ctx = qrt::context::this_thread();
    QirCallable& callable = at(ctx, handle);
    callable.references += delta;
    if (callable.references < 0) throw Error(ErrorCode::FailedPrecondition, "callable reference count went below zero");
    if (callable.references == 0) ctx.objects.callables.erase(handle);
  });
}

void __quantum__rt__callable_update_alias_count(QirCallable* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    QirCallable& callable = at(qrt::context::this_thread(), handle);
    callable.aliases += delta;
    if (callable.aliases < 0) throw Error(ErrorCode::FailedPrecondition, "callable alias count went below zero");
  });
}

void __quantum__rt__capture_update_reference_count(QirCallable* handle, int32_t delta) {
  QirCaptureCounter counter = nullptr;
  void* capture = nullptr;
  bool ready = guarded(__func__, false, [&] {
    if (!handle) return false;
    QirCallable& callable = at(qrt::context::this_thread(), handle);
    counter = callable.memory[0];
    capture = callable.capture;
    return counter != nullptr;
  });
  if (ready) counter(capture, delta);
}

void __quantum__rt__capture_update_alias_count(QirCallable* handle, int32_t delta) {
  QirCaptureCounter counter = nullptr;
  void* capture = nullptr;
  bool ready = guarded(__func__, false, [&] {
    if (!handle) return false;
    QirCallable& callable = at(qrt::context::this_thread(), handle);
    counter = callable.memory[1];
    capture = callable.capture;
    return counter != nullptr;
  });
  if (ready) counter(capture, delta);
}

}  // extern "C"
